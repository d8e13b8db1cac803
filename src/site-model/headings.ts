import type { ExtendedRecordMap } from "notion-types";
import { blockOf, type RecordMapLike } from "@/notion/record-map";

export type Heading = { id: string; text: string; level: number };

const LEVELS: Record<string, number> = { header: 1, sub_header: 2, sub_sub_header: 3 };

/** The top-level headings of a page's body, for its table of contents (anchors are the block ids without dashes). */
export function headingsOf(recordMap: ExtendedRecordMap | RecordMapLike | null, pageId: string): Heading[] {
  if (!recordMap) return [];
  const out: Heading[] = [];
  for (const id of blockOf(recordMap, pageId)?.content ?? []) {
    const block = blockOf(recordMap, id);
    const level = block ? (LEVELS[block.type] ?? 0) : 0;
    if (!level) continue;
    const title = (block?.properties as { title?: unknown[][] } | undefined)?.title ?? [];
    out.push({ id: id.replace(/-/g, ""), text: title.map((part) => String(part[0] ?? "")).join(""), level });
  }
  return out;
}
