import { formatNumber } from "./number-format";
import { FEATURE_LABELS, PLANS, PLAN_ORDER } from "./plans";

/**
 * The plan table of docs/billing.md, written from the plans the code enforces (src/lib/plans.ts): `npm run plans:docs`
 * rewrites it between the markers, and a unit test fails when the page's copy is stale.
 */

const START = "<!-- plan-table:start (npm run plans:docs) -->";
const END = "<!-- plan-table:end -->";

const price = (monthly: number, yearly: number) => (monthly === 0 ? "$0" : `$${formatNumber(monthly)} / month or $${formatNumber(yearly)} / year per site`);

export function planTableMarkdown(): string {
  const rows = PLAN_ORDER.map((id) => {
    const plan = PLANS[id];
    const features = plan.features.length ? plan.features.map((f) => FEATURE_LABELS[f]).join(", ") : "—";
    const { subscribers, aiMessagesPerDay } = plan.limits;
    const limits = [
      subscribers === null ? "unlimited subscribers" : `up to ${formatNumber(subscribers)} subscribers`,
      aiMessagesPerDay > 0 ? `${formatNumber(aiMessagesPerDay)} AI messages a day` : "no AI messages",
    ].join(", ");
    return `| ${plan.name} | ${price(plan.monthlyUsd, plan.yearlyUsd)} | ${plan.summary} | ${features} | ${limits} |`;
  });
  return ["| plan | price | in short | paid features | limits |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** The document with its plan table (between the markers) rewritten from src/lib/plans.ts. */
export function withPlanTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`The document has no plan table markers (${START} … ${END})`);
  return `${readme.slice(0, start + START.length)}\n${planTableMarkdown()}\n${readme.slice(end)}`;
}
