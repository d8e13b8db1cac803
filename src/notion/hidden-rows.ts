import type { ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import { hiddenByValue, resolveField } from "@/lib/database-fields";
import { blockOf, collectionOf } from "./record-map";

/**
 * Whether a database row is marked hidden by the database's hidden checkbox ("Hidden", "Draft", "Published" unticked…,
 * found as a blog finds it), so page trees and inline tables leave it out: a draft kept in the database a page shows
 * never becomes public. Only a checkbox counts: a page tree's "Status" select ("In progress", "Done") is about the
 * work, not about showing the page.
 */
export function hiddenRowFilter(recordMap: ExtendedRecordMap, collectionId: string): (rowId: string) => boolean {
  const schema = (collectionOf(recordMap, collectionId)?.schema ?? {}) as Record<string, { name?: string; type?: string }>;
  const properties = Object.entries(schema).map(([key, p]) => ({ key, name: String(p.name ?? ""), type: p.type }));
  const found = resolveField("hidden", properties) as { key: string; name: string; type?: string } | null | undefined;
  if (found?.type !== "checkbox") return () => false;
  return (rowId) => hiddenByValue(found, getTextContent(((blockOf(recordMap, rowId)?.properties as Record<string, unknown> | undefined)?.[found.key] ?? []) as never));
}
