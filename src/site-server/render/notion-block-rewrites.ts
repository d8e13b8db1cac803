import type { ExtendedRecordMap } from "notion-types";
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
 * records don't hold it.
 */
export function withRewrittenBlocks(recordMap: ExtendedRecordMap, trail: Crumb[], emojiUrl: (icon: string) => string | null = () => null): ExtendedRecordMap {
  let changed: Record<string, unknown> | null = null;
  for (const id of Object.keys(recordMap.block)) {
    const block = blockOf(recordMap, id);
    const type = block?.type as string | undefined;
    const icon = (block?.format as { page_icon?: unknown } | undefined)?.page_icon;
    const builtInIcon = typeof icon === "string" && icon.startsWith("/");
    const emojiIcon = customEmojiId(icon) !== null;
    if (!block || (type !== "miro" && type !== "breadcrumb" && !builtInIcon && !emojiIcon)) continue;
    changed ??= { ...recordMap.block };
    if (builtInIcon || emojiIcon) {
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
