/**
 * Answers as units that can each be checked against a source: prose is cut into sentences (the runtime's own
 * sentence segmenter, which also ends a unit at each line, so list items stand alone) and a fenced code block is one
 * unit. Words are compared by their first five letters ("tracked" and "track", "events" and "event" meet), numbers
 * exactly, and words that carry no topic are left out, so what is checked is what the sentence claims.
 */

export type AnswerUnit = { text: string; code: boolean };

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
const FENCE = /```[^\n]*\n[\s\S]*?\n?```/g;

/** Prose sentences and fenced code blocks, in order; a citation that opens a sentence ("[1] Next…") goes back to the one before. */
export function splitAnswer(text: string): AnswerUnit[] {
  const units: AnswerUnit[] = [];
  let last = 0;
  const prose = (part: string) => {
    for (const { segment } of segmenter.segment(part)) {
      const lead = /^\s*((?:\[\d{1,2}\]\s*)*\[\d{1,2}\])(\s*)/.exec(segment);
      const previous = units.at(-1);
      if (lead && previous && !previous.code) {
        previous.text = `${previous.text.trimEnd()} ${lead[1]}${lead[2]}`;
        const rest = segment.slice(lead[0].length);
        if (rest.trim()) units.push({ text: rest, code: false });
      } else if (segment.trim()) units.push({ text: segment, code: false });
      else if (previous) previous.text += segment;
    }
  };
  for (const m of text.matchAll(FENCE)) {
    prose(text.slice(last, m.index));
    units.push({ text: m[0], code: true });
    last = m.index + m[0].length;
  }
  prose(text.slice(last));
  return units;
}

/** English words that carry no topic (Postgres's English stop words and the usual answer glue). */
const STOP = new Set(
  ("a about above after again all also am an and any are as at be because been before being below between both but by can could did do does doing don down during each else few for from further had has have having he her here hers him his how i if in into is it its itself just let me more most my no nor not now of off on once only or other our ours out over own same she should so some such than that the their theirs them then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yes sure here's it's that's there's you'll you're can't don't doesn't isn't won't via e.g etc like one ones use used using need needs see way ways get gets thing things page pages site change add make set find show put").split(
    " ",
  ),
);

/** The topic words of a text, each cut to its first five letters; numbers whole. */
export function topicTerms(text: string): string[] {
  const words = text.normalize("NFKC").toLowerCase().replace(/\[\d{1,2}\]/g, " ").match(/\p{N}+(?:[.,]\p{N}+)*|[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu) ?? [];
  return words.filter((w) => !STOP.has(w) && (w.length > 2 || /\d/.test(w))).map((w) => (/\d/.test(w) ? w : w.slice(0, 5)));
}

/** The bracketed source numbers in a unit of an answer. */
export const citationsOf = (text: string): number[] => [...text.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1]));

/**
 * How much of a unit a source's text carries: the share of its topic terms found there (0 when a number it states is
 * not there: a number is a claim of its own). A code block must appear in the source as it is, spacing aside.
 */
export function supportIn(unit: AnswerUnit, source: { terms: Set<string>; squashed: string }): number {
  if (unit.code) {
    const body = unit.text.trim().replace(/^```[^\n]*\n|```$/g, "").replace(/\s+/g, "");
    return body && source.squashed.includes(body) ? 1 : 0;
  }
  const terms = topicTerms(unit.text);
  if (!terms.length) return 0;
  if (terms.some((t) => /\d/.test(t) && !source.terms.has(t))) return 0;
  return terms.filter((t) => source.terms.has(t)).length / terms.length;
}

/** A source's text prepared for supportIn. */
export const sourceIndex = (text: string) => ({ terms: new Set(topicTerms(text)), squashed: text.replace(/```[^\n]*\n?/g, "").replace(/\s+/g, "") });

/** A unit with its citations replaced by [n], placed before the closing punctuation of a sentence or after a code block. */
export function withCitation(unit: AnswerUnit, n: number): string {
  const bare = unit.text.replace(/\s*\[\d{1,2}\]/g, "");
  if (unit.code) return `${bare.trimEnd()}\n[${n}]${/\n$/.test(unit.text) ? "\n" : ""}`;
  const m = /^([\s\S]*?)([.!?:;…]*)(\s*)$/.exec(bare)!;
  return `${m[1]} [${n}]${m[2]}${m[3]}`;
}
