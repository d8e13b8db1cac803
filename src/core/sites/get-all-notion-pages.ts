import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notionPages, sites } from "@/db/schema";
import { blockOf, pageTitle } from "@/notion/record-map";
import type { ExtendedRecordMap } from "notion-types";

/** docs/product.md §7 getAllNotionPages: every Notion page the owner's sites publish (from their snapshots), to pick from. */
export async function getAllNotionPages(db: Db, ownerId: string) {
  const rows = await db
    .select({ siteId: notionPages.siteId, pageId: notionPages.pageId, recordMap: notionPages.recordMap, parentPageId: notionPages.parentPageId })
    .from(notionPages)
    .innerJoin(sites, eq(sites.id, notionPages.siteId))
    .where(eq(sites.ownerId, ownerId));
  return rows.map((r) => ({
    siteId: r.siteId,
    pageId: r.pageId,
    parentPageId: r.parentPageId,
    title: pageTitle(blockOf(r.recordMap as ExtendedRecordMap, r.pageId)),
    url: `https://www.notion.so/${r.pageId.replace(/-/g, "")}`,
  }));
}
