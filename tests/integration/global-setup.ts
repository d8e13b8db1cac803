import { ensureBuild } from "../../scripts/build-state";

/**
 * The production build, checked (and made when the sources changed) once before any file runs: files run two at a
 * time, and two workers each finding the build stale would both rebuild the same directory.
 */
export default function setup() {
  ensureBuild({ quiet: false });
}
