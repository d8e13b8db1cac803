import type { Block, ExtendedRecordMap } from "notion-types";
import { parsePageId } from "notion-utils";
import { blockOf, mentionedPageIds } from "@/notion/record-map";

type RichText = [string, [string, unknown?][]?][];

/** Notion page addresses: notion.so / notion.site links, or the workspace-relative "/<id>" Notion writes for a page link. */
const isNotionPageLink = (url: string) => url.startsWith("/") || /^https?:\/\/([a-z0-9-]+\.)*(notion\.so|notion\.site)\//i.test(url);

/** The entry's own block and its body's blocks: not the pages it mentions, which the record map also holds. */
function ownBlocks(recordMap: ExtendedRecordMap, entryPageId: string): Block[] {
  const found: Block[] = [];
  const seen = new Set<string>();
  const walk = (id: string, root: boolean) => {
    const block = blockOf(recordMap, id);
    if (!block || seen.has(id) || (!root && block.type === "page")) return;
    seen.add(id);
    found.push(block);
    for (const child of block.content ?? []) walk(child, false);
  };
  walk(entryPageId, true);
  return found;
}

/**
 * Ids (dashed, lowercase) of the pages a changelog entry names: the values of its relation properties and its page
 * mentions (both `["p", id]` in Notion's record map), and links to a Notion page anywhere in its body.
 */
export function pagesAnEntryNames(recordMap: ExtendedRecordMap | null, entryPageId: string): Set<string> {
  const ids = new Set<string>();
  if (!recordMap) return ids;
  for (const block of ownBlocks(recordMap, entryPageId)) {
    for (const pageId of mentionedPageIds(block)) ids.add(normalPageId(pageId));
    for (const value of Object.values((block?.properties as Record<string, unknown> | undefined) ?? {})) {
      if (!Array.isArray(value)) continue;
      for (const [, decorations] of value as RichText) {
        for (const d of Array.isArray(decorations) ? decorations : []) {
          if (d[0] !== "a" || typeof d[1] !== "string" || !isNotionPageLink(d[1])) continue;
          const pageId = parsePageId(d[1].split(/[?#]/)[0]!.toLowerCase(), { uuid: true });
          if (pageId) ids.add(pageId);
        }
      }
    }
  }
  return ids;
}

/** A page id in the form pagesAnEntryNames returns. */
export function normalPageId(id: string): string {
  return parsePageId(id.toLowerCase(), { uuid: true }) || id.toLowerCase();
}
