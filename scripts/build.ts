import { ensureBuild } from "./build-state";

ensureBuild();
