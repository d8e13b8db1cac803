import { describe, expect, it } from "vitest";
import { citedSources, numberSources, retrievalAnswer, visitorChatInput, VISITOR_CHAT_LIMITS } from "@/core/ai/answer-visitor-question";
import type { RetrievedPassage } from "@/core/ai/retrieve-passages";

const passage = (pageId: string, pageTitle: string, heading: string, text: string): RetrievedPassage => ({ pageId, pageTitle, heading, text, rank: 1 });
const urls: Record<string, string> = { a: "/a", b: "/b", c: "/c", d: "/d", e: "/e" };
const urlOf = (id: string) => urls[id] ?? null;

describe("numberSources", () => {
  it("numbers published pages best first, one source per page, at most four", () => {
    const { sources, context } = numberSources(
      [passage("a", "Alpha", "Intro", "first"), passage("hidden", "Secret", "", "never"), passage("b", "Beta", "", "second"), passage("a", "Alpha", "", "third"), passage("c", "C", "", "c"), passage("d", "D", "", "d"), passage("e", "E", "", "e")],
      urlOf,
    );
    expect(sources).toEqual([
      { n: 1, title: "Alpha", url: "/a" },
      { n: 2, title: "Beta", url: "/b" },
      { n: 3, title: "C", url: "/c" },
      { n: 4, title: "D", url: "/d" },
    ]);
    expect(context).toBe("[1] Alpha\nIntro: first\nthird\n\n[2] Beta\nsecond\n\n[3] C\nc\n\n[4] D\nd");
    expect(context).not.toContain("never");
  });
});

describe("citedSources", () => {
  it("finds the bracketed numbers of real sources", () => {
    expect(citedSources("See [2] and [1], also [2] and [9] and [x].", 3)).toEqual([1, 2]);
    expect(citedSources("No citations.", 3)).toEqual([]);
  });
});

describe("retrievalAnswer", () => {
  it("answers with the best passage under its page's name, shortened, then names the other pages", () => {
    const passages = [passage("a", "Alpha", "Setup", "word ".repeat(100)), passage("b", "Beta", "", "Short text.")];
    const { sources } = numberSources(passages, urlOf);
    const text = retrievalAnswer(passages, sources, urlOf);
    expect(text).toMatch(/^The closest answer on this site is in “Alpha › Setup” \[1\]:\n\n(word ){40,}word…\n\nMore on this: “Beta” \[2\]\.$/);
    expect(citedSources(text, sources.length)).toEqual([1, 2]);
  });

  it("keeps a code passage's lines", () => {
    const code = 'import lumen\nlumen.track("Downloaded report")\n    .send()';
    const passages = [passage("a", "Custom events", "", code)];
    const { sources } = numberSources(passages, urlOf);
    expect(retrievalAnswer(passages, sources, urlOf)).toBe(`The closest answer on this site is in “Custom events” [1]:\n\n${code}`);
  });
});

describe("visitorChatInput", () => {
  const last = (content: string) => visitorChatInput.safeParse({ messages: [{ role: "user", content }] });
  it("takes a conversation that ends with the visitor's question", () => {
    expect(last("How?").success).toBe(true);
    expect(visitorChatInput.safeParse({ messages: [{ role: "user", content: "a" }, { role: "assistant", content: "b" }] }).error?.issues[0]?.message).toBe("Please type a question.");
    expect(last(" ").error?.issues[0]?.message).toBe("Please type a question.");
  });
  it("refuses long questions and long conversations with their messages", () => {
    expect(last("x".repeat(VISITOR_CHAT_LIMITS.maxQuestionChars + 1)).error?.issues[0]?.message).toBe(VISITOR_CHAT_LIMITS.tooLong);
    const many = Array.from({ length: VISITOR_CHAT_LIMITS.maxMessages + 1 }, () => ({ role: "user", content: "hi" }));
    expect(visitorChatInput.safeParse({ messages: many }).error?.issues[0]?.message).toBe(VISITOR_CHAT_LIMITS.tooMany);
    expect(visitorChatInput.safeParse({ messages: [{ role: "system", content: "hi" }] }).success).toBe(false);
  });
});
