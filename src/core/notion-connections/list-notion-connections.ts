import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionConnections, sites } from "@/db/schema";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { connectionSummaryOf, type NotionConnectionSummary } from "./connection-summary";

export type ListedNotionConnection = NotionConnectionSummary & {
  /** The owner's sites read through it (what a Disconnect would leave on their last good pages). */
  sites: { siteId: string; name: string }[];
};

/** The owner's Notion connections, oldest first, without their tokens, each with the sites that use it. */
export async function listNotionConnections(db: Db, ownerId: string): Promise<ListedNotionConnection[]> {
  const [rows, connectedSites] = await Promise.all([
    db.select().from(notionConnections).where(eq(notionConnections.ownerId, ownerId)).orderBy(asc(notionConnections.createdAt)),
    db
      .select({ id: sites.id, subdomain: sites.subdomain, settings: sites.settings, connectionId: sites.notionConnectionId })
      .from(sites)
      .where(and(eq(sites.ownerId, ownerId), isNotNull(sites.notionConnectionId)))
      .orderBy(asc(sites.createdAt)),
  ]);
  return rows.map((row) => ({
    ...connectionSummaryOf(row),
    sites: connectedSites.filter((s) => s.connectionId === row.id).map((s) => ({ siteId: s.id, name: parseSiteSettings(s.settings).name || s.subdomain })),
  }));
}
