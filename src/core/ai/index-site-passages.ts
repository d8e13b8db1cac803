import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sitePassages } from "@/db/schema";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { blockOf, pageTitle } from "@/notion/record-map";
import { splitPassages } from "./split-passages";

/** Rebuilds a site's passages from its snapshot in one transaction (readers see the old set or the new one). */
export async function indexSitePassages(db: Db, siteId: string, pages: Map<string, SnapshotPage>): Promise<number> {
  const rows = [...pages.values()].flatMap((p) => {
    const title = pageTitle(blockOf(p.recordMap, p.pageId));
    return splitPassages(p.recordMap, p.pageId).map((passage, ordinal) => ({ siteId, pageId: p.pageId, ordinal, pageTitle: title, ...passage }));
  });
  await db.transaction(async (tx) => {
    await tx.delete(sitePassages).where(eq(sitePassages.siteId, siteId));
    for (const r of rows) {
      await tx.insert(sitePassages).values({
        ...r,
        tsv: sql`setweight(to_tsvector('english', ${r.pageTitle}), 'A') || setweight(to_tsvector('english', ${r.heading}), 'B') || setweight(to_tsvector('english', ${r.text}), 'C')`,
      });
    }
  });
  return rows.length;
}

/**
 * Indexes a site whose snapshot predates its passages (sites published before the AI tables existed): passages
 * otherwise follow each snapshot change, so this runs once per such site. One indexed lookup when there is nothing to do.
 */
export async function ensureSitePassages(db: Db, siteId: string, pages: () => Map<string, SnapshotPage> | undefined): Promise<void> {
  const [any] = await db.select({ pageId: sitePassages.pageId }).from(sitePassages).where(eq(sitePassages.siteId, siteId)).limit(1);
  if (any) return;
  const current = pages();
  if (current?.size) await indexSitePassages(db, siteId, current);
}
