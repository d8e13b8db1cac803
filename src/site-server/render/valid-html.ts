import { DomUtils, ElementType, parseDocument } from "htmlparser2";
import render from "dom-serializer";
import { Element, isTag, type ChildNode } from "domhandler";

/**
 * react-notion-x writes a page body that no HTML validator accepts, and browsers and screen readers repair it each
 * their own way: a second <main> (the body's root) inside our layout's <main>, a nested list as a sibling of its parent
 * item (`<ul><li>A</li><ul>…</ul></ul>`), a <div> inside a heading's or a page link's <span>. This pass parses the
 * body once (htmlparser2) and writes it back valid, keeping every element, its attributes and its order:
 * - the root becomes the <div> returned (its classes kept, so the stylesheet still applies);
 * - anything inside a list that is not an item moves into the item before it (as Notion shows it: indented under that
 *   item), or gets an item of its own when there is none;
 * - a <div> where only phrasing content may be becomes a <span class="as-block"> (site.css: `display:block`, as the div was);
 * - an image's <figcaption> inside the figure's inner box moves to the figure's end; an <iframe> loses `frameborder`
 *   and `scrolling`;
 * - a Notion heading that skips a level (a small heading right under the page's title) takes the level after the one
 *   before it, so screen readers' outline has no gap; its classes (and so its look) stay.
 * Text and attributes are written back exactly as React escaped them, except the raw ">" Prism leaves in code.
 */

type Node = ChildNode;

/** Elements whose content model is phrasing only (the ones react-notion-x puts block elements in). */
const PHRASING_ONLY = new Set(["span", "p", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em", "b", "i", "u", "s", "code", "label", "button", "summary", "small", "sub", "sup", "mark"]);
const LISTS = new Set(["ul", "ol"]);

const isElement = (node: Node): node is Element => isTag(node);

/**
 * `preloads`: the attributes of the `<link rel="preload">` elements React writes before the body for its images when
 * the body is rendered on its own; the caller renders them again as React elements, so React hoists them into <head>.
 */
export function validBodyHtml(html: string): { className: string; inner: string; preloads: Record<string, string>[] } {
  // Text and attributes stay exactly as React escaped them (no decoding, no re-encoding: untrusted Notion text never
  // comes back unescaped), attribute names as React wrote them (dateTime, viewBox).
  const doc = parseDocument(html, { decodeEntities: false, lowerCaseAttributeNames: false });
  const top = doc.children.filter(isElement);
  const root = top.find((el) => el.name !== "link");
  const preloads = top.filter((el) => el.name === "link").map((el) => ({ ...el.attribs }));
  if (!root) return { className: "", inner: html, preloads: [] };
  repair(root, false);
  levelHeadings(root);
  return { className: root.attribs.class ?? "", inner: render(root.children, { decodeEntities: false, emptyAttrs: true }), preloads };
}

function repair(element: Element, inPhrasing: boolean, figure: Element | null = null): void {
  if (LISTS.has(element.name)) moveStraysIntoItems(element);
  if (element.name === "iframe") {
    // Deprecated presentational attributes react-notion-x still writes (site.css draws no frame border).
    for (const name of Object.keys(element.attribs)) if (/^(frameborder|scrolling)$/i.test(name)) delete element.attribs[name];
  }
  const phrasing = inPhrasing || PHRASING_ONLY.has(element.name);
  for (const child of [...element.children]) {
    // Prism leaves ">" raw in highlighted code; text is written back as it is, so it is escaped here.
    if (child.type === ElementType.Text && element.name !== "script" && element.name !== "style") child.data = child.data.replace(/>/g, "&gt;");
    const el = child as Node;
    if (!isElement(el)) continue;
    if (phrasing && el.name === "div") {
      el.name = "span";
      el.attribs.class = `${el.attribs.class ?? ""} as-block`.trim();
    }
    if (el.name === "figcaption" && element.name !== "figure") {
      // An image's caption inside the figure's inner box: the figure's own last child, where a caption belongs.
      DomUtils.removeElement(el);
      if (figure) DomUtils.appendChild(figure, el);
      else el.name = "div";
      continue;
    }
    repair(el, phrasing, el.name === "figure" ? el : figure);
  }
}

/** A list's children that are not <li> (nested lists, blank blocks) go into the item before them. */
function moveStraysIntoItems(list: Element): void {
  let item: Element | null = null;
  for (const child of [...list.children]) {
    const node = child as Node;
    if (isElement(node) && node.name === "li") {
      item = node;
      continue;
    }
    if (node.type === ElementType.Text && !node.data.trim()) continue;
    if (!item) {
      // No item to hold it (a list that starts with a nested list): an item of its own, unmarked.
      const holder = new Element("li", { class: "notion-list-holder" });
      DomUtils.prepend(node, holder);
      DomUtils.removeElement(node);
      DomUtils.appendChild(holder, node);
      item = holder;
      continue;
    }
    DomUtils.removeElement(node);
    DomUtils.appendChild(item, node);
  }
}

/** Heading levels without gaps: the page's title is the <h1> above the body, so the body's outline starts at <h2>. */
function levelHeadings(root: Element): void {
  let previous = 1;
  for (const heading of DomUtils.findAll((el) => /^h[1-6]$/.test(el.name), root.children)) {
    let level = Number(heading.name[1]);
    // Only Notion's own headings move; headings our layouts write inside the body (board columns) are left as they are.
    if (level > previous + 1 && /\bnotion-h\b/.test(heading.attribs.class ?? "")) {
      level = previous + 1;
      heading.name = `h${level}`;
    }
    previous = level;
  }
}
