import fs from "node:fs";
import path from "node:path";
import { renderRoleDocs } from "../src/rpc/role-table";

// npm run roles:docs — writes docs/roles.md from the methods' declared roles.
const file = path.resolve(import.meta.dirname, "../docs/roles.md");
fs.writeFileSync(file, renderRoleDocs());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
