import { parseDocument } from "htmlparser2";
import serialize from "dom-serializer";
import { Element, Text, isTag, type ChildNode, type ParentNode } from "domhandler";

/**
 * What of the site's own /_/ paths a static host can serve: files that are the same for every visitor. Everything
 * else under /_/ (search, chat, votes, subscribe, feedback, the analytics beacon, the scripts that call them) needs
 * the site server and is taken out of an exported page.
 */
const STATIC_PATHS = [/^\/_\/site\.css$/, /^\/_\/custom\.css$/, /^\/_\/katex\/[^/]+$/, /^\/_\/fonts\/[^/]+$/, /^\/_\/img\/[^/]+$/, /^\/_\/favicon\.svg$/, /^\/_\/changelog\.js$/];

/** The path part of a root-relative address ("/about?x#y" → "/about"); null for anything else (other hosts, "#top", "mailto:"). */
export function sitePathOf(href: string | undefined): string | null {
  if (!href || !href.startsWith("/") || href.startsWith("//")) return null;
  const path = href.split(/[?#]/, 1)[0]!;
  try {
    return decodeURI(path);
  } catch {
    return null;
  }
}

/** Whether a site path (below the site's path prefix, if it has one) is one only the site server answers. */
export function isServerPath(path: string, basePath = ""): boolean {
  const below = basePath && path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
  return below.startsWith("/_/") && !STATIC_PATHS.some((re) => re.test(below));
}

const LINK_ATTRIBUTES = ["href", "src", "action", "poster", "data-src"];

/** Whether a tag asks for something only the server answers (a form posting to /_/subscribe, a script calling /_/search…). */
function needsServer(el: Element, basePath: string): boolean {
  for (const name of LINK_ATTRIBUTES) {
    const path = sitePathOf(el.attribs[name]);
    if (path !== null && isServerPath(path, basePath)) return true;
  }
  // Inline scripts that talk to the server (the analytics beacon) name their endpoint.
  if (el.name === "script" && !el.attribs.src) return el.children.some((c) => c instanceof Text && /\/_\/(?!changelog\.js)[a-z]/.test(c.data));
  return false;
}

/**
 * An exported page: the server-only parts out (a form becomes a link to the same page on the live site, so a reader
 * can still search, subscribe or vote there), and every site address the page uses (query kept: an image's size is
 * in it), to be written next to it. `render` writes the page with some of those addresses renamed (an image's query
 * made part of its file name, since a static host ignores queries).
 */
export function staticPage(html: string, live: { origin: string; basePath: string; pageUrl: string }): { refs: string[]; render(renamed: ReadonlyMap<string, string>): string } {
  const doc = parseDocument(html, { decodeEntities: false, lowerCaseAttributeNames: false });
  const refs = new Set<string>();
  const linking: Element[] = [];
  const visit = (parent: ParentNode) => {
    for (const child of [...parent.children]) {
      if (!isTag(child)) continue;
      if (needsServer(child, live.basePath)) {
        replaceOrRemove(child, live);
        continue;
      }
      for (const ref of refsOf(child)) refs.add(ref);
      if (refsOf(child).length > 0) linking.push(child);
      visit(child);
    }
  };
  visit(doc);
  return {
    refs: [...refs],
    render(renamed) {
      for (const el of linking) {
        for (const name of LINK_ATTRIBUTES) {
          const value = el.attribs[name];
          if (value !== undefined) el.attribs[name] = renamed.get(unescapeAttribute(value)) ?? value;
        }
        if (el.attribs.srcset) {
          el.attribs.srcset = el.attribs.srcset
            .split(",")
            .map((candidate) => {
              const [url = "", ...rest] = candidate.trim().split(/\s+/);
              return [renamed.get(unescapeAttribute(url)) ?? url, ...rest].join(" ");
            })
            .join(", ");
        }
      }
      return serialize(doc, { decodeEntities: false, emptyAttrs: true });
    },
  };
}

/** Attribute values are kept as the renderer escaped them ("&amp;" in a query). */
const unescapeAttribute = (value: string) => value.replace(/&amp;/g, "&");

function refsOf(el: Element): string[] {
  const refs: string[] = [];
  for (const name of LINK_ATTRIBUTES) {
    const value = el.attribs[name];
    if (value !== undefined && sitePathOf(value) !== null) refs.push(unescapeAttribute(value));
  }
  for (const candidate of (el.attribs.srcset ?? "").split(",")) {
    const url = candidate.trim().split(/\s+/)[0];
    if (url && sitePathOf(url) !== null) refs.push(unescapeAttribute(url));
  }
  return refs;
}

function replaceOrRemove(el: Element, live: { origin: string; basePath: string; pageUrl: string }): void {
  const parent = el.parent;
  if (!parent) return;
  const index = parent.children.indexOf(el as ChildNode);
  // A link to a server-only page (the chat) still leads there: on the live site.
  if (el.name === "a" && el.attribs.href) {
    el.attribs.href = `${live.origin}${el.attribs.href}`;
    return;
  }
  if (el.name === "form") {
    // A search form leads to the live site's search page; any other form to the same page there.
    const action = sitePathOf(el.attribs.action) ?? "";
    const search = action.endsWith("/_/search");
    const what = search ? "Search this site" : action.endsWith("/_/subscribe") ? "Subscribe" : action.endsWith("/_/feedback") ? "Send feedback on this page" : "Use this form";
    const link = new Element("a", { href: search ? `${live.origin}${action}` : live.pageUrl, class: "export-live-link" }, [new Text(`${what} on the live site`)]);
    const p = new Element("p", {}, [link]);
    link.parent = p;
    p.parent = parent;
    parent.children.splice(index, 1, p);
  } else {
    parent.children.splice(index, 1);
  }
  el.parent = null;
}

/** The site paths a stylesheet at `sheetPath` loads with url(…) (fonts, KaTeX), relative ones resolved against it. */
export function stylesheetPaths(css: string, sheetPath: string): string[] {
  const paths: string[] = [];
  for (const match of css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
    const ref = match[1]!.trim();
    if (/^(data:|[a-z][a-z0-9+.-]*:|#)/i.test(ref)) continue;
    const path = sitePathOf(new URL(ref, `http://site${sheetPath}`).pathname);
    if (path !== null) paths.push(path);
  }
  return paths;
}
