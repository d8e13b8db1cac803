/**
 * The one script of docs and help-desk pages (/_/site.js, loaded as a module after the page is usable without it; blogs
 * and changelogs load it when a visitor goes to their search box): search as you type under the box and in a ⌘K/Ctrl-K
 * dialog, with keyboard navigation, "was this helpful?" without a reload, the current heading in the
 * contents, copy page as Markdown, and video facades that become the player on click.
 */
import type { IslandStrings } from "@/lib/i18n/browser-strings";

type SearchResult = { title: string; url: string; snippet: string };

/** The page's own words for what this script prints (render/document.tsx puts them in from the site's catalogue). */
const strings = JSON.parse(document.getElementById("site-strings")?.textContent ?? "{}") as IslandStrings;

const base = document.querySelector<HTMLMetaElement>("meta[name=site-base]")?.content ?? "";

// ── Search ──
// Results are listed under the box the visitor types in; ⌘K/Ctrl-K opens the same search in a dialog for
// pages where no box is in view. Searches that find nothing route on: the site's contact link, and "Ask the assistant"
// (the chat opened with the question filled in) when the chatbot is on.

function noResults(q: string): HTMLLIElement {
  const li = document.createElement("li");
  li.className = "empty";
  li.textContent = strings.noResults.replace("{query}", () => q);
  const actions = document.createElement("div");
  actions.className = "search-empty-actions";
  const contact = document.querySelector<HTMLAnchorElement>(".contact a[href]");
  if (contact) {
    const a = document.createElement("a");
    a.href = contact.href;
    a.textContent = strings.contactUs;
    actions.append(a);
  }
  // The chat launcher's script tag is on the page only when the chatbot is on.
  if (document.querySelector("script[data-frame]")) {
    const ask = document.createElement("button");
    ask.type = "button";
    ask.textContent = strings.askTheAssistant;
    ask.addEventListener("click", () => {
      if (dialog?.open) dialog.close();
      void (window as { PagewrightWidget?: { open: (m?: string) => Promise<void> } }).PagewrightWidget?.open(q);
    });
    actions.append(ask);
  }
  if (actions.childElementCount) li.append(actions);
  return li;
}

let boxes = 0;

/** Wires one search field to its results list: as-you-type lookups, arrow keys, Enter on a result opens it. */
function searchInto(input: HTMLInputElement, list: HTMLUListElement, opts: { firstActive: boolean; onResults?: (shown: boolean) => void }) {
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listId = list.id || `search-results-${++boxes}`;
  list.id = listId;
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", strings.results);
  // A search box (not a combobox: the form still submits to the results page) that controls its list of results.
  input.setAttribute("aria-controls", listId);
  input.setAttribute("aria-autocomplete", "list");
  const shown = (yes: boolean) => opts.onResults?.(yes);
  function setActive(i: number): void {
    const items = [...list.querySelectorAll("li[role=option]")];
    active = Math.max(-1, Math.min(i, items.length - 1));
    items.forEach((li, k) => {
      li.id ||= `${listId}-${k}`;
      li.setAttribute("aria-selected", String(k === active));
    });
    if (items[active]) input.setAttribute("aria-activedescendant", items[active]!.id);
    else input.removeAttribute("aria-activedescendant");
    items[active]?.scrollIntoView({ block: "nearest" });
  }
  async function run(q: string): Promise<void> {
    if (!q.trim()) {
      list.innerHTML = "";
      shown(false);
      return;
    }
    const res = await fetch(`${base}/_/search?q=${encodeURIComponent(q)}&typing=1`, { headers: { accept: "application/json" } });
    if (!res.ok || input.value !== q) return;
    const { results } = (await res.json()) as { results: SearchResult[] };
    list.innerHTML = "";
    if (!results.length) list.append(noResults(q.trim()));
    for (const r of results) {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      const a = document.createElement("a");
      a.href = r.url;
      a.textContent = r.title;
      const p = document.createElement("p");
      p.innerHTML = r.snippet; // escaped by the server, <mark> only
      li.append(a, p);
      list.append(li);
    }
    setActive(results.length && opts.firstActive ? 0 : -1);
    shown(true);
  }
  // Searches as you type are not counted; the query the visitor settled on is, once, when they pick a result or leave
  // the search (no "kubernete" among the searches that found nothing).
  let counted = "";
  function countFinalQuery(): void {
    const q = input.value.trim();
    if (!q || q === counted) return;
    counted = q;
    void fetch(`${base}/_/search?q=${encodeURIComponent(q)}`, { headers: { accept: "application/json" }, keepalive: true }).catch(() => undefined);
  }
  list.addEventListener("click", (e) => {
    if ((e.target as Element).closest("a")) countFinalQuery();
  });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(input.value), 120);
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive(active + 1);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive(Math.max(0, active - 1));
    } else if (e.key === "Enter") {
      const a = list.querySelectorAll("li[role=option]")[active]?.querySelector("a");
      if (a) {
        e.preventDefault();
        countFinalQuery();
        location.href = a.href;
      }
    }
  });
  if (input.value.trim()) void run(input.value);
  return { countFinalQuery };
}

// Every search box on the page lists its results under itself; leaving the box (or Escape) folds them away.
for (const input of document.querySelectorAll<HTMLInputElement>("input[data-search]")) {
  const form = input.form;
  if (!form) continue;
  const list = document.createElement("ul");
  list.className = "search-suggest";
  list.hidden = true;
  form.append(list);
  const box = searchInto(input, list, { firstActive: false, onResults: (yes) => (list.hidden = !yes) });
  form.addEventListener("focusout", (e) => {
    if (form.contains(e.relatedTarget as Node | null)) return;
    box.countFinalQuery();
    list.hidden = true;
  });
  input.addEventListener("focus", () => {
    if (list.childElementCount && input.value.trim()) list.hidden = false;
  });
  input.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !list.hidden) {
      e.preventDefault();
      list.hidden = true;
    }
  });
}

// ⌘K / Ctrl-K: the search in a dialog, made on first use.
let dialog: HTMLDialogElement | undefined;
function openDialog(): void {
  if (!dialog) {
    dialog = document.createElement("dialog");
    dialog.className = "search-dialog";
    dialog.setAttribute("aria-label", strings.search);
    dialog.innerHTML = '<form method="dialog"><input type="search" autocomplete="off" maxlength="200"></form><ul></ul>';
    const field = dialog.querySelector("input")!;
    field.placeholder = strings.searchEllipsis;
    field.setAttribute("aria-label", strings.search);
    document.body.append(dialog);
    const d = dialog;
    const box = searchInto(d.querySelector("input")!, d.querySelector("ul")!, { firstActive: true });
    d.addEventListener("close", box.countFinalQuery);
    d.addEventListener("click", (e) => e.target === d && d.close());
    // Escape closes the dialog at once: a search field's own Escape would only clear the words first.
    d.querySelector("input")!.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      d.close();
    });
  }
  if (!dialog.open) dialog.showModal();
  const input = dialog.querySelector("input")!;
  input.focus();
  input.select();
}
document.addEventListener("keydown", (e) => {
  if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "k") {
    e.preventDefault();
    openDialog();
  }
});
// The page says "Ctrl K"; a Mac reader presses ⌘K (touch screens hide the hint in CSS).
if (/Mac|iPhone|iPad/.test(navigator.platform)) for (const kbd of document.querySelectorAll(".search kbd")) kbd.textContent = "⌘K";

// ── Feedback ──
// Yes or No first, then the comment box asks the fitting question, and Send records both at once: a reader who
// says No can say why (without the script, the plain form posts the choice and any comment typed before it).
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-feedback]")) {
  const label = form.querySelector<HTMLLabelElement>("label[for]");
  const text = form.querySelector<HTMLTextAreaElement>("textarea");
  const choices = [...form.querySelectorAll<HTMLButtonElement>("button[name=helpful]")];
  if (!label || !text) continue;
  label.hidden = text.hidden = true;
  let helpful = "";
  const send = document.createElement("button");
  send.type = "submit";
  send.textContent = strings.sendFeedback;
  send.hidden = true;
  form.append(send);
  for (const choice of choices) {
    choice.setAttribute("aria-pressed", "false");
    choice.addEventListener("click", (e) => {
      e.preventDefault();
      helpful = choice.value;
      for (const c of choices) c.setAttribute("aria-pressed", String(c === choice));
      label.textContent = helpful === "no" ? strings.whatWasMissing : strings.anythingToAdd;
      label.hidden = text.hidden = send.hidden = false;
      text.focus();
    });
  }
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!helpful) return;
    const data = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    data.set("helpful", helpful);
    const res = await fetch(form.action, { method: "POST", body: data, headers: { accept: "application/json" } });
    const note = document.createElement("p");
    note.setAttribute("role", "status");
    note.textContent = res.ok ? strings.feedbackThanks : strings.feedbackFailed;
    form.replaceChildren(note);
  });
}

// ── Current heading in the contents ──
const tocLinks = [...document.querySelectorAll<HTMLAnchorElement>("a[data-toc]")];
if (tocLinks.length && "IntersectionObserver" in window) {
  const byId = new Map(tocLinks.map((a) => [a.hash.slice(1), a]));
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        tocLinks.forEach((a) => a.removeAttribute("aria-current"));
        byId.get(entry.target.id)?.setAttribute("aria-current", "true");
      }
    },
    { rootMargin: "0px 0px -70% 0px" },
  );
  for (const id of byId.keys()) {
    const target = document.getElementById(id);
    if (target) observer.observe(target);
  }
}

// ── Copy page as Markdown ──
for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-copy-markdown]")) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy-markdown";
  button.textContent = strings.copyAsMarkdown;
  button.addEventListener("click", async () => {
    const text = await (await fetch(link.href)).text();
    await navigator.clipboard.writeText(text);
    button.textContent = strings.copied;
  });
  link.after(button);
}

export {};

// ── Video facades (render/video-facade.ts): the provider's player loads only when asked for ──
document.addEventListener("click", (event) => {
  const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-video]");
  if (!link?.dataset.video) return;
  event.preventDefault();
  const frame = document.createElement("iframe");
  frame.src = link.dataset.video;
  frame.className = "notion-asset-object-fit";
  frame.setAttribute("style", link.getAttribute("style") ?? "");
  frame.title = link.getAttribute("aria-label") ?? "";
  frame.allow = "autoplay; encrypted-media; fullscreen; picture-in-picture";
  frame.allowFullscreen = true;
  link.replaceWith(frame);
});
