import fs from "node:fs";
import path from "node:path";
import { withEndpointTable } from "../src/site-server/endpoints";

// npm run site:docs — writes the published sites' endpoint table into docs/architecture.md.
const file = path.resolve(import.meta.dirname, "../docs/architecture.md");
fs.writeFileSync(file, withEndpointTable(fs.readFileSync(file, "utf8")));
console.log(`wrote the endpoint table in ${path.relative(process.cwd(), file)}`);
