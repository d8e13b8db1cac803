import type { Block, ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import { customEmojiId } from "@/notion/custom-emoji";
import { blockOf, collectionOf } from "@/notion/record-map";

const NOTION_ORIGIN = "https://www.notion.so";

/** A link in a breadcrumb trail: the page's title and its site address. */
export type Crumb = { title: string; href: string };

/**
 * Blocks react-notion-x has no renderer for, rewritten into ones it has: a Miro board becomes an embed of its board
 * (miro.com is an allowed frame source), and a breadcrumb block becomes a line of links to the page's ancestors on
 * this site, as Notion draws it above the content. Notion's built-in icons (`/icons/…`, a path on notion.so) get
 * Notion's origin, or react-notion-x would print the path as text (the image route takes both forms). A custom emoji
 * icon (`notion://custom_emoji/…`, a block's or a database's) becomes its image file, or no icon when the site's
 * records don't hold it. Blocks it would draw as nothing become what Notion shows, or a link (fallbackOf).
 */
export function withRewrittenBlocks(recordMap: ExtendedRecordMap, trail: Crumb[], emojiUrl: (icon: string) => string | null = () => null): ExtendedRecordMap {
  let changed: Record<string, unknown> | null = null;
  for (const id of Object.keys(recordMap.block)) {
    const block = blockOf(recordMap, id);
    const type = block?.type as string | undefined;
    const icon = (block?.format as { page_icon?: unknown } | undefined)?.page_icon;
    const builtInIcon = typeof icon === "string" && icon.startsWith("/");
    const emojiIcon = customEmojiId(icon) !== null;
    const fallback = block && !builtInIcon && !emojiIcon ? fallbackOf(block) : null;
    if (!block || (type !== "miro" && type !== "breadcrumb" && !builtInIcon && !emojiIcon && !fallback)) continue;
    changed ??= { ...recordMap.block };
    if (fallback) {
      changed[id] = { value: { ...block, ...fallback }, role: "reader" };
    } else if (builtInIcon || emojiIcon) {
      const pageIcon = builtInIcon ? `${NOTION_ORIGIN}${icon}` : (emojiUrl(String(icon)) ?? undefined);
      changed[id] = { value: { ...block, format: { ...(block.format as object), page_icon: pageIcon } }, role: "reader" };
    } else if (type === "miro") {
      const source = (block.properties as { source?: string[][] } | undefined)?.source?.[0]?.[0] ?? "";
      const format = { ...(block.format as object | undefined), display_source: (block.format as { display_source?: string } | undefined)?.display_source ?? source };
      changed[id] = { value: { ...block, type: "embed", format }, role: "reader" };
    } else {
      const title = trail.flatMap((crumb, i) => [...(i ? [[" / "]] : []), [crumb.title, [["a", crumb.href]]]]);
      changed[id] = { value: { ...block, type: "text", properties: { title }, format: { block_color: "gray" } }, role: "reader" };
    }
  }
  const collections = withEmojiCollectionIcons(recordMap, emojiUrl);
  return changed || collections ? { ...recordMap, block: (changed ?? recordMap.block) as ExtendedRecordMap["block"], collection: collections ?? recordMap.collection } : recordMap;
}

/** Databases whose icon is a custom emoji, with its image file (or none) instead; null when there are none. */
function withEmojiCollectionIcons(recordMap: ExtendedRecordMap, emojiUrl: (icon: string) => string | null): ExtendedRecordMap["collection"] | null {
  let changed: Record<string, unknown> | null = null;
  for (const id of Object.keys(recordMap.collection ?? {})) {
    const collection = collectionOf(recordMap, id) as ({ icon?: unknown } & object) | undefined;
    if (!collection || customEmojiId(collection.icon) === null) continue;
    changed ??= { ...recordMap.collection };
    changed[id] = { value: { ...collection, icon: emojiUrl(String(collection.icon)) ?? undefined }, role: "reader" };
  }
  return changed as ExtendedRecordMap["collection"] | null;
}

/** Every block type react-notion-x 8.0.6 draws (its Block switch), and the ones rewritten above. */
const DRAWN = new Set(
  (
    "alias audio bookmark bulleted_list button callout code codepen collection_view collection_view_page column column_list divider drive embed " +
    "equation excalidraw external_object_instance figma file gist header image maps numbered_list page pdf quote replit sub_header " +
    "sub_sub_header tab table table_of_contents table_row text to_do toggle transclusion_container transclusion_reference tweet typeform video miro breadcrumb"
  ).split(" "),
);

type Replacement = { type: string; properties: Record<string, unknown>; format: Record<string, unknown> };
const httpUrl = (value: unknown): string | null => (typeof value === "string" && /^https?:\/\//i.test(value) ? value : null);
const bookmark = (link: string, title: string, description?: string): Replacement => ({
  type: "bookmark",
  properties: { link: [[link]], title: [[title || link]], ...(description ? { description: [[description]] } : {}) },
  format: {},
});

/**
 * What Notion shows for a block react-notion-x would draw as nothing: a Google Drive file as a card linking to it, a
 * link preview of a service other than GitHub (the only one react-notion-x draws) or a `link_preview` as a bookmark
 * of its address, a template button (`template`, older `factory`) as its label, and any other block with text or an address as that text or a
 * link. Null: the block is drawn as it is (react-notion-x logs what it cannot draw; notion-render-notes.ts counts it).
 */
function fallbackOf(block: Block): Replacement | null {
  const format = (block.format ?? {}) as Record<string, unknown>;
  const properties = (block.properties ?? {}) as Record<string, unknown>;
  const firstText = (value: unknown) => (Array.isArray(value) ? getTextContent(value as never) : "");
  switch (block.type as string) {
    case "drive": {
      const drive = (format.drive_properties ?? {}) as { url?: unknown; title?: unknown; user_name?: unknown };
      const link = httpUrl(drive.url);
      return link ? bookmark(link, typeof drive.title === "string" ? drive.title : "", ["Google Drive", drive.user_name].filter((s) => typeof s === "string" && s).join(" · ")) : null;
    }
    case "external_object_instance": {
      const link = httpUrl(format.original_url) ?? httpUrl(format.uri);
      if (!link || (format.domain === "github.com" && format.original_url)) return null;
      const attributes = (format.attributes ?? []) as { id?: string; values?: unknown[] }[];
      const title = attributes.find((a) => a.id === "title")?.values?.[0];
      return bookmark(link, typeof title === "string" ? title : "", typeof format.domain === "string" ? format.domain : undefined);
    }
    case "template":
    case "factory": {
      const label = firstText(properties.title);
      return label ? { type: "text", properties: { title: [[label, [["b"]]]] }, format: { block_color: "gray_background" } } : null;
    }
    default: {
      if (DRAWN.has(block.type)) return null;
      const link = httpUrl(firstText(properties.link)) ?? httpUrl(firstText(properties.source)) ?? httpUrl(format.original_url) ?? httpUrl(format.uri) ?? httpUrl(format.display_source);
      const title = firstText(properties.title);
      if (link) return bookmark(link, title);
      return title ? { type: "text", properties: { title: properties.title }, format: {} } : null;
    }
  }
}
