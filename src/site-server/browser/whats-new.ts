/**
 * The What's-new widget: one script tag in the owner's own web app, served by their changelog site.
 *   <script async src="https://CHANGELOG_HOST/_/whats-new.js"></script>            a floating "What's new" button
 *   <script async src="…/_/whats-new.js" data-target="#whats-new"></script>         the owner's element opens it
 *   (data-open-new="true": open once by itself when there is an entry the visitor has not seen;
 *    data-position="bottom-left": the floating button on the left, bottom right by default)
 * The floating button stands above Pagewright's search/chat launcher when both are on one side of the page; with
 * data-target the popover opens under the owner's element (above it near the bottom of the window).
 * It reads /_/whats-new.json next to itself (CORS, no cookies), keeps the ids the visitor has seen in this origin's
 * localStorage and shows how many are unread in a badge; the popover lists the latest entries. Everything lives in
 * its own shadow DOM; no framework, no other file, one global (window.PagewrightWhatsNew).
 */

type Span = { text: string; href?: string };
type BodyBlock = { kind: "p"; spans: Span[] } | { kind: "ul" | "ol"; items: Span[][] };
type Entry = { id: string; title: string; date: string | null; tags: string[]; excerpt: string; body?: BodyBlock[]; url: string };
type Feed = { name: string; url: string; entries: Entry[] };
type Api = { open: () => void; close: () => void; unread: () => number };

declare global {
  interface Window {
    PagewrightWhatsNew?: Api;
  }
}

const script = document.currentScript as HTMLScriptElement | null;
if (script && !window.PagewrightWhatsNew) void start(script);

const STYLES = `:host{all:initial}*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
.w{--bg:#fff;--fg:#111;--muted:#5b5b66;--line:#e3e3e8;--accent:#2255dd;color:var(--fg)}
@media (prefers-color-scheme:dark){.w{--bg:#17171c;--fg:#f1f1f4;--muted:#a7a7b3;--line:#33333d;--accent:#7aa2ff}}
.w[data-theme=light]{--bg:#fff;--fg:#111;--muted:#5b5b66;--line:#e3e3e8}
.w[data-theme=dark]{--bg:#17171c;--fg:#f1f1f4;--muted:#a7a7b3;--line:#33333d}
.btn{position:fixed;bottom:20px;z-index:2147483000;display:flex;gap:8px;align-items:center;border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:999px;padding:10px 16px;font-size:14px;font-weight:600;cursor:pointer;box-shadow:0 4px 16px #0002}
.btn:focus-visible,.x:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.badge{min-width:20px;height:20px;border-radius:10px;background:#d92d20;color:#fff;font-size:12px;font-weight:700;display:inline-flex;align-items:center;justify-content:center;padding:0 6px}
.badge[hidden]{display:none}
.attached{position:absolute;top:-6px;right:-6px}
.btn.right,.pop.right{right:20px}.btn.left,.pop.left{left:20px}.btn.stacked{bottom:88px}.pop.stacked{bottom:144px}
.pop{position:fixed;bottom:76px;z-index:2147483001;width:min(380px,calc(100vw - 40px));max-height:min(520px,calc(100vh - 100px));overflow:auto;background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:14px;box-shadow:0 12px 40px #0003;padding:8px 0}
.pop[hidden]{display:none}
.head{display:flex;justify-content:space-between;align-items:center;padding:8px 16px}
h2{font-size:16px;margin:0}
.x{border:0;background:none;color:var(--muted);font-size:20px;cursor:pointer;padding:4px 8px;border-radius:6px}
ol{list-style:none;margin:0;padding:0}
li{padding:12px 16px;border-top:1px solid var(--line)}
li.new h3::before{content:"";display:inline-block;width:8px;height:8px;border-radius:4px;background:var(--accent);margin-right:6px;vertical-align:middle}
h3{font-size:15px;margin:0 0 4px}
.meta{color:var(--muted);font-size:12px;margin:0 0 6px}
p{font-size:14px;line-height:1.45;margin:0 0 6px;white-space:pre-line}
.body ul,.body ol{font-size:14px;line-height:1.45;margin:0 0 6px;padding-left:20px}
.body ul{list-style:disc}.body ol{list-style:decimal}
.body li{padding:0;border:0}
a{color:var(--accent);font-size:14px}
.all{display:block;padding:10px 16px;border-top:1px solid var(--line)}`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

/** A span's text, linked when it has an address (a mention's page, a link): built as nodes, never as HTML. */
function spansInto(parent: HTMLElement, spans: Span[]): HTMLElement {
  for (const s of spans) parent.append(s.href ? el("a", { href: s.href, target: "_blank", rel: "noopener" }, s.text) : document.createTextNode(s.text));
  return parent;
}

/** An entry's first paragraphs and lists, as the changelog shows them. */
function bodyOf(blocks: BodyBlock[]): HTMLElement {
  const body = el("div", { class: "body" });
  for (const b of blocks) {
    if (b.kind === "p") body.append(spansInto(el("p"), b.spans));
    else {
      const list = el(b.kind);
      for (const item of b.items) list.append(spansInto(el("li"), item));
      body.append(list);
    }
  }
  return body;
}

async function start(script: HTMLScriptElement): Promise<void> {
  const d = script.dataset;
  const feedUrl = new URL("whats-new.json", script.src).href;
  const storageKey = `pagewright-whats-new:${feedUrl}`;
  const res = await fetch(feedUrl, { credentials: "omit" }).catch(() => null);
  if (!res?.ok) return;
  const feed = (await res.json()) as Feed;

  const seen = (): string[] => {
    try {
      const value = JSON.parse(localStorage.getItem(storageKey) ?? "[]") as unknown;
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
    } catch {
      return [];
    }
  };
  const unread = () => {
    const known = new Set(seen());
    return feed.entries.filter((e) => !known.has(e.id)).length;
  };

  const target = d.target ? document.querySelector<HTMLElement>(d.target) : null;
  const host = el("div", { "data-pagewright-whats-new": "" });
  const shadow = host.attachShadow({ mode: "open" });
  const root = el("div", { class: "w", ...(d.theme === "dark" || d.theme === "light" ? { "data-theme": d.theme } : {}) });
  shadow.append(el("style", {}, STYLES), root);

  const badge = el("span", { class: target ? "badge attached" : "badge", "aria-hidden": "true" });
  let trigger: HTMLElement;
  if (target) {
    if (getComputedStyle(target).position === "static") target.style.position = "relative";
    target.append(host);
    root.append(badge);
    trigger = target;
  } else {
    document.body.append(host);
    const button = el("button", { class: `btn ${d.position === "bottom-left" ? "left" : "right"}`, type: "button" }, "What's new");
    button.append(badge);
    root.append(button);
    trigger = button;
  }
  const label = d.label || "What's new";
  trigger.setAttribute("aria-haspopup", "dialog");
  trigger.setAttribute("aria-expanded", "false");

  const side = d.position === "bottom-left" ? "left" : "right";
  const pop = el("div", { class: target ? "pop" : `pop ${side}`, role: "dialog", "aria-label": label, hidden: "" });
  if (!target) standClear(trigger, pop, side);
  const close = el("button", { class: "x", type: "button", "aria-label": "Close" }, "×");
  const head = el("div", { class: "head" });
  head.append(el("h2", {}, label), close);
  const list = el("ol");
  pop.append(head, list, el("a", { class: "all", href: feed.url, target: "_blank", rel: "noopener" }, `All updates from ${feed.name}`));
  root.append(pop);

  function render(): void {
    const n = unread();
    badge.textContent = String(n);
    badge.hidden = n === 0;
    trigger.setAttribute("aria-label", n ? `${label} (${n} unread)` : label);
  }

  function fill(): void {
    const known = new Set(seen());
    list.textContent = "";
    for (const e of feed.entries) {
      const li = el("li", known.has(e.id) ? {} : { class: "new" });
      li.append(el("h3", {}, e.title));
      const meta = [e.date ? new Date(`${e.date}T00:00:00Z`).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }) : "", ...e.tags].filter(Boolean).join(" · ");
      if (meta) li.append(el("p", { class: "meta" }, meta));
      if (e.body?.length) li.append(bodyOf(e.body));
      else if (e.excerpt) li.append(el("p", {}, e.excerpt));
      li.append(el("a", { href: e.url, target: "_blank", rel: "noopener" }, "Read more"));
      list.append(li);
    }
  }

  function open(): void {
    fill();
    pop.hidden = false;
    if (target) anchorUnder(target, pop);
    trigger.setAttribute("aria-expanded", "true");
    try {
      localStorage.setItem(storageKey, JSON.stringify(feed.entries.map((e) => e.id)));
    } catch {
      // storage refused (private mode): the badge simply comes back next time
    }
    render();
    close.focus();
  }
  function hide(): void {
    if (pop.hidden) return;
    pop.hidden = true;
    trigger.setAttribute("aria-expanded", "false");
    trigger.focus();
  }

  trigger.addEventListener("click", (event) => {
    event.preventDefault();
    if (pop.hidden) open();
    else hide();
  });
  close.addEventListener("click", hide);
  pop.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
  render();
  window.PagewrightWhatsNew = { open, close: hide, unread };
  if (d.openNew === "true" && unread() > 0) open();
}
/**
 * Keeps the floating button (and its popover) above Pagewright's search/chat launcher when that sits on the same side:
 * checked now and when the launcher arrives later (its script may load after this one).
 */
function standClear(button: HTMLElement, pop: HTMLElement, side: string): void {
  const check = () => {
    const launcher = document.querySelector("[data-pagewright-widget]");
    const stacked = Boolean(launcher) && (launcher!.getAttribute("data-pagewright-widget") || "right") === side;
    button.classList.toggle("stacked", stacked);
    pop.classList.toggle("stacked", stacked);
  };
  check();
  window.addEventListener("pagewright-widget:ready", check);
}

/** Places the popover under the owner's element, right edges aligned and kept inside the window; above it when there is no room below. */
function anchorUnder(target: HTMLElement, pop: HTMLElement): void {
  const place = () => {
    const r = target.getBoundingClientRect();
    const width = pop.offsetWidth;
    const left = Math.min(Math.max(8, r.right - width), window.innerWidth - width - 8);
    const below = window.innerHeight - r.bottom - 8 >= Math.min(pop.offsetHeight, 240);
    Object.assign(pop.style, { left: `${left}px`, right: "auto", top: below ? `${r.bottom + 8}px` : "auto", bottom: below ? "auto" : `${window.innerHeight - r.top + 8}px` });
  };
  place();
  const follow = () => {
    if (!pop.hidden) return place();
    window.removeEventListener("resize", follow);
    window.removeEventListener("scroll", follow, true);
  };
  window.addEventListener("resize", follow);
  window.addEventListener("scroll", follow, { passive: true, capture: true });
}
export {};
