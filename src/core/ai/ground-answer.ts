import { citationsOf, withCitation, sourceIndex, splitAnswer, supportIn, topicTerms, type AnswerUnit } from "./answer-sentences";

/** Share of a sentence's topic words its source must carry for the sentence to count as backed by it. */
export const SUPPORT_FLOOR = 0.6;

export type GroundedUnit = { text: string; kept: boolean; source: number | null };

/**
 * Checks a model's answer against the passages it was given, unit by unit (sentences, list items, code blocks). A
 * unit stays when the source it cites carries it; when it cites none or the wrong one but another source carries it,
 * it stays with that source's number instead. Anything no source carries is dropped, and so is glue with no topic of
 * its own ("Sure!"), so every sentence shown is backed by a cited passage.
 */
export function createGrounder(sourceTexts: Map<number, string>) {
  const indexed = [...sourceTexts].map(([n, text]) => ({ n, ...sourceIndex(text) }));

  function ground(unit: AnswerUnit): GroundedUnit {
    if (!unit.code && !topicTerms(unit.text).length) return { text: unit.text, kept: false, source: null };
    const cited = citationsOf(unit.text);
    const scored = indexed.map((s) => ({ n: s.n, score: supportIn(unit, s), cited: cited.includes(s.n) })).filter((s) => s.score >= SUPPORT_FLOOR);
    const best = scored.find((s) => s.cited) ?? scored.sort((a, b) => b.score - a.score)[0];
    if (!best) return { text: unit.text, kept: false, source: null };
    return { text: best.cited ? unit.text : withCitation(unit, best.n), kept: true, source: best.n };
  }
  return { ground };
}


/**
 * Grounds an answer that arrives in pieces: each unit is checked once it is complete (the segmenter has begun the
 * next one, or the stream ended), and only kept units are passed on, so nothing unbacked is ever shown.
 */
export function createGroundedStream(sourceTexts: Map<number, string>, emit: (text: string) => void) {
  const { ground } = createGrounder(sourceTexts);
  const units: GroundedUnit[] = [];
  let pending = "";
  // The space or line break after a kept unit is passed on only before the next kept one, so nothing ends in a gap.
  let gap = "";

  const take = (unit: AnswerUnit) => {
    const g = ground(unit);
    units.push(g);
    if (!g.kept) return;
    const text = g.text.trimEnd();
    emit(units.some((u) => u !== g && u.kept) ? `${gap}${text}` : text.trimStart());
    gap = g.text.slice(text.length);
  };
  return {
    push(text: string) {
      pending += text;
      const parts = splitAnswer(pending);
      // The last unit may still grow, and an open code fence is not a unit yet.
      const openFence = (pending.match(/```/g)?.length ?? 0) % 2 === 1;
      if (parts.length < 2 || openFence) return;
      const complete = parts.slice(0, -1);
      // A citation may still follow the last complete sentence ("… props. [1]"): wait while the next unit could be one.
      const next = parts.at(-1)!.text;
      if (/^\s*\[?\d{0,2}\]?\s*$/.test(next)) return;
      for (const unit of complete) take(unit);
      pending = next;
    },
    end(): GroundedUnit[] {
      for (const unit of splitAnswer(pending)) take(unit);
      pending = "";
      return units;
    },
  };
}

/** Too little is left when nothing was kept, or when the answer's claims were mostly dropped. */
export function tooLittleLeft(units: GroundedUnit[]): boolean {
  const claims = units.filter((u) => u.kept || topicTerms(u.text).length > 0);
  const kept = claims.filter((u) => u.kept).length;
  return kept === 0 || kept * 2 < claims.length;
}
