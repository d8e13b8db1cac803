import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

export type RetrievedPassage = { pageId: string; pageTitle: string; heading: string; text: string; rank: number };

/** Question words that carry no topic. Postgres drops English stop words itself; these are the ones it keeps. */
const FILLER = new Set(["how", "what", "when", "where", "why", "which", "who", "can", "could", "would", "should", "does", "do", "please", "tell", "explain", "need", "want", "use", "using"]);

/**
 * The words of a question as an OR query of prefixes ("How do I send custom events?" → "send:* | custom:* | events:*"):
 * a question rarely repeats a page's words exactly, so any word may match and ranking decides. Null when no word is left.
 */
export function toQuestionQuery(question: string): string | null {
  const words = (question.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !FILLER.has(w));
  const unique = [...new Set(words)].slice(0, 16);
  return unique.length ? unique.map((w) => `${w}:*`).join(" | ") : null;
}

/**
 * The passages of a site that best match a question (Postgres full text, cover-density rank; title and heading
 * matches weigh more). The caller keeps only pages the site publishes.
 */
export async function retrievePassages(db: Db, siteId: string, question: string, limit = 6): Promise<RetrievedPassage[]> {
  const query = toQuestionQuery(question);
  if (!query) return [];
  const result = await db.execute(sql`
    select page_id as "pageId", page_title as "pageTitle", heading, text,
           ts_rank_cd(tsv, to_tsquery('english', ${query})) as rank
    from site_passages
    where site_id = ${siteId} and tsv @@ to_tsquery('english', ${query})
    order by rank desc, page_title, ordinal
    limit ${limit}`);
  return ((result as unknown as { rows: RetrievedPassage[] }).rows ?? []).map((r) => ({ ...r, rank: Number(r.rank) }));
}
