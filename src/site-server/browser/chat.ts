/**
 * The visitor chat (and, in the widget, search) of a published site: the page /_/chat, loaded only when a visitor opens
 * the launcher or the widget. Answers stream from POST /_/chat as server-sent events: sources, delta…, done | error.
 */
import { readSse } from "@/lib/read-sse";
import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";

type Source = { n: number; url: string; title: string };
type SearchResult = { title: string; url: string; snippet: string };

// The visitor's light/dark choice on the site (the theme toggle's key), when there is one and the owner lets them choose.
try {
  const theme = localStorage.getItem("theme");
  if ((theme === "light" || theme === "dark") && !document.documentElement.hasAttribute("data-theme-fixed")) document.documentElement.dataset.theme = theme;
} catch {}
const config = JSON.parse(document.getElementById("chat-config")?.textContent ?? "{}") as { base: string; embed: "launcher" | "widget"; strings: { noResults: string } };
const base = config.base;
const $ = <T extends Element>(sel: string) => document.querySelector<T>(sel);
const log = $<HTMLDivElement>("#log");
const form = $<HTMLFormElement>("#ask");
const input = $<HTMLTextAreaElement>("#question");
const sendButton = $<HTMLButtonElement>("#send");
const messages: { role: "user" | "assistant"; content: string }[] = [];
const linkTarget = config.embed === "widget" ? "_blank" : "_top";

function link(href: string, text: string): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  a.target = linkTarget;
  a.rel = "noopener";
  a.textContent = text;
  return a;
}

function bubble(role: string, text: string): HTMLDivElement {
  const div = document.createElement("div");
  div.className = `msg ${role}`;
  if (text) div.textContent = text;
  log!.append(div);
  log!.scrollTop = log!.scrollHeight;
  return div;
}

/** Text with [n] turned into links to its sources (text only, never HTML from the server). */
function appendCited(into: HTMLElement, text: string, byN: Map<number, Source>): void {
  for (const part of text.split(/(\[\d{1,2}\])/)) {
    const source = byN.get(Number(/^\[(\d{1,2})\]$/.exec(part)?.[1]));
    if (source) {
      const a = link(source.url, `[${source.n}]`);
      a.className = "cite";
      a.title = source.title;
      into.append(a);
    } else into.append(part);
  }
}

/** Answer text: fenced code (```) as a monospace block, the rest as text with its citations linked. */
function renderAnswer(div: HTMLElement, text: string, sources: Source[]): void {
  div.textContent = "";
  const byN = new Map(sources.map((s) => [s.n, s]));
  const parts = text.split(/```[^\n]*\n?/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) return appendCited(div, part.replace(/^\n/, ""), byN);
    const pre = document.createElement("pre");
    const code = document.createElement("code");
    code.textContent = part.replace(/\n$/, "");
    pre.tabIndex = 0;
    pre.append(code);
    div.append(pre);
  });
}

/** The cited sources under the answer; above it for an answer made of the site's own passages (links first). */
function renderSources(div: HTMLElement, sources: Source[], cited: number[], first = false): void {
  const used = cited.length ? sources.filter((s) => cited.includes(s.n)) : [];
  if (!used.length) return;
  const list = document.createElement("ol");
  list.className = "sources";
  list.setAttribute("aria-label", "Sources");
  for (const s of used) {
    const li = document.createElement("li");
    li.value = s.n;
    li.append(link(s.url, s.title));
    list.append(li);
  }
  if (first) {
    list.classList.add("sources-first");
    div.prepend(list);
  }
  else div.append(list);
}

async function ask(question: string): Promise<void> {
  messages.push({ role: "user", content: question });
  bubble("user", question);
  const answer = bubble("assistant", "");
  answer.setAttribute("aria-busy", "true");
  sendButton!.disabled = true;
  let text = "";
  let sources: Source[] = [];
  let cited: number[] = [];
  let mode = "";
  try {
    const res = await fetch(`${base}/_/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages }),
    });
    if (!res.ok || !res.body) {
      const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
      throw new Error(body.error?.message || GENERIC_ERROR_MESSAGE);
    }
    await readSse(res.body, (event, data) => {
      const d = data as { sources: Source[]; text: string; cited: number[]; message: string; mode: string };
      if (event === "sources") sources = d.sources;
      else if (event === "delta") text += d.text;
      else if (event === "done") ({ cited, mode } = d);
      else if (event === "error") throw new Error(d.message);
      renderAnswer(answer, text, sources);
      log!.scrollTop = log!.scrollHeight;
    });
    renderSources(answer, sources, cited, mode === "retrieval");
    messages.push({ role: "assistant", content: text });
  } catch (err) {
    messages.pop();
    answer.classList.add("error");
    answer.setAttribute("role", "alert");
    answer.textContent = (err as Error).message;
  } finally {
    answer.removeAttribute("aria-busy");
    sendButton!.disabled = false;
  }
}

form?.addEventListener("submit", (e) => {
  e.preventDefault();
  const question = input!.value.trim();
  if (!question || sendButton!.disabled) return;
  input!.value = "";
  void ask(question);
});
input?.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !e.shiftKey) {
    e.preventDefault();
    form!.requestSubmit();
  }
});
for (const b of document.querySelectorAll<HTMLButtonElement>("[data-question]")) {
  b.addEventListener("click", () => {
    b.parentElement!.remove();
    void ask(b.dataset.question!);
  });
}

const search = $<HTMLInputElement>("#search");
const results = $<HTMLUListElement>("#results");

// The widget's host page may prefill a message (PagewrightWidget.open("…")); it is never sent by itself.
addEventListener("message", (e: MessageEvent<{ type?: string; message?: unknown } | null>) => {
  if (e.source !== parent || e.data?.type !== "pagewright:prefill" || typeof e.data.message !== "string") return;
  const target = input ?? search;
  if (!target) return;
  target.value = e.data.message.slice(0, 1000);
  target.focus();
});
// Escape closes the launcher's or the widget's window (the key never reaches the page around this frame).
addEventListener("keydown", (e) => {
  if (e.key === "Escape" && parent !== window) parent.postMessage({ type: "pagewright:close" }, "*");
});
const prefill = new URLSearchParams(location.search).get("q");
if (prefill && input) input.value = prefill.slice(0, 1000);

// Search (in the widget): the site's own search endpoint, results as links.
let timer: ReturnType<typeof setTimeout> | undefined;
search?.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    const q = search.value.trim();
    results!.textContent = "";
    if (!q) return;
    const res = await fetch(`${base}/_/search?q=${encodeURIComponent(q)}`, { headers: { accept: "application/json" } });
    if (!res.ok || search.value.trim() !== q) return;
    const { results: hits } = (await res.json()) as { results: SearchResult[] };
    if (!hits.length) {
      const li = document.createElement("li");
      li.textContent = config.strings.noResults.replace("{query}", () => q);
      results!.append(li);
    }
    for (const r of hits) {
      const li = document.createElement("li");
      const p = document.createElement("p");
      p.innerHTML = r.snippet; // escaped by the server, <mark> only
      li.append(link(r.url, r.title), p);
      results!.append(li);
    }
  }, 150);
});
