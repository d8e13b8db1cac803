import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planTableMarkdown, withPlanTable } from "@/lib/plan-table";
import { FEATURE_LABELS, PLANS } from "@/lib/plans";

const README = path.resolve(import.meta.dirname, "../../../README.md");

describe("the README's plan table", () => {
  it("is the one src/lib/plans.ts defines (run `npm run plans:docs` after changing the plans)", () => {
    const readme = fs.readFileSync(README, "utf8");
    expect(withPlanTable(readme)).toBe(readme);
  });

  it("names every plan's price, paid features and limits", () => {
    const table = planTableMarkdown();
    expect(table).toContain(`| ${PLANS.free.name} | $0 |`);
    expect(table).toContain("up to 100 subscribers, no AI messages");
    expect(table).toContain(`| ${PLANS.pro.name} | $12 / month or $120 / year per site |`);
    expect(table).toContain("unlimited subscribers, 500 AI messages a day");
    for (const f of PLANS.pro.features) expect(table).toContain(FEATURE_LABELS[f]);
  });
});
