import type { Block, ExtendedRecordMap } from "notion-types";
import { getBlockIcon } from "notion-utils";
import { renderToStaticMarkup } from "react-dom/server";
import { NotionRenderer } from "react-notion-x";
import { validBodyHtml } from "./valid-html";
import { CodeBlock } from "./code-block";
import { Equation } from "./equation";
import { InlineCollection } from "./inline-collection";
import { withPlainMissingMentions } from "./mentions";
import { withPlainUnreadablePages } from "./unreadable-pages";
import { SafeLink } from "./safe-link";
import { withSafeEmbeds } from "../security";
import { withVideoEmbeds } from "./video-facade";
import { withRewrittenBlocks, type Crumb } from "./notion-block-rewrites";
import { customEmojiId } from "@/notion/custom-emoji";
import { href, imageSrc, lookSrc, type RenderContext } from "./context";

/**
 * A Notion page's body through react-notion-x, with our server-side components: highlighted code, KaTeX math,
 * static collections, links between pages mapped to site URLs and Notion files to the image route.
 */
export function NotionBody({ ctx, recordMap, pageId }: { ctx: RenderContext; recordMap: ExtendedRecordMap; pageId: string }) {
  const mapPageUrl = (id: string) => pageUrlOf(ctx, id);
  // Mentions of other pages ([["p", id]]) resolve through the site's page blocks (rows, sub-pages), else the
  // mentioned block fetched with the page (outside the site: pageUrlOf says where it links), else plain text.
  const root = ctx.model.rootRecordMap;
  const readable = ctx.model.kind === "tree" ? withPlainUnreadablePages(recordMap, pageId, (id) => ctx.model.pathOfPage.has(id)) : recordMap;
  const merged = withPlainMissingMentions(
    withVideoEmbeds(
      withSafeEmbeds(
        withRewrittenBlocks(
          { ...readable, block: { ...ctx.model.pageBlocks, ...readable.block }, notion_user: { ...root.notion_user, ...readable.notion_user } },
          trailOf(ctx, pageId),
          (icon) => ctx.model.customEmojis.get(customEmojiId(icon) ?? "")?.url ?? null,
        ),
      ),
    ),
  );
  // react-notion-x's markup is repaired into valid HTML (valid-html.ts) before it joins the layout.
  const { className, inner, preloads } = validBodyHtml(
    renderToStaticMarkup(
    <NotionRenderer
      recordMap={merged}
      rootPageId={pageId}
      blockId={pageId}
      fullPage={false}
      disableHeader
      darkMode={false}
      previewImages={false}
      mapPageUrl={mapPageUrl}
      mapImageUrl={(url: string | undefined, block: { id: string; format?: unknown }) => bodyImageSrc(ctx, merged, url, block) ?? ""}
      components={{
        Code: CodeBlock,
        Link: SafeLink,
        PageLink: SafeLink,
        Equation,
        Collection: (props: { block: { id: string; type: string; parent_table?: string } }) => <InlineCollection ctx={ctx} recordMap={recordMap} block={props.block} />,
      }}
    />,
    ),
  );
  return (
    <>
      {preloads.map((attribs, i) => (
        <link key={i} {...reactAttributes(attribs)} />
      ))}
      <div className={className} dangerouslySetInnerHTML={{ __html: inner }} />
    </>
  );
}

/**
 * Where a link to a Notion page goes: its path on this site; else its address on another of the owner's sites; else,
 * for a public page, the page on notion.so. A page read through a connection is private to its workspace, so outside
 * the owner's sites it has no address a visitor can open: "" (SafeLink writes its title as text).
 */
export function pageUrlOf(ctx: Pick<RenderContext, "model" | "basePath" | "mentionLinks" | "connected">, id: string): string {
  const dashed = (id.length === 32 ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}` : id).toLowerCase();
  const path = ctx.model.pathOfPage.get(dashed) ?? ctx.model.pathOfPage.get(id);
  if (path) return `${ctx.basePath}${path}` || "/";
  const elsewhere = ctx.mentionLinks?.get(dashed);
  if (elsewhere) return elsewhere;
  return ctx.connected ? "" : `https://www.notion.so/${id.replace(/-/g, "")}`;
}

/** HTML attribute names of a preload link as React's props (React writes them back as they were). */
const REACT_NAMES: Record<string, string> = { imagesrcset: "imageSrcSet", imagesizes: "imageSizes", fetchpriority: "fetchPriority", crossorigin: "crossOrigin", referrerpolicy: "referrerPolicy" };
const reactAttributes = (attribs: Record<string, string>) => Object.fromEntries(Object.entries(attribs).map(([name, value]) => [REACT_NAMES[name] ?? name, value]));

/**
 * react-notion-x renders a simple table's header row with <td>; screen readers (and axe's td-has-header) need <th>.
 * Rewrites only the header rows of notion-simple-table in rendered HTML.
 */
export function accessibleTables(html: string): string {
  return html.replace(/(<tr class="[^"]*notion-simple-table-header-row[^"]*">)([\s\S]*?)(<\/tr>)/g, (_m, open: string, cells: string, close: string) =>
    `${open}${cells.replace(/<td(\s|>)/g, '<th scope="col"$1').replace(/<\/td>/g, "</th>")}${close}`,
  );
}

/**
 * react-notion-x names an icon's image after the block's title; a custom emoji's image is named by the emoji's name,
 * as on the page header. Rewrites the alt text of images whose image-route file is one of the site's custom emoji.
 */
export function customEmojiAlts(html: string, ctx: Pick<RenderContext, "model">): string {
  const byUrl = new Map([...ctx.model.customEmojis.values()].map((emoji) => [emoji.url, emoji.name]));
  if (!byUrl.size) return html;
  return html.replace(/<img\b[^>]*>/g, (tag) => {
    const src = /\ssrc="([^"]*\/_\/img\/[^"]*)"/.exec(tag)?.[1];
    const file = src ? new URLSearchParams(src.replaceAll("&amp;", "&").split("?")[1] ?? "").get("src") : null;
    const name = file ? byUrl.get(file) : undefined;
    if (name === undefined) return tag;
    const alt = ` alt="${name.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}"`;
    return /\salt="[^"]*"/.test(tag) ? tag.replace(/\salt="[^"]*"/, alt) : tag.replace(/^<img\b/, `<img${alt}`);
  });
}

/** The page's ancestors on this site and the page itself, for a breadcrumb block. */
function trailOf(ctx: RenderContext, pageId: string): Crumb[] {
  const path = ctx.model.pathOfPage.get(pageId);
  const route = path ? ctx.model.routes.get(path) : undefined;
  if (!route) return [];
  if (route.kind === "entry") return [{ title: ctx.model.title, href: href(ctx, "/") }, { title: route.entry.title, href: href(ctx, route.entry.path) }];
  if (route.kind !== "page") return [];
  const trail: Crumb[] = [];
  for (let node: typeof route.node | null = route.node; node; node = node.parent) trail.unshift({ title: node.title, href: href(ctx, node.path) });
  return trail;
}

/**
 * react-notion-x asks for every image of the body through one callback: a block's icon (page links, callouts, rows) at
 * icon size, its cover as a cover (external ones too, like the page header), anything else at content width.
 */
function bodyImageSrc(ctx: RenderContext, recordMap: ExtendedRecordMap, url: string | undefined, block: { id: string; format?: unknown }): string | null {
  const format = (block.format ?? {}) as { page_icon?: unknown; page_cover?: unknown };
  // A page's or callout's own icon, or a database's (its collection's).
  if (url && url === getBlockIcon(block as Block, recordMap)) return lookSrc(ctx, url, block.id, 64);
  if (url && url === format.page_cover) return lookSrc(ctx, url, block.id, 1200);
  return imageSrc(ctx, url, block.id, 1200);
}
