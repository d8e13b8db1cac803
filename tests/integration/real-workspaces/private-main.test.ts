import { PRIVATE_WORKSPACES } from "../../fixtures/real/corpus";
import { describePrivateWorkspace } from "./private-contract";

/** The contract test over the main private-API corpus (tests/fixtures/real/private): docs/real-recordings.md. */
describePrivateWorkspace(PRIVATE_WORKSPACES.find((w) => w.name === "main")!);
