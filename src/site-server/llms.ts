import { getNotionFileUrl } from "notion-utils";
import { blockOf } from "@/notion/record-map";
import { pageToMarkdown, type MarkdownLinks } from "./markdown";
import type { Entry, Route } from "@/site-model/site-model";
import { absoluteUrl, imageSrc, siteName, type RenderContext } from "./render/context";

/** Pages AI agents can read: `/llms.txt` (an index), `/llms-full.txt` (everything) and `<path>.md` (one page). */

function links(ctx: RenderContext): MarkdownLinks {
  return {
    pageUrl: (id) => {
      const dashed = id.length === 32 ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}` : id;
      const path = ctx.model.pathOfPage.get(dashed);
      // Another of the owner's sites publishes it: its address there.
      return path ? absoluteUrl(ctx, path) : (ctx.mentionLinks?.get(dashed.toLowerCase()) ?? null);
    },
    imageUrl: (src, blockId) => {
      const url = imageSrc(ctx, src, blockId, 1200);
      return url ? (url.startsWith("/") ? `${ctx.origin}${url}` : url) : getNotionFileUrl(src) ? null : src;
    },
    siteBlock: (id) => blockOf({ block: ctx.model.pageBlocks }, id),
    rowProperties: ctx.model.kind === "tree",
  };
}

/** A route's page as Markdown; null for list pages (tags, authors, page 2…) that have no page of their own. */
export function markdownOf(ctx: RenderContext, route: Route): string | null {
  if (route.kind === "index") return route.page === 1 ? databaseHomeMarkdown(ctx) : null;
  if (route.kind === "page") return pageToMarkdown(route.node.recordMap, route.node.pageId, links(ctx), route.node.title);
  if (route.kind === "entry" && route.entry.recordMap) {
    const e = { ...route.entry, recordMap: route.entry.recordMap };
    const meta = [e.date ? `Date: ${e.date}` : "", e.version ? `Version: ${e.version}` : "", e.authors.length ? `Authors: ${e.authors.map((a) => a.name).join(", ")}` : "", e.tags.length ? `Tags: ${e.tags.join(", ")}` : ""].filter(Boolean);
    const md = pageToMarkdown(e.recordMap, e.pageId, links(ctx), e.title);
    const [heading, ...rest] = md.split("\n");
    return [heading, "", ...(e.description ? [`> ${e.description}`, ""] : []), ...(meta.length ? [meta.join(" · "), ""] : []), ...rest].join("\n");
  }
  return null;
}

/**
 * A blog's, changelog's or roadmap's home as Markdown: its title, summary and every published entry as a link
 * (a roadmap grouped by status), so `/index.md`, its `?ask=` and the MCP `get_page "/"` answer on every site type.
 */
function databaseHomeMarkdown(ctx: RenderContext): string | null {
  const model = ctx.model;
  if (model.kind !== "database") return null;
  const summary = ctx.settings.description || model.description;
  const item = (e: Entry) => {
    const notes = [e.date, e.version ? `version ${e.version}` : "", e.description].filter(Boolean).join(" — ");
    return `- [${linkText(e.title || "Untitled")}](${linkUrl(absoluteUrl(ctx, e.path))})${notes ? `: ${oneLine(notes)}` : ""}`;
  };
  const body =
    model.siteType === "roadmap"
      ? model.columns.filter((c) => c.entries.length).flatMap((c) => [`## ${c.status}`, "", ...c.entries.map(item), ""])
      : [...model.entries.map(item), ""];
  return [`# ${siteName(ctx)}`, "", ...(summary ? [`> ${summary}`, ""] : []), ...body].join("\n");
}

function pages(ctx: RenderContext): { title: string; path: string; route: Route }[] {
  return [...ctx.model.routes.entries()]
    .filter(([, r]) => r.kind === "page" || r.kind === "entry")
    .map(([path, route]) => ({ path, route, title: route.kind === "page" ? route.node.title : route.kind === "entry" ? route.entry.title : "" }));
}

/**
 * The llms.txt index in the llmstxt.org format, which parsers read strictly: a `#` title, a one-line `>` summary
 * followed by a details paragraph (the summary is only recognised when something follows it), then `##` sections
 * whose every line is `- [name](url)` or `- [name](url): notes`. Prose about the MCP server stays in the details:
 * a list line that is not a link breaks those parsers. The ask link is under "Optional", the section tools leave out
 * when they fetch every link, so building a context never spends the site's answers.
 */
export function llmsTxt(ctx: RenderContext): string {
  const name = siteName(ctx);
  const summary = oneLine(ctx.settings.description || (ctx.model.kind === "database" ? ctx.model.description : "")) || `${name}, published from Notion.`;
  const twin = (path: string) => linkUrl(absoluteUrl(ctx, path === "/" ? "/index.md" : `${path}.md`));
  const listed = pages(ctx);
  const lines = [
    `# ${oneLine(name)}`,
    "",
    `> ${summary}`,
    "",
    `Each link below is a page of this site as Markdown. AI agents can also use the site's MCP server (Streamable HTTP, POST) at ${absoluteUrl(ctx, "/_/mcp")} with the tools search, list_pages, get_page and ask${ctx.answersQuestions ? ", or ask a question at any page's Markdown address with `?ask=<question>`" : ""}.`,
    "",
    "## Pages",
    "",
  ];
  // A blog's, changelog's or roadmap's home lists its entries; a tree site's home is its first page.
  if (!listed.some((p) => p.path === "/")) lines.push(`- [${linkText(name)}](${twin("/")}): the home page, every entry with its link`);
  for (const p of listed) lines.push(`- [${linkText(p.title || "Untitled")}](${twin(p.path)})`);
  lines.push("", "## Optional", "", `- [All pages in one file](${absoluteUrl(ctx, "/llms-full.txt")}): every page above as Markdown`);
  // Only where questions are answered: a site whose owner left the assistant off would answer the link with a 404.
  if (ctx.answersQuestions) {
    const question = encodeURIComponent(`What is ${oneLine(name)} about?`);
    lines.push(`- [Ask this site a question](${twin("/")}?ask=${question}): an answer from this site's pages with its sources, in Markdown; put your own question after ?ask=`);
  }
  return `${lines.join("\n")}\n`;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
/** A link's text and address as llms.txt parsers match them: no "]" in the text, no ")" in the address. */
const linkText = (text: string) => oneLine(text).replace(/\[/g, "(").replace(/\]/g, ")");
const linkUrl = (url: string) => url.replace(/\(/g, "%28").replace(/\)/g, "%29");

export function llmsFullTxt(ctx: RenderContext): string {
  return `${pages(ctx)
    .map((p) => markdownOf(ctx, p.route))
    .filter((md): md is string => Boolean(md))
    .join("\n---\n\n")}`;
}
