import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { searchMisses } from "@/db/schema";
import { queryTerms } from "@/lib/search-tokens";
import { escapeHtml } from "@/lib/escape-html";

export const searchQuery = z.string().trim().max(200);

export type SearchHit = { pageId: string; title: string; snippet: string };

const OPEN = "\u0001";
const CLOSE = "\u0002";

/** The words of a query as a prefix tsquery ("instal scri" → "instal:* & scri:*"); null when no word is left. */
export function toPrefixQuery(query: string): string | null {
  const words = queryTerms(query).filter((t) => !t.cjk);
  return words.length ? words.map((w) => `${w.term}:*`).join(" & ") : null;
}

/** A query's Chinese, Japanese and Korean character pairs, all required ("配置中" → "配置:* & 置中:*"); null without any. */
export function toPairsQuery(query: string): string | null {
  const pairs = queryTerms(query).filter((t) => t.cjk);
  return pairs.length ? pairs.map((p) => `${p.term}:*`).join(" & ") : null;
}

/** Words under the English configuration and pairs under `simple`, as the index holds them (index-site-pages.ts). */
function tsQueryOf(query: string) {
  const words = toPrefixQuery(query);
  const pairs = toPairsQuery(query);
  if (!words && !pairs) return null;
  if (!pairs) return sql`to_tsquery('english', ${words})`;
  if (!words) return sql`to_tsquery('simple', ${pairs})`;
  return sql`(to_tsquery('english', ${words}) && to_tsquery('simple', ${pairs}))`;
}

/** ts_headline's markers become <mark>; everything else is escaped, so page text can never inject markup. */
function safeSnippet(raw: string): string {
  return escapeHtml(raw)
    .replaceAll(OPEN, "<mark>")
    .replaceAll(CLOSE, "</mark>")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Full-text search over a site's pages (titles and headings weigh more, prefix matching as you type), with
 * highlighted snippets.
 */
export async function searchSite(db: Db, siteId: string, rawQuery: string, limit = 10): Promise<SearchHit[]> {
  const query = searchQuery.parse(rawQuery);
  const tsquery = tsQueryOf(query);
  if (!tsquery) return [];
  const options = `StartSel=${OPEN}, StopSel=${CLOSE}, MaxWords=28, MinWords=8, MaxFragments=1, FragmentDelimiter=" … "`;
  const result = await db.execute(sql`
    select page_id as "pageId", title,
           ts_headline('english', concat_ws(' · ', nullif(headings, ''), nullif(body, ''), title), ${tsquery}, ${options}) as snippet
    from search_documents
    where site_id = ${siteId} and tsv @@ ${tsquery}
    order by ts_rank(tsv, ${tsquery}) desc, title
    limit ${limit}`);
  const rows = ((result as unknown as { rows: { pageId: string; title: string; snippet: string }[] }).rows ?? []).map((r) => ({ ...r, snippet: safeSnippet(r.snippet) }));
  return rows;
}

/** A search a visitor submitted that found nothing, for the owner's Feedback screen ("Searches that found nothing"). */
export async function recordSearchMiss(db: Db, siteId: string, rawQuery: string): Promise<void> {
  const query = searchQuery.parse(rawQuery);
  if (query.length < 2) return;
  await db
    .insert(searchMisses)
    .values({ siteId, query: query.toLowerCase() })
    .onConflictDoUpdate({ target: [searchMisses.siteId, searchMisses.query], set: { count: sql`${searchMisses.count} + 1`, lastSeenAt: sql`now()` } });
}
