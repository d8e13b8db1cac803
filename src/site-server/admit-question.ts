import { CHAT_LIMIT_MESSAGES } from "@/core/ai/chat-limit-messages";
import { takeChatAllowance } from "@/core/ai/take-chat-allowance";
import { AppError } from "@/lib/errors";
import type { EndpointContext } from "./endpoints/context";
import type { PublishedSite } from "./site-lookup";

/** The site's plan includes AI answers (billing off: always). */
export const planAnswersQuestions = (site: PublishedSite) => site.features.has.aiChatbot && site.features.limits.aiMessagesPerDay > 0;

/**
 * The one gate and meter in front of every question answered from a site's content — the visitor chatbot, the MCP
 * `ask` tool and `<page>.md?ask=` (agents are metered exactly like the chatbot). In order: the plan and the owner's
 * assistant switch (agents get answers only where the owner turned the assistant on), the visitor's per-minute limit
 * and daily share, the site's per-minute limit, then the plan's daily cap per site (the `chat-day` counter all three
 * share). Throws the chatbot's own refusal (AppError) or counts one question.
 */
export async function admitQuestion(ctx: EndpointContext, site: PublishedSite, visitor: string): Promise<void> {
  if (!planAnswersQuestions(site) || !site.settings.ai.enabled) throw new AppError("PAYMENT_REQUIRED", CHAT_LIMIT_MESSAGES.off, { status: 404 });
  if (!(await ctx.take("chatVisitor", visitor))) throw new AppError("RATE_LIMITED", CHAT_LIMIT_MESSAGES.visitor);
  // One visitor can't spend the whole site's day (about 50 minutes at the per-minute limit).
  if (!(await ctx.take("chatVisitorDay", visitor))) throw new AppError("RATE_LIMITED", CHAT_LIMIT_MESSAGES.visitorDaily);
  if (!(await ctx.take("chatSite", site.id))) throw new AppError("RATE_LIMITED", CHAT_LIMIT_MESSAGES.site);
  if (!(await takeChatAllowance(ctx.runtime.db, site.id, site.features.limits.aiMessagesPerDay))) throw new AppError("RATE_LIMITED", CHAT_LIMIT_MESSAGES.daily);
}
