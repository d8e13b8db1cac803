import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionConnections } from "@/db/schema";
import { connectionSummaryOf, type NotionConnectionSummary } from "./connection-summary";

/** The owner's Notion connections, oldest first, without their tokens. */
export async function listNotionConnections(db: Db, ownerId: string): Promise<NotionConnectionSummary[]> {
  const rows = await db.select().from(notionConnections).where(eq(notionConnections.ownerId, ownerId)).orderBy(asc(notionConnections.createdAt));
  return rows.map(connectionSummaryOf);
}
