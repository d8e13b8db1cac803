import { splitAnswer, topicTerms, withCitation, type AnswerUnit } from "./answer-sentences";
import type { RetrievedPassage } from "./retrieve-passages";
import type { Source } from "./answer-visitor-question";

/** How much an answer without a model says: a few sentences, at most one code block, from the best two pages. */
const MAX_SENTENCES = 3;
const MAX_PAGES = 2;
const MAX_SENTENCE_CHARS = 400;

type Candidate = { unit: AnswerUnit; source: Source; passage: number; order: number; score: number };

/** How many of the question's topic terms a unit carries (headings count for the unit that follows them). */
function overlap(asked: Set<string>, text: string): number {
  return new Set(topicTerms(text).filter((t) => asked.has(t))).size;
}

/**
 * The answer without a model: the sentences of the best passages that share the most with the question, in the
 * order they stand in their page, each followed by its source's number; a code block right after a chosen sentence
 * comes along as it is (it is usually what the sentence introduces), and the best page always gives at least its
 * first block (its code, for a page that is mostly code). Then the pages to read.
 */
export function extractiveAnswer(question: string, passages: RetrievedPassage[], sources: Source[], urlOf: (pageId: string) => string | null): string {
  const asked = new Set(topicTerms(question));
  const byUrl = new Map(sources.map((s) => [s.url, s]));
  const candidates: Candidate[] = [];
  const pages: number[] = [];
  passages.forEach((p, passage) => {
    const source = byUrl.get(urlOf(p.pageId) ?? "");
    if (!source) return;
    if (!pages.includes(source.n)) {
      if (pages.length >= MAX_PAGES) return;
      pages.push(source.n);
    }
    const context = overlap(asked, `${p.pageTitle} ${p.heading}`) * 0.5;
    splitAnswer(p.text).forEach((unit, order) => {
      if (!unit.code && unit.text.length > MAX_SENTENCE_CHARS) return;
      // The page and heading lend weight to a sentence that shares a word with the question itself, never to one that doesn't.
      const own = unit.code ? 0 : overlap(asked, unit.text);
      candidates.push({ unit, source, passage, order, score: own ? own + context - passage * 0.1 : 0 });
    });
  });
  const chosen = candidates.filter((c) => !c.unit.code && c.score > 0).sort((a, b) => b.score - a.score).slice(0, MAX_SENTENCES);
  // The best page always speaks: when none of its sentences was chosen (a page that is mostly code), its first block does.
  const best = candidates.filter((c) => c.source.n === pages[0] && c.unit.text.length <= MAX_SENTENCE_CHARS * 3);
  const lead = chosen.some((c) => c.source.n === pages[0]) ? undefined : (best.find((c) => c.unit.code) ?? best[0]);
  // A code block that directly follows a chosen sentence shows what it says (the first such, to stay short).
  const code = candidates.find((c) => c.unit.code && c !== lead && chosen.some((x) => x.passage === c.passage && x.order === c.order - 1));
  const picked = [...chosen, ...(lead ? [lead] : []), ...(code ? [code] : [])].sort((a, b) => a.passage - b.passage || a.order - b.order);
  if (!picked.length) return "";
  const lines = picked.map((c) => {
    const text = withCitation({ code: c.unit.code, text: c.unit.text.trim().replace(/^- /, "") }, c.source.n);
    return c === lead && c.unit.code ? `From “${c.source.title}”:\n${text}` : text;
  });
  const read = sources.filter((s) => pages.includes(s.n) || sources.indexOf(s) < 3);
  return [...lines, "", `Read more: ${read.map((s) => `“${s.title}” [${s.n}]`).join(", ")}.`].join("\n");
}
