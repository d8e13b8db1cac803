import { parse } from "parse5";
import type { ExpectedBlock, ExpectedPage, Form } from "../../fixtures/real/expectations";

/**
 * Judges one published page against what its recording says a reader of the Notion page sees
 * (tests/fixtures/real/expectations.ts). Returns every failure as a sentence, so one run reports them all.
 *
 * Where the page is: a published page has one `<main>` landmark (the layout's), and the Notion page's body inside it is
 * the element carrying `notion`, `notion-page` and `notion-block-<page id>` (the root react-notion-x draws, kept as a
 * `<div>` so the page holds one main). Its text alone is judged: the layout's header, navigation and footer are not
 * the page's content.
 *
 * How blocks are found: each rendered block carries `notion-block-<id without dashes>` (the block's Notion id), so a
 * block is looked up by its own id. Order and text: the page's text must hold every block's text runs in the recorded
 * order (whitespace collapsed). Form: the element of the block must be what Notion shows (heading of its level, list
 * of its kind, code with its language label, callout with its icon, rendered equation, image, table cells, …).
 */

type Node = { nodeName: string; tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; value?: string; content?: Node; parentNode?: Node };

/** Elements that start a line of their own: their text is kept apart from their neighbours'. */
const BLOCK_TAGS = /^(address|article|aside|blockquote|details|dd|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|thead|tfoot|tr|td|th|ul|br)$/;
export type Dom = {
  /** The `<main>` landmarks (a valid page has exactly one). */
  mains: Node[];
  /** The Notion page's body: the first `notion notion-page notion-block-<id>` element inside a `<main>`. */
  body: Node | null;
  /** The page id (32 hex digits) the body names. */
  bodyPageId: string | null;
  all: Node[];
  byBlock: Map<string, Node>;
  textOf(n: Node): string;
  attr(n: Node, name: string): string | undefined;
};

const safeDecode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};
export const norm = (s: string) => s.replace(/\s+/g, " ").trim();
const hex = (id: string) => id.replace(/-/g, "").toLowerCase();

export function parseHtml(html: string): Dom {
  const doc = parse(html) as unknown as Node;
  const all: Node[] = [];
  const byBlock = new Map<string, Node>();
  const mains: Node[] = [];
  let body: Node | null = null;
  let bodyPageId: string | null = null;
  const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;
  const visit = (n: Node, inMain: boolean) => {
    let within = inMain;
    if (n.tagName) {
      all.push(n);
      if (n.tagName === "main") {
        mains.push(n);
        within = true;
      }
      const classes = (attr(n, "class") ?? "").split(/\s+/);
      let blockId: string | null = null;
      for (const cls of classes) {
        const m = /^notion-block-([0-9a-f]{32})$/.exec(cls);
        if (m) blockId = m[1]!;
        if (m && !byBlock.has(m[1]!)) byBlock.set(m[1]!, n);
      }
      if (!body && within && blockId && classes.includes("notion") && classes.includes("notion-page")) {
        body = n;
        bodyPageId = blockId;
      }
    }
    for (const c of n.childNodes ?? []) visit(c, within);
    if (n.content) visit(n.content, within);
  };
  visit(doc, false);
  const textOf = (n: Node): string => {
    if (n.nodeName === "#text") return n.value ?? "";
    if (n.tagName === "script" || n.tagName === "style" || n.tagName === "svg") return "";
    return (n.childNodes ?? []).map((c) => (c.tagName && BLOCK_TAGS.test(c.tagName) ? ` ${textOf(c)} ` : textOf(c))).join("");
  };
  return { mains, body, bodyPageId, all, byBlock, textOf, attr };
}

const descendants = (n: Node): Node[] => (n.childNodes ?? []).flatMap((c) => (c.tagName ? [c, ...descendants(c)] : descendants(c)));
const hasTag = (n: Node, tags: string[]) => [n, ...descendants(n)].some((d) => tags.includes(d.tagName ?? ""));

/** Problems with one block's form, given its element. */
function formProblems(dom: Dom, el: Node, form: Form, siteHost: string): string[] {
  const all = [el, ...descendants(el)];
  const text = norm(dom.textOf(el));
  const classes = (n: Node) => (dom.attr(n, "class") ?? "").split(/\s+/);
  switch (form.kind) {
    case "heading": {
      const ok = /^h[1-6]$/.test(el.tagName ?? "") && classes(el).includes(`notion-h${form.level}`);
      return ok ? [] : [`is not a level-${form.level} heading (<${el.tagName} class="${dom.attr(el, "class")}">)`];
    }
    case "list": {
      const want = form.ordered ? "ol" : "ul";
      return el.tagName === want || (el.tagName === "li" && true) ? [] : [`is not in a${form.ordered ? " numbered" : " bulleted"} list (<${el.tagName}>)`];
    }
    case "code":
      return text.toLowerCase().includes(form.language.toLowerCase()) ? [] : [`code block does not show its language "${form.language}"`];
    case "callout": {
      if (!form.icon) return [];
      const shown = all.some((n) => dom.attr(n, "aria-label") === form.icon || (dom.attr(n, "src") ?? "").includes(encodeURIComponent(form.icon!).slice(0, 40)) || (dom.attr(n, "src") ?? "").includes(form.icon!.slice(0, 40))) || text.includes(form.icon);
      return shown ? [] : [`callout does not show its icon ${form.icon.slice(0, 60)}`];
    }
    case "equation":
      return all.some((n) => classes(n).some((c) => c.startsWith("katex"))) ? [] : ["equation is not rendered (no KaTeX markup)"];
    case "image":
      return hasTag(el, ["img"]) ? [] : ["image has no <img>"];
    case "table": {
      const cells = all.filter((n) => n.tagName === "td" || n.tagName === "th").map((n) => norm(dom.textOf(n)));
      const want = form.rows.flat();
      return cells.join("|") === want.join("|") ? [] : [`table cells differ: want ${JSON.stringify(form.rows)}, got ${JSON.stringify(cells)}`];
    }
    case "quote":
      return hasTag(el, ["blockquote"]) ? [] : ["quote is not a <blockquote>"];
    case "toggle":
      return hasTag(el, ["details"]) ? [] : ["toggle is not a <details>"];
    case "divider":
      return hasTag(el, ["hr"]) ? [] : ["divider has no <hr>"];
    case "todo": {
      const checked = all.some((n) => classes(n).some((c) => /checked/.test(c) && !/unchecked/.test(c)) || dom.attr(n, "aria-checked") === "true" || dom.attr(n, "checked") !== undefined);
      return checked === form.checked ? [] : [`to-do shows ${checked ? "checked" : "unchecked"}, recorded ${form.checked ? "checked" : "unchecked"}`];
    }
    case "subpage": {
      const links = all.filter((n) => n.tagName === "a" && dom.attr(n, "href"));
      if (!form.readable) return links.length ? [`unreadable sub-page "${form.title}" is linked (${dom.attr(links[0]!, "href")})`] : [];
      if (form.alias) return links.length ? [] : [`link to page "${form.title}" is not a link`];
      const local = links.find((a) => !/^https?:/.test(dom.attr(a, "href")!) || dom.attr(a, "href")!.includes(siteHost));
      return local ? [] : [`sub-page "${form.title}" has no link into the site`];
    }
    case "link":
      return form.url && !all.some((n) => Object.values(n.attrs ?? []).some((a) => a.value.includes(form.url.slice(0, 60)) || safeDecode(a.value).includes(form.url.slice(0, 60)))) && !text.includes(form.url.slice(0, 60))
        ? [`does not show or link its source ${form.url.slice(0, 80)}`]
        : [];
    default:
      return [];
  }
}

/**
 * Blocks our markup does not tag with their id, found by what they show: a code block by its code (the element
 * around its <pre>), a link to a page by the page it links to.
 */
function fallbackElement(dom: Dom, block: ExpectedBlock, codeIndex: number): Node | undefined {
  if (block.form.kind === "code") {
    // By its code; an empty code block by its place among the page's code blocks.
    const pres = dom.all.filter((n) => n.tagName === "pre");
    const code = block.text[0]?.slice(0, 80);
    const pre = code ? pres.find((n) => norm(dom.textOf(n)).includes(code)) : pres[codeIndex];
    return pre?.parentNode?.tagName ? pre.parentNode : pre;
  }
  if (block.form.kind === "subpage" && block.form.alias) {
    const target = block.form.pageId;
    return dom.all.find((n) => n.tagName === "a" && [dom.attr(n, "class") ?? "", dom.attr(n, "href") ?? ""].some((v) => v.includes(target) || v.includes(hex(target))));
  }
  return undefined;
}

/** The `section.inline-collection` (or other element) holding a database: the one that names its rows or title. */
function databaseElement(dom: Dom, block: ExpectedBlock): Node | null {
  const anchored = dom.byBlock.get(hex(block.id));
  if (anchored) return anchored;
  const form = block.form as Extract<Form, { kind: "database" }>;
  const sections = dom.all.filter((n) => (dom.attr(n, "class") ?? "").split(/\s+/).includes("inline-collection"));
  const shows = (s: Node, text: string) => Boolean(text) && norm(dom.textOf(s)).includes(norm(text));
  return (
    sections.find((s) => shows(s, form.title)) ??
    sections.find((s) => form.rows.some((r) => shows(s, r.title) || Object.values(r.values).some((v) => v.text.some((t) => shows(s, t))))) ??
    null
  );
}

/**
 * A database's rows and, per view, the visible properties' values. A view is found by its name (our views are
 * `details.collection-view` with the name as summary) or, unnamed, by its place; when the page shows no view tabs,
 * the database's element stands for its one view. Filtered views are not held to every row.
 */
function databaseProblems(dom: Dom, el: Node, form: Extract<Form, { kind: "database" }>): string[] {
  const problems: string[] = [];
  const text = norm(dom.textOf(el));
  for (const row of form.rows) if (row.title && !text.includes(row.title)) problems.push(`database "${form.title}": row "${row.title}" missing`);
  const viewElements = descendants(el).filter((n) => (dom.attr(n, "class") ?? "").split(/\s+/).includes("collection-view"));
  for (const [index, view] of form.views.entries()) {
    if (view.filtered) continue;
    // By name; an unnamed view (Notion shows its type) by its place among the views.
    const named = viewElements.find((n) => {
      const summary = (n.childNodes ?? []).find((c) => c.tagName === "summary");
      return summary && view.name && norm(dom.textOf(summary)) === norm(view.name);
    });
    const scope = named ?? (viewElements.length ? (view.name ? null : viewElements[index] ?? null) : el);
    if (!scope) {
      problems.push(`database "${form.title}": ${view.type} view "${view.name}" not shown`);
      continue;
    }
    const viewText = norm(dom.textOf(scope));
    const rowsShown = form.rows.filter((r) => r.title && viewText.includes(r.title)).length;
    const rowsWithTitle = form.rows.filter((r) => r.title).length;
    if (rowsShown < rowsWithTitle) problems.push(`database "${form.title}", ${view.type} view "${view.name}": ${rowsWithTitle - rowsShown} of ${rowsWithTitle} rows missing`);
    for (const prop of view.properties) {
      if (prop.type === "title" || prop.type === "number") continue;
      const values = [...new Set(form.rows.flatMap((r) => r.values[prop.id]?.text ?? []))];
      const missing = values.filter((v) => !viewText.includes(norm(v)));
      if (missing.length) problems.push(`database "${form.title}", ${view.type} view "${view.name}": ${missing.length} of ${values.length} "${prop.name}" (${prop.type}) values missing`);
    }
  }
  return problems;
}

export type PageVerdict = { failures: string[]; imageSources: { blockId: string; src: string; recorded: string }[] };

/** Every way the rendered page differs from its recording. `siteHost`: the site's host, for telling local links apart. */
export function checkPage(html: string, expected: ExpectedPage, siteHost: string): PageVerdict {
  const dom = parseHtml(html);
  const failures: string[] = [];
  const imageSources: PageVerdict["imageSources"] = [];
  if (dom.mains.length !== 1) failures.push(`${dom.mains.length} <main> landmarks in the page (a page has one)`);
  if (!dom.body) return { failures: [...failures, "no page body (an element of class notion notion-page notion-block-<id>) inside <main>"], imageSources };
  const mainText = norm(dom.textOf(dom.body));
  if (expected.hasContent && dom.byBlock.size <= 1 && mainText.length < 2) failures.push("blank page: nothing rendered though the recording has content");

  // Text in order: the runs of every readable block, as a subsequence of the page's text.
  let cursor = 0;
  for (const block of expected.blocks) {
    for (const run of block.text) {
      const at = mainText.indexOf(run, cursor);
      if (at >= 0) {
        cursor = at + run.length;
        continue;
      }
      failures.push(mainText.includes(run) ? `${block.type} ${block.id}: text out of order: "${run.slice(0, 60)}"` : `${block.type} ${block.id}: text missing: "${run.slice(0, 60)}"`);
    }
  }

  let codeIndex = -1;
  for (const block of expected.blocks) {
    if (block.form.kind === "code") codeIndex += 1;
    if (block.form.kind === "database") {
      const el = databaseElement(dom, block);
      if (!el) failures.push(`database "${block.form.title}" (${block.id}) not rendered`);
      else failures.push(...databaseProblems(dom, el, block.form));
      continue;
    }
    const el = dom.byBlock.get(hex(block.id)) ?? fallbackElement(dom, block, codeIndex);
    if (!el) {
      if (block.form.kind === "subpage" && !block.form.readable) continue;
      // A layout or synced-block wrapper shows only its children, which are judged on their own.
      if (block.form.kind === "container") continue;
      // Our markup gives nested list items no id, so an item is found by its text; an empty one has nothing to find.
      if (block.form.kind === "list" && block.text.length === 0) continue;
      // A block with text that shows it is present even without its id (e.g. inside a list item).
      if (block.text.length && block.text.every((run) => mainText.includes(run)) && ["text", "list", "container"].includes(block.form.kind)) continue;
      failures.push(`${block.type} ${block.id}: not rendered`);
      continue;
    }
    for (const p of formProblems(dom, el, block.form, siteHost)) failures.push(`${block.type} ${block.id}: ${p}`);
    if (block.form.kind === "image") {
      const img = [el, ...descendants(el)].find((n) => n.tagName === "img");
      const src = img && dom.attr(img, "src");
      if (src) imageSources.push({ blockId: block.id, src, recorded: block.form.source });
    }
  }

  // A database row's property values, above its body.
  for (const prop of expected.properties) {
    if (!mainText.includes(norm(prop.name))) failures.push(`row property "${prop.name}" (${prop.type}) not shown`);
    for (const value of prop.text) if (prop.type !== "number" && !mainText.includes(norm(value))) failures.push(`row property "${prop.name}": value "${value}" not shown`);
  }
  return { failures, imageSources };
}

/** The Notion page a published page renders: the id its body (`notion notion-page notion-block-<id>` in `<main>`) names. */
export function renderedPageId(html: string): string | null {
  return parseHtml(html).bodyPageId;
}
