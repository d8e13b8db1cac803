// Loaded with `node --import` in a child server: appends every ES module URL the process resolves to the file named
// by RECORD_IMPORTS_FILE, so a test can tell which packages a process loaded (e.g. a sites-only process: no Next.js).
import { register } from "node:module";

if (process.env.RECORD_IMPORTS_FILE) {
  register("./record-imports-hooks.mjs", import.meta.url, { data: { file: process.env.RECORD_IMPORTS_FILE } });
}
