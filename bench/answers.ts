import { startSitesApp, workspaceIndex, type SitesApp } from "../tests/helpers/sites";
import { rawRequest } from "../tests/helpers/raw-request";
import { createAiStub } from "../tools/ai-stub/server";
import { aiStubControl } from "../tools/ai-stub/control";
import { NOT_COVERED } from "../src/core/ai/answer-visitor-question";
import type { BenchRow } from "./sync";

/**
 * Answer quality on the demo workspace (tools/notion-stub/workspace): a fixed set of visitor questions to the help
 * desk and the docs, asked without a model (the extractive answer) and with the stand-in model playing a model that
 * mixes what the pages say with things they don't (each scripted answer below has sentences of both kinds). For each
 * answer sentence shown, the check is independent of the product's own: the sentence must cite a source, and 80 % of
 * its words (exact, lower-cased, 3+ letters, common words aside) must stand in one cited page's Markdown (`<page>.md`).
 * A code block counts when the cited page has it. Figures: the share of shown sentences supported by their citation
 * (goal 100 %), and the share of questions answered (the site covers 12 of the 14).
 */

type Question = { site: "help" | "docs"; question: string; model?: string };

const QUESTIONS: Question[] = [
  { site: "help", question: "How do I change my plan?", model: "Open Settings → Billing and choose Change plan [1]. Upgrades apply at once; downgrades at the end of the period [1]. You can also phone support to switch plans [1]." },
  { site: "help", question: "Where can I download invoices?", model: "Every invoice is under Settings → Billing → Invoices as a PDF [1]. Invoices are also emailed to you every month [1]." },
  { site: "help", question: "How do I delete my account?", model: "Go to Settings → Account and choose Delete account [1]. Deleting an account removes all projects and data after 7 days [1]." },
  { site: "help", question: "Why don't I see any visitors?", model: "Check that the script tag is on the page [1]. The project id must match the one in Settings → Project [1]. Clearing your DNS cache usually fixes it [1]." },
  { site: "help", question: "Do I need a cookie banner?", model: "No. Lumen sets no cookies and stores no personal data [1]. Germany still requires a banner for analytics [1]." },
  { site: "help", question: "Where is my data stored?", model: "In the EU (Frankfurt), unless you chose the US region when creating the project [1]." },
  { site: "help", question: "Can I export raw events?", model: "Yes, as CSV from Settings → Export, or over the API [1]. Exports are limited to 10,000 rows a day [1]." },
  { site: "help", question: "Does Lumen slow down my site?", model: "The script is under 2 KB, loads with defer, and never blocks rendering [1]." },
  { site: "help", question: "How do I share a dashboard?", model: "Open the dashboard, choose Share, and turn on the public link [1]. Shared links expire after 30 days [1]." },
  { site: "help", question: "Can I sign a DPA?", model: "Yes: download and sign it under Settings → Legal [1]. It's pre-signed by us [1]." },
  { site: "docs", question: "How do I send custom events?", model: 'Call lumen.track with the event name, like lumen.track("Downloaded report", { format: "pdf" }) [1]. Events are billed per thousand [1].' },
  { site: "docs", question: "How do I install Lumen on WordPress?", model: "Install the Lumen Analytics plugin and paste your project id in Settings → Lumen [1]. The plugin also works on WordPress multisite [1]." },
  { site: "docs", question: "Does Lumen integrate with Salesforce?" },
  { site: "help", question: "What is your refund policy for annual plans?" },
];

const COMMON = new Set("the and for you your are with from that this can not but its it's all any our out one has have was were will into also then than them they their there these those when what which who how why use used does did don't yes under over only after each".split(" "));
/** Words of 3+ letters, common ones aside, with a plural or tense ending dropped ("matches" and "match" meet). */
const wordsOf = (text: string) =>
  (text.toLowerCase().replace(/\[\d{1,2}\]/g, " ").match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !COMMON.has(w)).map((w) => (w.length > 4 ? w.replace(/(?:es|s|ed|ing)$/, "") : w));

type Source = { n: number; url: string };
type Answer = { text: string; sources: Source[] };

async function ask(app: SitesApp, host: string, question: string, visitor: number): Promise<Answer> {
  const res = await rawRequest(`${app.app.url}/_/chat`, {
    host,
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", "x-forwarded-for": `10.9.0.${visitor}` },
    body: JSON.stringify({ messages: [{ role: "user", content: question }] }),
  });
  const events = res.body.split("\n\n").filter(Boolean).map((c) => ({ event: /^event: (.*)$/m.exec(c)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(c)?.[1] ?? "null") as Record<string, unknown> }));
  return {
    text: events.filter((e) => e.event === "delta").map((e) => e.data.text).join(""),
    sources: (events.find((e) => e.event === "sources")?.data.sources ?? []) as Source[],
  };
}

/** The answer's claims: its sentences and code blocks, without the lines that only point to pages or frame the answer. */
function claimsOf(text: string): string[] {
  const out: string[] = [];
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  // Lines that only point to pages (titles may hold "?"), and the product's own framing, are not claims.
  const body = text
    .split("\n")
    .filter((line) => !/^(Read more:|These pages of the site|For anything else)/.test(line))
    .join("\n")
    .replace(NOT_COVERED, "");
  for (const [i, part] of body.split(/(```[^\n]*\n[\s\S]*?```\n?(?:\[\d{1,2}\])?)/).entries()) {
    if (i % 2) out.push(part);
    else for (const { segment } of segmenter.segment(part)) out.push(segment);
  }
  return out.map((s) => s.trim()).filter((s) => s && !/^(From “[^”]*”:|\[\d{1,2}\]$|I can't answer|Here is what they say|\(Parts of the answer)/.test(s) && wordsOf(s).length > 0);
}

function supported(claim: string, pages: Map<number, string>): boolean {
  const cited = [...claim.matchAll(/\[(\d{1,2})\]/g)].map((m) => pages.get(Number(m[1]))).filter((p): p is string => Boolean(p));
  if (claim.startsWith("```")) {
    const body = claim.replace(/\s*\[\d{1,2}\]\s*$/, "").replace(/^```[^\n]*\n|```\s*$/g, "").replace(/\s+/g, "");
    return cited.some((p) => p.replace(/\s+/g, "").includes(body));
  }
  const words = wordsOf(claim);
  return cited.some((p) => {
    const have = new Set(wordsOf(p));
    return words.filter((w) => have.has(w)).length / words.length >= 0.8;
  });
}

type Tally = { claims: number; supported: number; answered: number; unsupported: string[]; written: number; writtenSupported: number };

async function run(app: SitesApp, model: ReturnType<typeof aiStubControl> | null): Promise<Tally> {
  const tally: Tally = { claims: 0, supported: 0, answered: 0, unsupported: [], written: 0, writtenSupported: 0 };
  for (const [i, q] of QUESTIONS.entries()) {
    const host = app.hosts[q.site === "help" ? 0 : 1]!;
    if (model) {
      await model.reset();
      if (q.model) await model.script({ content: q.model });
    }
    const answer = await ask(app, host, q.question, i + (model ? 100 : 0));
    const pages = new Map<number, string>();
    for (const s of answer.sources) pages.set(s.n, (await rawRequest(`${app.app.url}${s.url === "/" ? "/index" : s.url}.md`, { host })).body);
    // What the model wrote, checked the same way against every page it was given (its own numbers may be wrong).
    for (const claim of model && q.model ? claimsOf(q.model) : []) {
      tally.written++;
      if (supported(claim.replace(/\[\d{1,2}\]/g, "") + [...pages.keys()].map((n) => ` [${n}]`).join(""), pages)) tally.writtenSupported++;
    }
    const claims = claimsOf(answer.text);
    if (claims.length) tally.answered++;
    for (const claim of claims) {
      tally.claims++;
      if (supported(claim, pages)) tally.supported++;
      else tally.unsupported.push(`${q.question} → ${claim}`);
    }
  }
  return tally;
}

const share = (a: number, b: number) => `${b ? ((100 * a) / b).toFixed(0) : "—"} % (${a}/${b})`;

export async function benchAnswers(): Promise<BenchRow[]> {
  const stub = await createAiStub();
  const ai = aiStubControl(stub.url);
  const seeds = [
    { siteType: "help_desk" as const, page: workspaceIndex.help_desk!, settings: { ai: { enabled: true } } },
    { siteType: "docs" as const, page: workspaceIndex.docs!, settings: { ai: { enabled: true } } },
  ];
  const withModel = await startSitesApp(seeds, { env: { AI_BASE_URL: stub.baseUrl, AI_MODEL: "stub-model", TRUST_PROXY: "1" } });
  const plain = await startSitesApp(seeds, { env: { TRUST_PROXY: "1" } });
  try {
    const retrieval = await run(plain, null);
    const model = await run(withModel, ai);
    for (const line of [...retrieval.unsupported, ...model.unsupported]) console.log(`unsupported: ${line}`);
    return [
      { name: "without a model: shown sentences supported by their citation", value: share(retrieval.supported, retrieval.claims), budget: "100 %" },
      { name: "without a model: questions answered", value: share(retrieval.answered, QUESTIONS.length), budget: "12 of 14 are covered" },
      { name: "stand-in model: sentences it wrote, supported by its pages", value: share(model.writtenSupported, model.written), budget: "" },
      { name: "stand-in model: shown sentences supported by their citation", value: share(model.supported, model.claims), budget: "100 %" },
      { name: "stand-in model: questions answered", value: share(model.answered, QUESTIONS.length), budget: "12 of 14 are covered" },
    ];
  } finally {
    await withModel.stop();
    await plain.stop();
    await stub.close();
  }
}
