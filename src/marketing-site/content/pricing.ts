import { formatNumber } from "@/lib/number-format";
import type { Plan } from "@/lib/plans";

/** "Up to 100 subscribers", "Unlimited subscribers", "500 AI chatbot messages a day": the plan's limits in words. */
export function planLimitLines(plan: Plan): string[] {
  const { subscribers, aiMessagesPerDay } = plan.limits;
  return [
    subscribers === null ? "Unlimited email subscribers" : `Up to ${formatNumber(subscribers)} email subscribers`,
    ...(aiMessagesPerDay > 0 ? [`${formatNumber(aiMessagesPerDay)} AI chatbot messages a day`] : []),
  ];
}

/** The plans' limits as rows of the comparison table (the limits the cards name, side by side). */
export const LIMIT_ROWS: readonly { label: string; cell: (plan: Plan) => string }[] = [
  { label: "Email subscribers", cell: (plan) => (plan.limits.subscribers === null ? "Unlimited" : `Up to ${formatNumber(plan.limits.subscribers)}`) },
  { label: "AI chatbot messages", cell: (plan) => (plan.limits.aiMessagesPerDay > 0 ? `${formatNumber(plan.limits.aiMessagesPerDay)} a day` : "—") },
];

/** What a year on the yearly price saves against twelve monthly payments, in whole months. */
export function monthsFreeYearly(plan: Plan): number {
  return plan.monthlyUsd > 0 ? Math.round((plan.monthlyUsd * 12 - plan.yearlyUsd) / plan.monthlyUsd) : 0;
}

/** What every plan includes, Free too: the card lists it, so an owner sees the newer features are not behind Pro. */
export const INCLUDED_IN_EVERY_PLAN = [
  "Every site type",
  "Your own subdomain",
  "Search, RSS, feedback",
  "Built-in analytics, no cookies",
  "Roadmap votes and ideas",
  "What's-new widget for your app",
  "MCP server, llms.txt and agent tokens for AI assistants",
  "Private Notion pages through Connect Notion",
] as const;
