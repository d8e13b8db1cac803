import fs from "node:fs";
import path from "node:path";
import { renderApiKeyDocs } from "../src/rpc/curl-docs";

// npm run api-keys:docs — writes docs/api-keys.md (a curl for every method) from the method tables.
const file = path.resolve(import.meta.dirname, "../docs/api-keys.md");
fs.writeFileSync(file, renderApiKeyDocs());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
