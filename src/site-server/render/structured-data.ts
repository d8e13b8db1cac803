import type { ExtendedRecordMap } from "notion-types";
import { blockOf, pageTitle } from "@/notion/record-map";
import type { Entry } from "@/site-model/site-model";
import type { TreeNode } from "@/site-model/tree-model";
import { absoluteUrl, siteName, type RenderContext } from "./context";

/**
 * schema.org structured data (JSON-LD) for search engines: the site as a `WebSite` with its search on the home page,
 * a `BreadcrumbList` on every other page, docs pages as `TechArticle`, help-desk articles as `Article`, roadmap items
 * as a `CreativeWork` with their status, and a `FAQPage` where a page's body asks and answers questions (toggles whose
 * title is a question, as Notion pages write an FAQ). Plain data: the document shell writes each as a script tag.
 */

export type JsonLd = Record<string, unknown>;
export type Crumb = { name: string; path: string };

const CONTEXT = "https://schema.org";

/** The home page's `WebSite`, with the `SearchAction` that site search answers (`/_/search?q=`). */
export function websiteJsonLd(ctx: RenderContext, description: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: siteName(ctx),
    url: absoluteUrl(ctx, "/"),
    description: description || undefined,
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(ctx, "/_/search")}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** The trail from the home page to this one, the last item the page itself. */
export function breadcrumbJsonLd(ctx: RenderContext, crumbs: Crumb[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name || "Untitled", item: absoluteUrl(ctx, c.path) })),
  };
}

/** A tree page's trail: the home page, its ancestors, then itself. */
export function treeCrumbs(ctx: RenderContext, node: TreeNode): Crumb[] {
  const trail: Crumb[] = [];
  for (let n: TreeNode | null = node; n; n = n.parent) trail.unshift({ name: n.depth === 0 ? siteName(ctx) : n.title, path: n.path });
  return trail;
}

const isoOf = (ms: number, ctx: RenderContext) => new Date(ms || ctx.now.getTime()).toISOString();
const publisherOf = (ctx: RenderContext) => ({ "@type": "Organization", name: siteName(ctx), url: absoluteUrl(ctx, "/") });

/** A docs page (`TechArticle`) or a help-desk article (`Article`). */
export function treeArticleJsonLd(ctx: RenderContext, node: TreeNode, type: "TechArticle" | "Article", image: string | null): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": type,
    headline: node.title || "Untitled",
    dateModified: isoOf(node.lastEdited, ctx),
    image: image ?? undefined,
    author: publisherOf(ctx),
    publisher: publisherOf(ctx),
    mainEntityOfPage: absoluteUrl(ctx, node.path),
    isPartOf: { "@type": "WebSite", name: siteName(ctx), url: absoluteUrl(ctx, "/") },
  };
}

/** A roadmap item: what it is, where it stands (`creativeWorkStatus`) and its tags. */
export function roadmapItemJsonLd(ctx: RenderContext, entry: Entry): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "CreativeWork",
    name: entry.title || "Untitled",
    description: entry.description || undefined,
    creativeWorkStatus: entry.status ?? undefined,
    keywords: entry.tags.length ? entry.tags.join(", ") : undefined,
    dateModified: isoOf(entry.lastEdited, ctx),
    url: absoluteUrl(ctx, entry.path),
    isPartOf: { "@type": "WebSite", name: siteName(ctx), url: absoluteUrl(ctx, "/") },
  };
}

/** Fewer than this many question toggles and a page is not an FAQ, only a page with a toggle in it. */
const MIN_QUESTIONS = 2;
const TOGGLES = new Set(["toggle", "header", "sub_header", "sub_sub_header"]);

/**
 * A `FAQPage` when the page's top-level toggles (plain or heading toggles) ask at least two questions, each answered by
 * the text inside it; null otherwise.
 */
export function faqJsonLd(recordMap: ExtendedRecordMap | null, pageId: string): JsonLd | null {
  if (!recordMap) return null;
  const questions: JsonLd[] = [];
  for (const id of blockOf(recordMap, pageId)?.content ?? []) {
    const block = blockOf(recordMap, id);
    if (!block || !TOGGLES.has(block.type) || !block.content?.length) continue;
    if (block.type !== "toggle" && !(block.format as { toggleable?: boolean } | undefined)?.toggleable) continue;
    const question = pageTitle(block);
    const answer = textInside(recordMap, block.content).trim();
    if (question.endsWith("?") && answer) questions.push({ "@type": "Question", name: question, acceptedAnswer: { "@type": "Answer", text: answer } });
  }
  return questions.length >= MIN_QUESTIONS ? { "@context": CONTEXT, "@type": "FAQPage", mainEntity: questions } : null;
}

/** The plain text of blocks and their children, a line each. */
function textInside(recordMap: ExtendedRecordMap, ids: string[], depth = 0): string {
  if (depth > 5) return "";
  return ids
    .map((id) => {
      const block = blockOf(recordMap, id);
      if (!block || block.type === "page") return "";
      const own = pageTitle(block);
      const inner = block.content?.length ? textInside(recordMap, block.content, depth + 1) : "";
      return [own, inner].filter(Boolean).join("\n");
    })
    .filter(Boolean)
    .join("\n");
}
