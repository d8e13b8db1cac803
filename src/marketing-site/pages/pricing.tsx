import type { PageMeta } from "../page-meta";
import { Icon } from "@/marketing-site/components/icon";
import { CONTAINER, FaqAccordion } from "@/marketing-site/components/sections";
import { formatPrice } from "@/lib/currency";
import { FEATURE_LABELS, PAID_FEATURES, PLAN_ORDER, PLANS } from "@/lib/plans";
import { signupHref } from "@/lib/signup-link";
import { INCLUDED_IN_EVERY_PLAN, LIMIT_ROWS, monthsFreeYearly, planLimitLines } from "../content/pricing";

export const meta: PageMeta = {
  title: "Pricing",
  description: "Free for every site type on your own subdomain. Pro adds your domain, password protection, the AI chatbot, the widget and subscriber emails.",
  path: "/pricing",
};

const CURRENCY = "USD";

/** The pricing page: the plan table of src/lib/plans.ts, prices with the currency helper of docs/product.md §9. */
export function PricingPage() {
  return (
    <div className="bg-gradient-to-b from-[#eef2ff] to-white">
      <div className={`${CONTAINER} py-16 sm:py-24`}>
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-neutral-900 sm:text-5xl">Simple pricing, per site</h1>
          <p className="mt-4 text-lg text-neutral-700">
            Every site starts free. Upgrade the sites that need your own domain or the extras; the others stay free. Prices in US dollars.
          </p>
        </div>

        <ul className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
          {PLAN_ORDER.map((id) => {
            const plan = PLANS[id];
            const paid = plan.monthlyUsd > 0;
            const months = monthsFreeYearly(plan);
            return (
              <li key={id} data-testid={`plan-${id}`} className={`flex flex-col rounded-2xl border bg-white p-6 sm:p-8 ${paid ? "border-[#2255dd] shadow-xl shadow-[#2255dd]/10" : "border-neutral-200"}`}>
                <h2 className="text-xl font-semibold text-neutral-900">{plan.name}</h2>
                <p className="mt-2 text-neutral-700">{plan.summary}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-neutral-900" data-testid={`price-${id}`}>
                    {formatPrice(plan.monthlyUsd, CURRENCY, "en-US", { wholeAsWhole: true })}
                  </span>
                  <span className="text-neutral-700">per site / month</span>
                </p>
                <p className="mt-1 text-sm text-neutral-700">
                  {paid ? `or ${formatPrice(plan.yearlyUsd, CURRENCY, "en-US", { wholeAsWhole: true })} a year${months > 0 ? ` (${months} months free)` : ""}` : "Free for as long as you like"}
                </p>
                <a
                  href={signupHref(`pricing-${id}`)}
                  className={`mt-6 rounded-md px-4 py-2.5 text-center font-medium ${paid ? "bg-[#2255dd] text-white hover:bg-[#1a44b8]" : "border border-neutral-300 text-neutral-900 hover:bg-neutral-50"}`}
                >
                  {paid ? `Start with ${plan.name}` : "Create a free site"}
                </a>
                <ul className="mt-8 space-y-3 text-neutral-800">
                  {[...(paid ? PAID_FEATURES.filter((f) => plan.features.includes(f)).map((f) => FEATURE_LABELS[f]) : INCLUDED_IN_EVERY_PLAN), ...planLimitLines(plan)].map((line) => (
                    <li key={line} className="flex gap-2">
                      <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-[#1a44b8]" />
                      {line}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>

        <div className="mx-auto mt-16 max-w-4xl overflow-x-auto">
          <table className="w-full min-w-[28rem] border-collapse text-left">
            <caption className="mb-4 text-left text-xl font-semibold text-neutral-900">Compare plans</caption>
            <thead>
              <tr className="border-b border-neutral-300">
                <th scope="col" className="py-3 pr-4 font-semibold">
                  Feature
                </th>
                {PLAN_ORDER.map((id) => (
                  <th key={id} scope="col" className="px-4 py-3 text-center font-semibold">
                    {PLANS[id].name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LIMIT_ROWS.map((row) => (
                <tr key={row.label} className="border-b border-neutral-200">
                  <th scope="row" className="py-3 pr-4 font-normal text-neutral-800">
                    {row.label}
                  </th>
                  {PLAN_ORDER.map((id) => (
                    <td key={id} className="px-4 py-3 text-center text-neutral-800">
                      {row.cell(PLANS[id])}
                    </td>
                  ))}
                </tr>
              ))}
              {PAID_FEATURES.map((feature) => (
                <tr key={feature} className="border-b border-neutral-200">
                  <th scope="row" className="py-3 pr-4 font-normal text-neutral-800">
                    {FEATURE_LABELS[feature]}
                  </th>
                  {PLAN_ORDER.map((id) => (
                    <td key={id} className="px-4 py-3 text-center">
                      {PLANS[id].features.includes(feature) ? <span className="font-semibold text-[#1a44b8]">Included</span> : <span className="text-neutral-600">—</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="mx-auto mt-16 max-w-3xl">
          <h2 className="text-2xl font-bold tracking-tight text-neutral-900">Pricing questions</h2>
          <div className="mt-6">
            <FaqAccordion
              name="pricing-faq"
              items={[
                { heading: "Is the plan per account or per site?", content: "Per site. Each site has its own plan, so a side project can stay free while your docs run on Pro." },
                { heading: "I host it myself. Do I pay?", content: "No. Without payment keys, billing is off and every site has every feature." },
              ]}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
