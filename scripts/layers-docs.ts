import fs from "node:fs";
import path from "node:path";
import { withLayersDiagram } from "../lint/layers.mjs";

// npm run layers:docs — draws the lint rule's layer table into docs/architecture.md.
const file = path.resolve(import.meta.dirname, "../docs/architecture.md");
fs.writeFileSync(file, withLayersDiagram(fs.readFileSync(file, "utf8")));
console.log(`wrote the layers in ${path.relative(process.cwd(), file)}`);
