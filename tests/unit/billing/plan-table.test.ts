import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { planTableMarkdown, withPlanTable } from "@/lib/plan-table";
import { FEATURE_LABELS, PLANS } from "@/lib/plans";

const BILLING_DOC = path.resolve(import.meta.dirname, "../../../docs/billing.md");

describe("the plan table of docs/billing.md", () => {
  it("is the one src/lib/plans.ts defines (run `npm run plans:docs` after changing the plans)", () => {
    const doc = fs.readFileSync(BILLING_DOC, "utf8");
    expect(withPlanTable(doc)).toBe(doc);
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
