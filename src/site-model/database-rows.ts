import type { Collection, ExtendedRecordMap } from "notion-types";
import { getBlockValue, getTextContent } from "notion-utils";
import { hiddenByValue, resolveField, type DatabaseField, type PropertyMap, type SchemaProperty } from "@/lib/database-fields";
import { databaseRowIds } from "@/notion/fetch-page";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { blockOf, collectionIdOf, collectionOf, databaseBlockOf, lastEditedOf, pageTitle, viewOf } from "@/notion/record-map";
import { coverPositionOf } from "./tree-model";

/**
 * Rows of a site's database read into plain data: properties looked up by name, case-insensitively (docs/product.md §5), so
 * "Tags" and "tags" both work, then by common aliases ("summary", "category", "status" = Published) or the site's own
 * property mapping (src/lib/database-fields.ts). Everything the layouts need and nothing Notion-shaped.
 */

export type Person = { name: string; avatar: string | null };

export type Row = {
  pageId: string;
  title: string;
  /** The row's own slug property (NotionNext's `slug`), empty when it has none. */
  slug: string;
  date: string | null;
  description: string;
  tags: string[];
  authors: Person[];
  version: string;
  status: string | null;
  hidden: boolean;
  /** Raw cover src (a Notion file URL or an external URL) and the block it belongs to, for the image route. */
  cover: string | null;
  /** Notion's cover position (1 its top, 0 its bottom). */
  coverPosition: number;
  icon: string | null;
  lastEdited: number;
  /** The owner ticked the row's "Comments off" checkbox: no comments under this entry. */
  commentsOff: boolean;
  /** The row page's own record map (its body), from the snapshot. */
  recordMap: ExtendedRecordMap | null;
};

export type Database = {
  title: string;
  description: string;
  icon: string | null;
  collection: Collection;
  /** Status/select options of the board property in Notion's order (board columns). */
  statusOptions: string[];
  rows: Row[];
};

type SchemaEntry = { name?: string; type?: string; options?: { value: string }[] };

export function readDatabase(root: SnapshotPage, pages: Map<string, SnapshotPage>, propertyMap: PropertyMap = {}): Database | null {
  const recordMap = root.recordMap;
  const page = blockOf(recordMap, root.pageId);
  const database = page ? databaseBlockOf(recordMap, page) : undefined;
  const collectionId = database ? collectionIdOf(recordMap, database) : undefined;
  const collection = collectionId ? collectionOf(recordMap, collectionId) : undefined;
  const viewId = (database as { view_ids?: string[] } | undefined)?.view_ids?.[0];
  if (!collection || !collectionId || !viewId) return null;

  const schema = (collection.schema ?? {}) as Record<string, SchemaEntry>;
  const properties = Object.entries(schema).map(([key, p]) => ({ key, name: String(p.name ?? ""), type: p.type }));
  const fieldOf = (field: DatabaseField) => resolveField(field, properties, propertyMap) as (SchemaProperty & { key: string }) | null | undefined;
  const byName = (name: string, type: string) => properties.find((p) => p.name.trim().toLowerCase() === name && p.type === type);
  const fields = {
    date: fieldOf("date"),
    description: fieldOf("description"),
    tags: fieldOf("tags"),
    authors: fieldOf("authors"),
    version: fieldOf("version"),
    status: fieldOf("status"),
    hidden: fieldOf("hidden"),
  };
  const keys = Object.fromEntries(Object.entries(fields).map(([f, p]) => [f, p?.key])) as Record<keyof typeof fields, string | undefined>;
  const slugKey = byName("slug", "text")?.key;
  const commentsOffKey = byName("comments off", "checkbox")?.key;
  // NotionNext keeps pages, menus and notices in the posts database: a `type` select with a "Post" option.
  const typeProperty = byName("type", "select");
  const postsOnly = (schema[typeProperty?.key ?? ""]?.options ?? []).some((o) => o.value === "Post") ? typeProperty?.key : undefined;
  const users = (id: string): Person => {
    const user = [recordMap, ...[...pages.values()].map((p) => p.recordMap)]
      .map((rm) => getBlockValue(rm.notion_user?.[id]) as { given_name?: string; family_name?: string; name?: string; profile_photo?: string } | undefined)
      .find(Boolean);
    const name = [user?.given_name, user?.family_name].filter(Boolean).join(" ") || user?.name || "Unknown";
    return { name, avatar: user?.profile_photo ?? null };
  };

  const view = viewOf(recordMap, viewId);
  const statusEntry = keys.status ? schema[keys.status] : undefined;
  const boardColumns = ((view?.format as { board_columns?: { value?: { value?: string } }[] } | undefined)?.board_columns ?? [])
    .map((c) => c.value?.value)
    .filter((v): v is string => typeof v === "string");
  const statusOptions = boardColumns.length ? boardColumns : (statusEntry?.options ?? []).map((o) => o.value);

  const rows: Row[] = [];
  for (const id of databaseRowIds(recordMap, collectionId, viewId)) {
    const block = blockOf(recordMap, id);
    if (!block) continue;
    const own = pages.get(id);
    const values = (block.properties ?? {}) as Record<string, unknown>;
    const value = (key: string | undefined) => (key ? values[key] : undefined);
    const dateType = fields.date?.type;
    const timestamp = dateType === "created_time" ? block.created_time : dateType === "last_edited_time" ? block.last_edited_time : undefined;
    const notAPost = postsOnly !== undefined && textOf(value(postsOnly)) !== "Post";
    rows.push({
      pageId: id,
      title: pageTitle(block),
      slug: textOf(value(slugKey)),
      date: timestamp ? new Date(timestamp).toISOString().slice(0, 10) : dateOf(value(keys.date)),
      description: textOf(value(keys.description)),
      tags: listOf(value(keys.tags)),
      authors: peopleOf(value(keys.authors), users),
      version: textOf(value(keys.version)),
      status: textOf(value(keys.status)) || null,
      hidden: notAPost || (fields.hidden ? hiddenByValue(fields.hidden, textOf(value(keys.hidden))) : false),
      cover: ((block.format as { page_cover?: string } | undefined)?.page_cover ?? null) || null,
      coverPosition: coverPositionOf(block.format as { page_cover_position?: unknown } | undefined),
      icon: ((block.format as { page_icon?: string } | undefined)?.page_icon ?? null) || null,
      lastEdited: lastEditedOf(own ? blockOf(own.recordMap, id) : block),
      commentsOff: textOf(value(commentsOffKey)) === "Yes",
      recordMap: own?.recordMap ?? null,
    });
  }
  const name = (collection as { name?: unknown }).name;
  const description = (collection as { description?: unknown }).description;
  return {
    title: name ? getTextContent(name as never).trim() : pageTitle(page),
    description: description ? getTextContent(description as never).trim() : "",
    icon: (collection as { icon?: string }).icon ?? (page?.format as { page_icon?: string } | undefined)?.page_icon ?? null,
    collection,
    statusOptions,
    rows,
  };
}

function textOf(value: unknown): string {
  return Array.isArray(value) ? getTextContent(value as never).trim() : "";
}

function listOf(value: unknown): string[] {
  return textOf(value)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A date property's start date (YYYY-MM-DD), from the `‣` date mention Notion stores. */
function dateOf(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  for (const part of value as unknown[][]) {
    for (const decoration of (part?.[1] as unknown[][] | undefined) ?? []) {
      if (decoration?.[0] === "d") {
        const start = (decoration[1] as { start_date?: string } | undefined)?.start_date;
        if (start && /^\d{4}-\d{2}-\d{2}/.test(start)) return start.slice(0, 10);
      }
    }
  }
  const text = textOf(value);
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString().slice(0, 10);
}

/** Person properties point at notion_user records; a text property lists names separated by commas. */
function peopleOf(value: unknown, user: (id: string) => Person): Person[] {
  if (!Array.isArray(value)) return [];
  const people: Person[] = [];
  for (const part of value as unknown[][]) {
    const decoration = (part?.[1] as unknown[][] | undefined)?.find((d) => d?.[0] === "u");
    if (decoration) people.push(user(String(decoration[1])));
  }
  if (people.length) return people;
  return listOf(value).map((name) => ({ name, avatar: null }));
}
