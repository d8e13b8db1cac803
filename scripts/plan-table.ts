import fs from "node:fs";
import path from "node:path";
import { withPlanTable } from "../src/lib/plan-table";

// npm run plans:docs — writes the plan table of src/lib/plans.ts into docs/billing.md.
const file = path.resolve(import.meta.dirname, "../docs/billing.md");
fs.writeFileSync(file, withPlanTable(fs.readFileSync(file, "utf8")));
console.log(`wrote the plan table in ${path.relative(process.cwd(), file)}`);
