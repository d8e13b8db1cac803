import fs from "node:fs";
import path from "node:path";
import { renderRpcDocs } from "../src/rpc/docs";

// npm run rpc:docs — writes docs/rpc.md from the method tables.
const file = path.resolve(import.meta.dirname, "../docs/rpc.md");
fs.writeFileSync(file, renderRpcDocs());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
