import type { ExtendedRecordMap } from "notion-types";
import { getBlockValue } from "notion-utils";
import { z } from "zod";
import { blockOf, collectionIdOf, collectionOf, type RecordMapLike } from "./record-map";

/**
 * A workspace's custom emoji used as an icon (a page's, a callout's, a database's or a row's). Notion stores the icon
 * as `notion://custom_emoji/<spaceId>/<emojiId>` and the emoji itself as a `custom_emoji` record (id, name, url);
 * connected sites get `{type:"custom_emoji", custom_emoji:{id, name, url}}` from the official API, which
 * official/convert.ts turns into the same reference and record. No recorded response holds a private `custom_emoji`
 * record, so its shape is read leniently: one that doesn't fit means no icon, never an error or the reference as text.
 */

export const CUSTOM_EMOJI_TABLE = "custom_emoji";
const REF = /^notion:\/\/custom_emoji\/([^/]*)\/([^/?#\s]+)$/;

export type CustomEmoji = { id: string; name: string; url: string };

/** The emoji's id when the icon is a custom emoji reference, else null. */
export function customEmojiId(icon: unknown): string | null {
  return typeof icon === "string" ? (REF.exec(icon.trim())?.[2] ?? null) : null;
}

export const customEmojiRef = (spaceId: string, emojiId: string) => `notion://custom_emoji/${spaceId}/${emojiId}`;

const RECORD = z.object({ id: z.string().min(1), name: z.string().optional(), url: z.string().min(1) }).loose();

/** The emoji record a reference names, when the record map holds a readable one with an image. */
export function customEmojiOf(recordMap: Partial<Record<string, unknown>> | undefined, icon: unknown): CustomEmoji | null {
  const id = customEmojiId(icon);
  if (!id || !recordMap) return null;
  const table = recordMap[CUSTOM_EMOJI_TABLE] as Record<string, unknown> | undefined;
  const parsed = RECORD.safeParse(getBlockValue(table?.[id] as never));
  if (!parsed.success || !/^(https?:|attachment:)/.test(parsed.data.url)) return null;
  return { id: parsed.data.id, name: parsed.data.name ?? "", url: parsed.data.url };
}

/** Every icon of a record map's blocks and collections that is a custom emoji reference. */
export function customEmojiRefsOf(recordMap: RecordMapLike): string[] {
  const refs = new Set<string>();
  for (const id of Object.keys(recordMap.block ?? {})) {
    const block = blockOf(recordMap, id);
    const icon = (block?.format as { page_icon?: unknown } | undefined)?.page_icon;
    if (customEmojiId(icon)) refs.add(String(icon));
    const collectionId = block ? collectionIdOf(recordMap, block) : undefined;
    const collectionIcon = collectionId ? (collectionOf(recordMap, collectionId) as { icon?: unknown } | undefined)?.icon : undefined;
    if (customEmojiId(collectionIcon)) refs.add(String(collectionIcon));
  }
  return [...refs];
}

/** Every readable emoji of some record maps, by id (what a site's pages use). */
export function customEmojisOf(recordMaps: Iterable<ExtendedRecordMap>): Map<string, CustomEmoji> {
  const out = new Map<string, CustomEmoji>();
  for (const recordMap of recordMaps) {
    const table = (recordMap as unknown as Record<string, Record<string, unknown> | undefined>)[CUSTOM_EMOJI_TABLE] ?? {};
    for (const id of Object.keys(table)) {
      const emoji = customEmojiOf(recordMap as never, customEmojiRef("", id));
      if (emoji) out.set(id, emoji);
    }
  }
  return out;
}
