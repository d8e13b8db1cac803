import type { Db } from "@/db/client";
import { takeUsage } from "@/core/usage/take-usage";

/** Visitor chat messages a site may get answered per UTC day (a cost cap; per-visitor limits are in the site server). */
export const DAILY_CHAT_CAP = 500;

/** Counts one chat message for the site today (in the database, shared by every process); false once the day's cap is used up (the message is then refused). */
export function takeChatAllowance(db: Db, siteId: string, cap = DAILY_CHAT_CAP, now = new Date()): Promise<boolean> {
  return takeUsage(db, "chat-day", siteId, cap, "day", now);
}
