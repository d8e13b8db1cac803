import { describe, expect, it } from "vitest";
import { citedSources, NOT_COVERED, numberSources, retrievalAnswer, visitorChatInput, VISITOR_CHAT_LIMITS } from "@/core/ai/answer-visitor-question";
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

describe("retrievalAnswer (no model)", () => {
  const events = 'Call lumen.track with an event name and optional props to record a custom event.\nPage views are recorded automatically.\n```\nlumen.track("Downloaded report")\n```\nEvents show up in the dashboard within a minute.';
  const passages = [passage("a", "Custom events", "", events), passage("b", "WordPress", "Install", "Install the plugin from the WordPress directory."), passage("c", "Pricing", "", "Plans start free.")];

  it("answers with the best sentences of the best passages, each cited, and keeps the code a sentence introduces", () => {
    const { sources } = numberSources(passages, urlOf);
    const text = retrievalAnswer("How do I send custom events?", passages, sources, urlOf);
    expect(text).toBe(
      [
        "Call lumen.track with an event name and optional props to record a custom event [1].",
        "Events show up in the dashboard within a minute [1].",
        "",
        "Read more: “Custom events” [1], “WordPress” [2], “Pricing” [3].",
      ].join("\n"),
    );
    // Not the page's unrelated sentence, and not a dump of the whole passage.
    expect(text).not.toContain("Page views");
  });

  it("brings a code block along as a fenced block right after the sentence that introduces it", () => {
    const code = passage("a", "Custom events", "", "Track a download like this:\n```\nlumen.track(\"Downloaded report\")\n    .send()\n```");
    const { sources } = numberSources([code], urlOf);
    expect(retrievalAnswer("How do I track a download?", [code], sources, urlOf)).toBe(
      'Track a download like this [1]:\n```\nlumen.track("Downloaded report")\n    .send()\n```\n[1]\n\nRead more: “Custom events” [1].',
    );
  });

  it("lets the best page speak even when none of its sentences shares a word (a page of code), and says when nothing matched", () => {
    const code = [passage("a", "Custom events", "", '```\nlumen.track("Downloaded report");\n```'), passage("b", "Sending data", "", "Page views are automatic. Everything else is an event.")];
    const { sources } = numberSources(code, urlOf);
    expect(retrievalAnswer("How do I send custom events?", code, sources, urlOf)).toBe(
      'From “Custom events”:\n```\nlumen.track("Downloaded report");\n```\n[1]\nEverything else is an event [2].\n\nRead more: “Custom events” [1], “Sending data” [2].',
    );
    expect(retrievalAnswer("anything", [], [], urlOf)).toBe(NOT_COVERED);
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
