import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";

export type RetrievedPassage = { pageId: string; pageTitle: string; heading: string; text: string; rank: number };

/** Question words that carry no topic. Postgres drops English stop words itself; these are the ones it keeps. */
const FILLER = new Set(["how", "what", "when", "where", "why", "which", "who", "can", "could", "would", "should", "does", "do", "please", "tell", "explain", "need", "want", "use", "using"]);

/** The topic words of a question, lower-cased, at most 16. */
function questionWords(question: string): string[] {
  const words = (question.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !FILLER.has(w));
  return [...new Set(words)].slice(0, 16);
}

/**
 * The words of a question as an OR query of prefixes ("How do I send custom events?" → "send:* | custom:* | events:*"):
 * a question rarely repeats a page's words exactly, so any word may match and ranking decides. Null when no word is left.
 */
export function toQuestionQuery(question: string): string | null {
  const unique = questionWords(question);
  return unique.length ? unique.map((w) => `${w}:*`).join(" | ") : null;
}

/**
 * Share of a question's topic words a passage must contain to be cited at all. Any one word may match for ranking,
 * but a passage that shares one word of four ("site" in "How do I put the site on my own domain?") is about something
 * else: citing it sends the reader to an unrelated page.
 */
export const RELEVANCE_FLOOR = 0.5;

/**
 * The passages of a site that best match a question (Postgres full text, cover-density rank; title and heading
 * matches weigh more), keeping only those that contain at least RELEVANCE_FLOOR of the question's topic words (the
 * words Postgres does not drop as stop words). The caller keeps only pages the site publishes.
 */
export async function retrievePassages(db: Db, siteId: string, question: string, limit = 6): Promise<RetrievedPassage[]> {
  const query = toQuestionQuery(question);
  if (!query) return [];
  const words = questionWords(question);
  const matched = sql.join(words.map((w) => sql`(tsv @@ to_tsquery('english', ${`${w}:*`}))::int`), sql` + `);
  const terms = sql.join(words.map((w) => sql`(numnode(to_tsquery('english', ${`${w}:*`})) > 0)::int`), sql` + `);
  const result = await db.execute(sql`
    select "pageId", "pageTitle", heading, text, rank from (
      select page_id as "pageId", page_title as "pageTitle", heading, text, ordinal,
             ts_rank_cd(tsv, to_tsquery('english', ${query})) as rank, ${matched} as matched, ${terms} as terms
      from site_passages
      where site_id = ${siteId} and tsv @@ to_tsquery('english', ${query})
    ) found
    where matched >= greatest(1, ceil(terms * ${sql.raw(String(RELEVANCE_FLOOR))}))
    order by rank desc, "pageTitle", ordinal
    limit ${limit}`);
  return ((result as unknown as { rows: RetrievedPassage[] }).rows ?? []).map((r) => ({ ...r, rank: Number(r.rank) }));
}
