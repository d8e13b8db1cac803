import { getNotionFileUrl } from "notion-utils";
import { blockOf } from "@/notion/record-map";
import { pageToMarkdown, type MarkdownLinks } from "./markdown";
import type { Route } from "@/site-model/site-model";
import { absoluteUrl, imageSrc, siteName, type RenderContext } from "./render/context";

/** Pages AI agents can read: `/llms.txt` (an index), `/llms-full.txt` (everything) and `<path>.md` (one page). */

function links(ctx: RenderContext): MarkdownLinks {
  return {
    pageUrl: (id) => {
      const dashed = id.length === 32 ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}` : id;
      const path = ctx.model.pathOfPage.get(dashed);
      return path ? absoluteUrl(ctx, path) : null;
    },
    imageUrl: (src, blockId) => {
      const url = imageSrc(ctx, src, blockId, 1200);
      return url ? (url.startsWith("/") ? `${ctx.origin}${url}` : url) : getNotionFileUrl(src) ? null : src;
    },
    siteBlock: (id) => blockOf({ block: ctx.model.pageBlocks }, id),
    rowProperties: ctx.model.kind === "tree",
  };
}

/** A route's page as Markdown; null for list pages (tags, authors) that have no page of their own. */
export function markdownOf(ctx: RenderContext, route: Route): string | null {
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

function pages(ctx: RenderContext): { title: string; path: string; route: Route }[] {
  return [...ctx.model.routes.entries()]
    .filter(([, r]) => r.kind === "page" || r.kind === "entry")
    .map(([path, route]) => ({ path, route, title: route.kind === "page" ? route.node.title : route.kind === "entry" ? route.entry.title : "" }));
}

export function llmsTxt(ctx: RenderContext): string {
  const summary = ctx.settings.description || (ctx.model.kind === "database" ? ctx.model.description : "") || `${siteName(ctx)}, published from Notion.`;
  const lines = [`# ${siteName(ctx)}`, "", `> ${summary}`, "", "## Pages", ""];
  for (const p of pages(ctx)) lines.push(`- [${p.title || "Untitled"}](${absoluteUrl(ctx, p.path === "/" ? "/index.md" : `${p.path}.md`)})`);
  // Where an agent can search, read and ask (a protected site needs an agent token for both). `?ask=` works on any
  // page with a Markdown twin: the home page of a tree site, the first post of a blog or changelog.
  const askOn = pages(ctx)[0];
  lines.push("", "## For AI agents", "", `- MCP server (Streamable HTTP): ${absoluteUrl(ctx, "/_/mcp")} (tools: search, list_pages, get_page, ask)`);
  if (askOn) lines.push(`- Ask a question, answered from this site with sources: ${absoluteUrl(ctx, askOn.path === "/" ? "/index.md" : `${askOn.path}.md`)}?ask=<question>`);
  return `${lines.join("\n")}\n`;
}

export function llmsFullTxt(ctx: RenderContext): string {
  return `${pages(ctx)
    .map((p) => markdownOf(ctx, p.route))
    .filter((md): md is string => Boolean(md))
    .join("\n---\n\n")}`;
}
