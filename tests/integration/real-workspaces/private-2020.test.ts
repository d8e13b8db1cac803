import { PRIVATE_WORKSPACES } from "../../fixtures/real/corpus";
import { describePrivateWorkspace } from "./private-contract";

/**
 * The contract test over the 2020 recording of react-notion-x's test page (a workspace of its own: the 2022 recording
 * of the same page id is in the main one): inline databases in table, gallery, list and board views.
 */
describePrivateWorkspace(PRIVATE_WORKSPACES.find((w) => w.name === "notion2site-2020")!);
