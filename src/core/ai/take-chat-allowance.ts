import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { aiChatUsage } from "@/db/schema";

/** Visitor chat messages a site may get answered per UTC day (a cost cap; per-visitor limits are in the site server). */
export const DAILY_CHAT_CAP = 500;

/** Counts one chat message for the site today; false once the day's cap is used up (the message is then refused). */
export async function takeChatAllowance(db: Db, siteId: string, cap = DAILY_CHAT_CAP, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const [row] = await db
    .insert(aiChatUsage)
    .values({ siteId, day, count: 1 })
    .onConflictDoUpdate({ target: [aiChatUsage.siteId, aiChatUsage.day], set: { count: sql`${aiChatUsage.count} + 1` } })
    .returning({ count: aiChatUsage.count });
  return (row?.count ?? 1) <= cap;
}
