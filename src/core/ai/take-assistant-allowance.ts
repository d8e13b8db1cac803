import { AppError } from "@/lib/errors";
import type { BillingDeps } from "@/core/billing/site-plan";
import { featuresOf } from "@/core/billing/features-of";
import { takeUsage } from "@/core/usage/take-usage";
import { CHAT_LIMIT_MESSAGES } from "./chat-limit-messages";
import { PLANS, PLAN_ORDER } from "@/lib/plans";

/** Messages an owner may send their sites' assistants per minute (all sites together). */
export const ASSISTANT_MESSAGES_PER_MINUTE = 10;

/** Same wording as the visitor chat's limits, said to the owner. */
export const ASSISTANT_LIMIT_MESSAGES = { tooQuickly: CHAT_LIMIT_MESSAGES.visitor, daily: CHAT_LIMIT_MESSAGES.daily } as const;

/** The cheapest plan with AI messages. */
const aiPlan = PLANS[PLAN_ORDER.find((p) => PLANS[p].limits.aiMessagesPerDay > 0) ?? "pro"];

export const ASSISTANT_NEEDS_PLAN_MESSAGE = `The AI assistant needs the ${aiPlan.name} plan. Upgrade this site to use it.`;

/**
 * Meters one message to the owner's assistant of a site, in the database so every process
 * and restart agrees: the site's plan must allow AI messages (PAYMENT_REQUIRED), the owner may send
 * ASSISTANT_MESSAGES_PER_MINUTE a minute, and the site gets its plan's aiMessagesPerDay a UTC day (RATE_LIMITED).
 * The plan's answer is featuresOf's (with billing off: the most any plan allows).
 */
export async function takeAssistantAllowance(deps: BillingDeps, ownerId: string, siteId: string, now = new Date()): Promise<void> {
  const perDay = (await featuresOf(deps, siteId, now)).limits.aiMessagesPerDay;
  if (perDay <= 0) throw new AppError("PAYMENT_REQUIRED", ASSISTANT_NEEDS_PLAN_MESSAGE);
  if (!(await takeUsage(deps.db, "assistant-minute", ownerId, ASSISTANT_MESSAGES_PER_MINUTE, "minute", now))) {
    throw new AppError("RATE_LIMITED", ASSISTANT_LIMIT_MESSAGES.tooQuickly);
  }
  if (!(await takeUsage(deps.db, "assistant-day", siteId, perDay, "day", now))) throw new AppError("RATE_LIMITED", ASSISTANT_LIMIT_MESSAGES.daily);
}
