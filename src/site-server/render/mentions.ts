import type { Block, ExtendedRecordMap } from "notion-types";
import { blockOf, mentionedPageIds } from "@/notion/record-map";

/** What a mention of a page we cannot read says: Notion shares no title for a private page. */
export const PRIVATE_MENTION_TEXT = "a private Notion page";

type Segment = [string, [string, unknown?][]?];

/**
 * The record map with every mention of an unreadable page (private, or deleted) turned into plain text, because
 * react-notion-x renders such a mention as nothing and the sentence around it loses a word. Mentions of readable
 * pages outside the site stay: they link to the public Notion page. Returns the same object when nothing changed.
 */
export function withPlainMissingMentions(recordMap: ExtendedRecordMap): ExtendedRecordMap {
  let changed: Record<string, unknown> | null = null;
  for (const id of Object.keys(recordMap.block)) {
    const block = blockOf(recordMap, id);
    if (!mentionedPageIds(block).some((pageId) => !blockOf(recordMap, pageId))) continue;
    const properties = Object.fromEntries(
      Object.entries(block!.properties as Record<string, unknown>).map(([key, value]) => [key, Array.isArray(value) ? (value as Segment[]).map((s) => plain(s, recordMap)) : value]),
    );
    changed ??= { ...recordMap.block };
    changed[id] = { role: "reader", value: { ...block, properties } as Block };
  }
  return changed ? { ...recordMap, block: changed as ExtendedRecordMap["block"] } : recordMap;
}

function plain(segment: Segment, recordMap: ExtendedRecordMap): Segment {
  const mention = (segment[1] ?? []).find((d) => d[0] === "p" && typeof d[1] === "string");
  return mention && !blockOf(recordMap, mention[1] as string) ? [PRIVATE_MENTION_TEXT] : segment;
}
