import type { ShownComment } from "@/core/comments/list-comments";
import { getNotionFileUrl } from "notion-utils";
import { isNotionFileHost } from "@/notion/images/fetch-file";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "@/core/sites/site-settings";
import type { SiteModel } from "@/site-model/site-model";
import { customEmojiId } from "@/notion/custom-emoji";
import { isImageIcon } from "@/site-model/tree-model";
import { translatorFor, type Translator } from "@/lib/i18n/translator";
import type { LanguageEdition } from "@/site-model/site-languages";

const DEFAULT_AI = DEFAULT_SITE_SETTINGS.ai;

export type RoadmapState = {
  counts: ReadonlyMap<string, number>;
  ideas: { itemId: string; title: string; status: string; details: string }[];
  sortByVotes: boolean;
  votesScriptHref: string;
  /** Per item page id: the owner's changelog entries that name it ("Shipped in"). */
  shippedIn: ReadonlyMap<string, { title: string; url: string }[]>;
};

/** Everything a layout needs to render one page of one site. */
export type RenderContext = {
  siteId: string;
  settings: SiteSettings;
  model: SiteModel;
  /** The site's own words, dates and numbers in its language (siteTranslator). */
  i18n: Translator;
  /** Scheme and host the site is canonically served at (custom domain, publicUrl, or its own address). */
  origin: string;
  /** "" or a path prefix like "/docs" when the site is served under a path (docs/contracts.md §4). */
  basePath: string;
  cssHref: string;
  /** The island script (search, feedback, contents marker, copy as Markdown), without the base path. */
  islandHref?: string;
  /** The product's own address (the "published with" badge links there). */
  appUrl: string;
  now: Date;
  /** Shown after a visitor subscribed (the page is rendered with the thank-you note). */
  subscribed?: boolean;
  /** Roadmaps: votes per item, approved ideas shown as cards, and whether columns are sorted by votes (`?sort=votes`). */
  roadmap?: RoadmapState;
  /** The shown comments of the page being rendered, when its site takes comments (comments-state.ts). */
  comments?: { pageId: string; list: ShownComment[] };
  /** Changelogs: per entry page id, the owner's roadmap items the entry names (loaded with the site). */
  roadmapItems?: ReadonlyMap<string, { title: string; url: string }[]>;
  /** Pages the content mentions that another site of the owner publishes (dashed, lowercase id → address there). */
  mentionLinks?: ReadonlyMap<string, string>;
  /** The content is read through a Notion connection: a page outside the owner's sites is private, not on notion.so. */
  connected?: boolean;
  /** The site answers questions from its content (plan and the owner's assistant switch): llms.txt offers `?ask=`. */
  answersQuestions?: boolean;
  /** Extra exact origins of Notion files (NOTION_FILE_HOSTS: the stand-ins in tests). */
  fileOrigins?: readonly string[];
  /** A site in several languages: the language shown and every language's pages by position (hreflang, switcher). */
  languages?: { current: string; all: LanguageEdition[] };
};

export const href = (ctx: RenderContext, path: string) => `${ctx.basePath}${path}` || "/";
export const absoluteUrl = (ctx: RenderContext, path: string) => `${ctx.origin}${ctx.basePath}${path}`;

/** The site's language: the owner's setting, else the one its content is written in. */
export const siteTranslator = (settings: Pick<SiteSettings, "language">, model: Pick<SiteModel, "contentLanguage"> | null) =>
  translatorFor(settings.language ?? model?.contentLanguage);

/** A protected site's pages before the password (and its notices): the owner's language only, never the detected one. */
export const lockedSiteTranslator = (site: { settings: Pick<SiteSettings, "language"> }) => translatorFor(site.settings.language);

/**
 * The assistant's name and greeting: the owner's words, or the site language's when the owner kept the defaults
 * (which are stored in English).
 */
export const assistantName = (ctx: Pick<RenderContext, "settings" | "i18n">) =>
  ctx.settings.ai.assistantName === DEFAULT_AI.assistantName ? ctx.i18n.t("assistant") : ctx.settings.ai.assistantName;
export const assistantWelcome = (ctx: Pick<RenderContext, "settings" | "i18n">) =>
  ctx.settings.ai.welcomeMessage === DEFAULT_AI.welcomeMessage ? ctx.i18n.t("assistantWelcome") : ctx.settings.ai.welcomeMessage;

/** The site's name: settings first, then the Notion page's title. */
export const siteName = (ctx: RenderContext) => ctx.settings.name || ctx.model.title || ctx.i18n.t("untitled");

/**
 * Where an image is served from: Notion files (and Notion-relative paths) go through our image route, which signs and
 * caches them. A page's look (its cover or icon, `look: true`) goes through it even when it is an external https image,
 * as Notion proxies those too: visitors' browsers never fetch a third-party host. Other URLs are left as they are.
 */
export function imageSrc(ctx: RenderContext, src: string | null | undefined, blockId: string, width?: number, opts: { look?: boolean } = {}): string | null {
  if (!src) return null;
  if (getNotionFileUrl(src) || src.startsWith("/") || isNotionFileRef(ctx, src) || (opts.look && /^https:\/\//i.test(src))) {
    const params = new URLSearchParams({ src });
    if (width) params.set("w", String(width));
    return `${ctx.basePath}/_/img/${blockId}?${params}`;
  }
  return /^https?:\/\//i.test(src) ? src : null;
}

/** A page's cover or icon (see imageSrc). */
export const lookSrc = (ctx: RenderContext, src: string | null | undefined, blockId: string, width: number) => imageSrc(ctx, src, blockId, width, { look: true });

/**
 * An image icon of a block through the image route at `size`, with its alt text: a workspace's custom emoji is its
 * image file, named by the emoji's name; one the site's records don't hold is no icon (never its reference as text).
 */
export function iconImage(ctx: RenderContext, icon: string | null | undefined, blockId: string, size: number): { src: string; alt: string } | null {
  if (!icon || !isImageIcon(icon)) return null;
  const emojiId = customEmojiId(icon);
  if (emojiId) {
    const emoji = ctx.model.customEmojis.get(emojiId);
    const src = emoji ? lookSrc(ctx, emoji.url, blockId, size) : null;
    return src ? { src, alt: emoji!.name } : null;
  }
  const src = lookSrc(ctx, icon, blockId, size);
  return src ? { src, alt: "" } : null;
}

/** The site's icon when it is an image (the root page's uploaded or linked icon, or custom emoji), through the image route at `size`. */
export function siteIconImage(ctx: RenderContext, size: number): string | null {
  if (ctx.model.kind !== "tree") return null;
  return iconImage(ctx, ctx.model.icon, ctx.model.root.pageId, size)?.src ?? null;
}

/**
 * A file Notion hosts, kept as a stable reference without its expiring signature (a connected site's record map,
 * read through the official API): it too must go through the image route, which signs it again.
 */
function isNotionFileRef(ctx: RenderContext, src: string): boolean {
  try {
    const url = new URL(src);
    return isNotionFileHost(url) || Boolean(ctx.fileOrigins?.includes(url.origin));
  } catch {
    return false;
  }
}
