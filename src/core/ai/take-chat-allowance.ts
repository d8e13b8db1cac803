import type { Db } from "@/db/client";
import { takeUsage } from "@/core/usage/take-usage";

/**
 * Counts one visitor chat message for the site today (in the database, shared by every process); false once the
 * day's cap — the site plan's aiMessagesPerDay (featuresOf) — is used up (the message is then refused). A cost cap;
 * per-visitor limits are in the site server.
 */
export function takeChatAllowance(db: Db, siteId: string, perDay: number, now = new Date()): Promise<boolean> {
  return takeUsage(db, "chat-day", siteId, perDay, "day", now);
}
