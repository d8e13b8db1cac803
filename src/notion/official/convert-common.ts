import { customEmojiRef } from "../custom-emoji";
import type { PageObjectResponse } from "@notionhq/client";

/**
 * What every converter of official API objects shares: the record type, files as stable references, icons, the
 * fields every record carries, and the clean-up that leaves out what the private API leaves out.
 *
 * Files: a Notion-hosted file's signed URL expires after an hour, so records keep a stable reference instead (the
 * URL without its query string, which names the file but can't be fetched); the image route gets a fresh URL
 * through the block with freshFileUrl().
 *
 * Every reader here takes what Notion sent as possibly incomplete: answers of other API eras, and the examples
 * Notion's own reference gives, leave out keys the SDK's types call required (a code block's `caption`, a rich
 * text's `annotations`, an icon's `type`). A missing optional key gets its default instead of throwing.
 */

export type NotionRecord = Record<string, unknown> & { id: string };

export type RecordContext = {
  parentId: string;
  parentTable: "block" | "collection" | "space";
  spaceId: string | undefined;
  content: string[];
};

export const toMs = (iso: string | undefined | null) => (iso ? Date.parse(iso) || 0 : 0);

/** An object's value at `key` when it is a plain object, else an empty one (missing payloads read as defaults). */
export function objectAt(value: unknown, key: string): Record<string, unknown> {
  const found = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return found && typeof found === "object" && !Array.isArray(found) ? (found as Record<string, unknown>) : {};
}

/** A string field, or `fallback` when it is missing or not a string. */
export const stringAt = (value: Record<string, unknown>, key: string, fallback = ""): string => (typeof value[key] === "string" ? (value[key] as string) : fallback);

/** A Notion file URL without its signature: names the same file for as long as it exists, never expires. */
export function stableFileRef(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
}

type FileLike = { type?: string; file?: { url?: string }; external?: { url?: string } };

/** The URL a file object points at, with Notion-hosted ones as stable references. */
export function fileRefOf(file: unknown): string | undefined {
  const f = file as FileLike | null | undefined;
  if (!f || typeof f !== "object") return undefined;
  // Older answers and the reference's examples sometimes leave `type` out: the key that is there says it.
  const type = f.type ?? (f.file ? "file" : f.external ? "external" : undefined);
  if (type === "file" && typeof f.file?.url === "string") return stableFileRef(f.file.url);
  if (type === "external" && typeof f.external?.url === "string") return f.external.url;
  return undefined;
}

type OfficialIcon = PageObjectResponse["icon"] | { type?: string; emoji?: string; custom_emoji?: { id?: string } };

/** An icon as the private API stores it: the emoji, a file reference, or a custom emoji's `notion://custom_emoji/…`. */
export function iconRef(icon: OfficialIcon | null | undefined, spaceId: string | undefined): string | undefined {
  if (!icon || typeof icon !== "object") return undefined;
  const i = icon as { type?: string; emoji?: unknown; custom_emoji?: { id?: unknown } };
  const type = i.type ?? (typeof i.emoji === "string" ? "emoji" : i.custom_emoji ? "custom_emoji" : undefined);
  if (type === "emoji") return typeof i.emoji === "string" ? i.emoji : undefined;
  if (type === "custom_emoji") return typeof i.custom_emoji?.id === "string" ? customEmojiRef(spaceId ?? "", i.custom_emoji.id) : undefined;
  return fileRefOf(icon);
}

/**
 * The custom emoji record of an official object's icon (a page's, database's, data source's or callout's), for the
 * record map's `custom_emoji` table; its file as a stable reference, like other files.
 */
export function customEmojiRecordOf(object: unknown): NotionRecord | null {
  const o = object as { icon?: unknown; callout?: { icon?: unknown } } | null | undefined;
  const icon = (o?.icon ?? o?.callout?.icon) as { type?: string; custom_emoji?: { id?: unknown; name?: unknown; url?: unknown } } | null | undefined;
  const emoji = icon?.type === "custom_emoji" ? icon.custom_emoji : undefined;
  if (typeof emoji?.id !== "string" || typeof emoji.url !== "string") return null;
  return { id: emoji.id, name: typeof emoji.name === "string" ? emoji.name : "", url: stableFileRef(emoji.url) };
}

type Timestamps = { id: string; created_time?: string; last_edited_time?: string; created_by?: { id?: string } | null; last_edited_by?: { id?: string } | null };

/** The fields every block record carries. */
export function common(obj: Timestamps, ctx: RecordContext) {
  return {
    id: obj.id,
    version: 1,
    alive: true,
    created_time: toMs(obj.created_time),
    last_edited_time: toMs(obj.last_edited_time),
    parent_id: ctx.parentId,
    parent_table: ctx.parentTable,
    created_by_table: "notion_user",
    created_by_id: obj.created_by?.id,
    last_edited_by_table: "notion_user",
    last_edited_by_id: obj.last_edited_by?.id,
    space_id: ctx.spaceId,
  };
}

/** Drops undefined fields and empty properties/format objects (as the private API's records don't carry them). */
export function clean(record: Record<string, unknown>): NotionRecord {
  for (const [k, v] of Object.entries(record)) {
    if (v === undefined) delete record[k];
    else if ((k === "properties" || k === "format") && v && typeof v === "object" && !Object.keys(v).length) delete record[k];
  }
  return record as NotionRecord;
}
