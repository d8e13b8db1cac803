import { describe, expect, it } from "vitest";
import { splitAnswer, supportIn, sourceIndex } from "@/core/ai/answer-sentences";
import { createGroundedStream, tooLittleLeft } from "@/core/ai/ground-answer";

const SOURCES = new Map([
  [1, 'Custom events\nCall lumen.track with an event name and optional props to record a custom event.\n```\nlumen.track("Downloaded report", { format: "pdf" })\n```\nEvents show up in the dashboard within a minute.'],
  [2, "WordPress\nInstall the Lumen Analytics plugin from the WordPress plugin directory, then paste your site id."],
]);

/** Feeds an answer in small pieces, as a model streams it, and collects what would be shown. */
function ground(answer: string, pieceSize = 7) {
  const shown: string[] = [];
  const stream = createGroundedStream(SOURCES, (t) => shown.push(t));
  for (const piece of answer.match(new RegExp(`[\\s\\S]{1,${pieceSize}}`, "g")) ?? []) stream.push(piece);
  const units = stream.end();
  return { text: shown.join(""), units, pieces: shown.length };
}

describe("splitAnswer", () => {
  it("cuts prose into sentences and lines, keeps a fenced code block whole, and gives a leading citation to the sentence before", () => {
    expect(splitAnswer("One thing [1]. Two. [2] Three\n- a list item\n```js\nx()\ny()\n```\nAfter.").map((u) => [u.code, u.text])).toEqual([
      [false, "One thing [1]. "],
      [false, "Two. [2] "],
      [false, "Three\n"],
      [false, "- a list item\n"],
      [true, "```js\nx()\ny()\n```\n"],
      [false, "After."],
    ]);
  });
});

describe("supportIn", () => {
  const source = sourceIndex(SOURCES.get(1)!);
  it("counts the sentence's topic words found in the source, numbers exactly", () => {
    expect(supportIn({ code: false, text: "Custom events are tracked with lumen.track [1]." }, source)).toBe(1);
    expect(supportIn({ code: false, text: "Custom events cost 20 dollars a month." }, source)).toBe(0);
    expect(supportIn({ code: false, text: "Stripe webhooks send refunds." }, source)).toBe(0);
  });
  it("takes a code block only when the source has it, spacing aside", () => {
    expect(supportIn({ code: true, text: '```\nlumen.track("Downloaded report",{format:"pdf"})\n```' }, source)).toBe(1);
    expect(supportIn({ code: true, text: "```\nlumen.delete()\n```" }, source)).toBe(0);
  });
});

describe("createGroundedStream", () => {
  it("shows only sentences a passage backs, re-cites those that cite the wrong source or none, and streams them one by one", () => {
    const { text, units, pieces } = ground(
      "Sure! To send a custom event, call lumen.track with an event name and optional props [1]. Custom events cost $20 per month [1]. " +
        "You can install the WordPress plugin from the plugin directory.\n```\nlumen.track(\"Downloaded report\", { format: \"pdf\" })\n```\nThey show up in the dashboard within a minute [2].",
    );
    expect(text).toBe(
      "To send a custom event, call lumen.track with an event name and optional props [1]. You can install the WordPress plugin from the plugin directory [2].\n" +
        '```\nlumen.track("Downloaded report", { format: "pdf" })\n```\n[1]\nThey show up in the dashboard within a minute [1].',
    );
    expect(units.filter((u) => !u.kept).map((u) => u.text.trim())).toEqual(["Sure!", "Custom events cost $20 per month [1]."]);
    expect(pieces).toBe(4);
    expect(tooLittleLeft(units)).toBe(false);
  });

  it("waits for a citation that follows the full stop before passing a sentence on", () => {
    expect(ground("Events show up in the dashboard within a minute. [1] Install the plugin from the WordPress plugin directory. [2]", 3).text).toBe(
      "Events show up in the dashboard within a minute. [1] Install the plugin from the WordPress plugin directory. [2]",
    );
  });

  it("finds too little left when nothing, or less than half of the claims, is backed", () => {
    expect(tooLittleLeft(ground("Lumen integrates with Salesforce and HubSpot [1]. It costs 99 euros [2].").units)).toBe(true);
    expect(tooLittleLeft(ground("Events show up in the dashboard within a minute [1]. Lumen integrates with Salesforce [1]. It costs 99 euros [2].").units)).toBe(true);
    expect(tooLittleLeft(ground("Events show up in the dashboard within a minute [1]. Lumen integrates with Salesforce [1].").units)).toBe(false);
  });
});
