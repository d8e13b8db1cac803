import { eq, sql } from "drizzle-orm";
import type { Block, ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import type { Db } from "@/db/client";
import { searchDocuments } from "@/db/schema";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { blockOf, pageTitle } from "@/notion/record-map";
import { cjkPairsOf, foldForSearch } from "@/lib/search-tokens";

const MAX_BODY = 100_000;

/** A page's text: headings apart (weighted higher), the rest as body; sub-pages are their own documents. */
export function pageText(recordMap: ExtendedRecordMap, pageId: string): { title: string; headings: string; body: string } {
  const headings: string[] = [];
  const body: string[] = [];
  const visit = (ids: string[]) => {
    for (const id of ids) {
      const b = blockOf(recordMap, id) as Block | undefined;
      if (!b || b.type === "page" || b.type === "collection_view_page") continue;
      const text = getTextContent(((b.properties as { title?: unknown } | undefined)?.title ?? []) as never).trim();
      if (text) (b.type === "header" || b.type === "sub_header" || b.type === "sub_sub_header" ? headings : body).push(text);
      visit((b.content as string[] | undefined) ?? []);
    }
  };
  visit((blockOf(recordMap, pageId)?.content as string[] | undefined) ?? []);
  return { title: pageTitle(blockOf(recordMap, pageId)), headings: headings.join("\n"), body: body.join("\n").slice(0, MAX_BODY) };
}

const squash = (text: string) => text.replace(/(?<=[\p{L}\p{N}])[.\-_'’](?=[\p{L}\p{N}])/gu, "");

/**
 * One text's lexemes at a weight: its words (English stemming; Arabic without diacritics), and for Chinese, Japanese
 * and Korean its character pairs under the `simple` configuration (src/lib/search-tokens.ts).
 */
const weighted = (text: string, weight: "A" | "B" | "C", withSquashed: boolean) => {
  const folded = foldForSearch(text);
  const words = withSquashed ? sql`to_tsvector('english', ${folded}) || to_tsvector('english', ${squash(folded)})` : sql`to_tsvector('english', ${folded})`;
  return sql`setweight(${words} || to_tsvector('simple', ${cjkPairsOf(text)}), ${weight})`;
};

/** Rebuilds a site's search documents from its snapshot, in one transaction (readers see old or new). */
export async function indexSitePages(db: Db, siteId: string, pages: Map<string, SnapshotPage>): Promise<number> {
  const docs = [...pages.values()].map((p) => ({ pageId: p.pageId, ...pageText(p.recordMap, p.pageId) }));
  await db.transaction(async (tx) => {
    await tx.delete(searchDocuments).where(eq(searchDocuments.siteId, siteId));
    for (const d of docs) {
      await tx.insert(searchDocuments).values({
        siteId,
        pageId: d.pageId,
        title: d.title,
        headings: d.headings,
        body: d.body,
        // Each text also with punctuation inside words removed, so "nextj" finds "Next.js" and "oauth" finds "O-Auth".
        tsv: sql`${weighted(d.title, "A", true)} || ${weighted(d.headings, "B", true)} || ${weighted(d.body, "C", false)}`,
      });
    }
  });
  return docs.length;
}
