// The visitor chat (and, in the widget, search) of a published site: the page /_/chat, loaded only when a visitor opens
// the launcher or the widget. Answers stream from POST /_/chat as server-sent events: sources, delta…, done | error.
// The visitor's light/dark choice on the site (the theme toggle's key), when there is one.
try {
  const theme = localStorage.getItem("theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {}
const config = JSON.parse(document.getElementById("chat-config").textContent);
const base = config.base;
const $ = (sel) => document.querySelector(sel);
const log = $("#log");
const form = $("#ask");
const input = $("#question");
const sendButton = $("#send");
const messages = [];
const linkTarget = config.embed === "widget" ? "_blank" : "_top";

function bubble(role, text) {
  const div = document.createElement("div");
  div.className = `msg ${role}`;
  if (text) div.textContent = text;
  log.append(div);
  log.scrollTop = log.scrollHeight;
  return div;
}

/** Answer text with [n] turned into links to its sources (text only, never HTML from the server). */
function renderAnswer(div, text, sources) {
  div.textContent = "";
  const byN = new Map(sources.map((s) => [s.n, s]));
  for (const part of text.split(/(\[\d{1,2}\])/)) {
    const source = byN.get(Number(/^\[(\d{1,2})\]$/.exec(part)?.[1]));
    if (source) {
      const a = document.createElement("a");
      a.href = source.url;
      a.target = linkTarget;
      a.rel = "noopener";
      a.className = "cite";
      a.textContent = `[${source.n}]`;
      a.title = source.title;
      div.append(a);
    } else div.append(part);
  }
}

function renderSources(div, sources, cited) {
  const used = cited.length ? sources.filter((s) => cited.includes(s.n)) : [];
  if (!used.length) return;
  const list = document.createElement("ol");
  list.className = "sources";
  list.setAttribute("aria-label", "Sources");
  for (const s of used) {
    const li = document.createElement("li");
    li.value = s.n;
    const a = document.createElement("a");
    a.href = s.url;
    a.target = linkTarget;
    a.rel = "noopener";
    a.textContent = s.title;
    li.append(a);
    list.append(li);
  }
  div.append(list);
}

async function ask(question) {
  messages.push({ role: "user", content: question });
  bubble("user", question);
  const answer = bubble("assistant", "");
  answer.setAttribute("aria-busy", "true");
  sendButton.disabled = true;
  let text = "";
  let sources = [];
  let cited = [];
  try {
    const res = await fetch(`${base}/_/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages }),
    });
    if (!res.ok || !res.body) {
      const body = await res.json().catch(() => ({}));
      throw new Error(body.error || "Something went wrong, please try again");
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(chunk)?.[1];
        const data = JSON.parse(/^data: (.*)$/m.exec(chunk)?.[1] ?? "null");
        if (event === "sources") sources = data.sources;
        else if (event === "delta") text += data.text;
        else if (event === "done") cited = data.cited;
        else if (event === "error") throw new Error(data.message);
        renderAnswer(answer, text, sources);
        log.scrollTop = log.scrollHeight;
      }
    }
    renderSources(answer, sources, cited);
    messages.push({ role: "assistant", content: text });
  } catch (err) {
    messages.pop();
    answer.classList.add("error");
    answer.setAttribute("role", "alert");
    answer.textContent = err.message;
  } finally {
    answer.removeAttribute("aria-busy");
    sendButton.disabled = false;
  }
}

form?.addEventListener("submit", (e) => {
  e.preventDefault();
  const question = input.value.trim();
  if (!question || sendButton.disabled) return;
  input.value = "";
  void ask(question);
});
input?.addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !e.shiftKey) {
    e.preventDefault();
    form.requestSubmit();
  }
});
for (const b of document.querySelectorAll("[data-question]")) {
  b.addEventListener("click", () => {
    b.parentElement.remove();
    void ask(b.dataset.question);
  });
}

// The widget's host page may prefill a message (PagewrightWidget.open("…")); it is never sent by itself.
addEventListener("message", (e) => {
  if (e.source !== parent || e.data?.type !== "pagewright:prefill" || typeof e.data.message !== "string") return;
  const target = input ?? $("#search");
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
const search = $("#search");
const results = $("#results");
let timer;
search?.addEventListener("input", () => {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    const q = search.value.trim();
    results.textContent = "";
    if (!q) return;
    const res = await fetch(`${base}/_/search?q=${encodeURIComponent(q)}`, { headers: { accept: "application/json" } });
    if (!res.ok || search.value.trim() !== q) return;
    const { results: hits } = await res.json();
    if (!hits.length) {
      const li = document.createElement("li");
      li.textContent = `No results for “${q}”`;
      results.append(li);
    }
    for (const r of hits) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = r.url;
      a.target = linkTarget;
      a.rel = "noopener";
      a.textContent = r.title;
      const p = document.createElement("p");
      p.innerHTML = r.snippet; // escaped by the server, <mark> only
      li.append(a, p);
      results.append(li);
    }
  }, 150);
});
