import fs from "node:fs";
import path from "node:path";
import { loadStore, readableBlock, type NotionRecord, type Store } from "../notion-stub/store";

/**
 * The demo workspace as Notion's official API (version 2025-09-03) shows it: the private-API record maps the
 * other stand-in serves (tools/notion-stub/workspace) converted once at load time into pages, blocks, databases,
 * data sources, views and users. Ids stay the same (Notion's own ids are shared by both APIs: a database's id is
 * its block's, a data source's is its collection's), so the same page can be read through both stand-ins and
 * compared. Files are kept as `{path}` and signed when an answer is sent (server.ts), so URLs always expire.
 */

export type Json = Record<string, unknown>;
export type FileRef = { path: string };

export type OfficialWorkspace = {
  workspaceId: string;
  workspaceName: string;
  /** Page objects, database rows included. */
  pages: Map<string, Json>;
  /** Block objects: every content block, and a child_page / child_database block for every page and database. */
  blocks: Map<string, Json>;
  /** Child block ids of a page or block, in order (what GET /v1/blocks/{id}/children lists). */
  children: Map<string, string[]>;
  databases: Map<string, Json>;
  dataSources: Map<string, Json>;
  views: Map<string, Json>;
  users: Map<string, Json>;
  /** The object that contains this one (block → block or page, row → data source, data source → database); null at the top. */
  parentOf: Map<string, string | null>;
  /** Top-level pages and databases by the demo's index.json keys. */
  roots: Record<string, string>;
  /** Where image files are read from (DIR/files). */
  filesDir: string | null;
};

const iso = (ms: unknown) => new Date(typeof ms === "number" ? ms : Date.parse(String(ms ?? 0)) || 0).toISOString();
const user = (id: unknown) => ({ object: "user", id: String(id ?? "") });
const hex = (id: string) => id.replace(/-/g, "");
export const notionUrl = (title: string, id: string) =>
  `https://www.notion.so/${title.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "")}${title ? "-" : ""}${hex(id)}`;

type Decoration = [string, unknown?];
type Decorated = [string, Decoration[]?][];

const DEFAULT_ANNOTATIONS = { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" };

/** Private `[text, decorations]` rich text → the official rich_text array. */
export function toRichText(value: unknown, titleOf: (id: string) => string, nameOf: (id: string) => string): Json[] {
  const out: Json[] = [];
  for (const part of (Array.isArray(value) ? value : []) as Decorated) {
    const [text, decorations = []] = part;
    if (typeof text !== "string" || (text === "" && !decorations.length)) continue;
    const annotations = { ...DEFAULT_ANNOTATIONS };
    let href: string | null = null;
    let special: Json | null = null;
    let plain = text;
    for (const [kind, arg] of decorations) {
      if (kind === "b") annotations.bold = true;
      else if (kind === "i") annotations.italic = true;
      else if (kind === "s") annotations.strikethrough = true;
      else if (kind === "_") annotations.underline = true;
      else if (kind === "c") annotations.code = true;
      else if (kind === "h") annotations.color = String(arg);
      else if (kind === "a") href = String(arg);
      else if (kind === "p") {
        const id = String(arg);
        special = { type: "mention", mention: { type: "page", page: { id } } };
        plain = titleOf(id);
        href = `https://www.notion.so/${hex(id)}`;
      } else if (kind === "u") {
        special = { type: "mention", mention: { type: "user", user: user(arg) } };
        plain = `@${nameOf(String(arg))}`;
      } else if (kind === "d") {
        const d = arg as { start_date?: string; end_date?: string; start_time?: string };
        const start = d.start_time ? `${d.start_date}T${d.start_time}:00.000+00:00` : String(d.start_date);
        special = { type: "mention", mention: { type: "date", date: { start, end: d.end_date ?? null, time_zone: null } } };
        plain = start;
      } else if (kind === "e") {
        special = { type: "equation", equation: { expression: String(arg) } };
        plain = String(arg);
      }
    }
    const body = special ?? { type: "text", text: { content: text, link: href ? { url: href } : null } };
    out.push({ ...body, annotations, plain_text: plain, href });
  }
  return out;
}

const plainOf = (value: unknown) => ((Array.isArray(value) ? value : []) as Decorated).map((p) => (typeof p[0] === "string" ? p[0] : "")).join("");

const TYPE_MAP: Record<string, string> = {
  text: "paragraph",
  header: "heading_1",
  sub_header: "heading_2",
  sub_sub_header: "heading_3",
  bulleted_list: "bulleted_list_item",
  numbered_list: "numbered_list_item",
  to_do: "to_do",
  toggle: "toggle",
  quote: "quote",
  callout: "callout",
  code: "code",
  equation: "equation",
  divider: "divider",
  image: "image",
  video: "video",
  audio: "audio",
  pdf: "pdf",
  file: "file",
  bookmark: "bookmark",
  embed: "embed",
  table: "table",
  table_row: "table_row",
  column_list: "column_list",
  column: "column",
  page: "child_page",
  collection_view_page: "child_database",
  collection_view: "child_database",
  transclusion_container: "synced_block",
  transclusion_reference: "synced_block",
  table_of_contents: "table_of_contents",
  breadcrumb: "breadcrumb",
};

/** The attachment:<id>:<name> sources the generator writes, as a stand-in file path; other URLs stay external. */
function fileObject(source: unknown): { type: "file"; file: FileRef } | { type: "external"; external: { url: string } } | null {
  if (typeof source !== "string" || !source) return null;
  if (source.startsWith("attachment:")) {
    const [, id, ...name] = source.split(":");
    return { type: "file", file: { path: `${id}/${name.join(":")}` } };
  }
  return { type: "external", external: { url: source } };
}

/** A workspace custom emoji (`notion://custom_emoji/<space>/<id>` in the record), as the official API names it; its file is signed when sent. */
function customEmojiIcon(store: Store, icon: string): Json | null | undefined {
  const id = /^notion:\/\/custom_emoji\/[^/]*\/([^/]+)$/.exec(icon)?.[1];
  if (!id) return undefined;
  const emoji = store.records.custom_emoji.get(id);
  const file = fileObject(emoji?.url);
  if (!emoji || file?.type !== "file") return null;
  return { type: "custom_emoji", custom_emoji: { id, name: String(emoji.name ?? ""), file: file.file } };
}

function iconOf(format: Json | undefined, store: Store): Json | null {
  const icon = format?.page_icon;
  if (typeof icon !== "string" || !icon) return null;
  const emoji = customEmojiIcon(store, icon);
  if (emoji !== undefined) return emoji;
  const file = fileObject(icon);
  return /^(https?:|attachment:)/.test(icon) && file ? file : { type: "emoji", emoji: icon };
}

const PROPERTY_TYPES: Record<string, string> = {
  title: "title",
  text: "rich_text",
  date: "date",
  multi_select: "multi_select",
  select: "select",
  status: "status",
  checkbox: "checkbox",
  person: "people",
  url: "url",
  number: "number",
  relation: "relation",
  rollup: "rollup",
  email: "email",
  phone_number: "phone_number",
  file: "files",
  created_time: "created_time",
  last_edited_time: "last_edited_time",
};

type SchemaEntry = {
  name: string;
  type: string;
  options?: { id: string; value: string; color?: string }[];
  groups?: { id: string; name: string; color?: string; optionIds?: string[] }[];
  number_format?: string;
  collection_id?: string;
  relation_property?: string;
  target_property?: string;
  aggregation?: string;
};

export function loadOfficialWorkspace(dataDir: string): OfficialWorkspace {
  const store = loadStore(dataDir);
  const indexFile = path.join(dataDir, "index.json");
  const index = fs.existsSync(indexFile) ? (JSON.parse(fs.readFileSync(indexFile, "utf8")) as Record<string, unknown>) : {};
  return convertStore(store, index);
}

export function convertStore(store: Store, index: Record<string, unknown> = {}): OfficialWorkspace {
  const space = [...store.records.space.values()][0];
  const ws: OfficialWorkspace = {
    workspaceId: space?.id ?? "00000000-0000-4000-8000-000000000000",
    workspaceName: String(space?.name ?? "Workspace"),
    pages: new Map(),
    blocks: new Map(),
    children: new Map(),
    databases: new Map(),
    dataSources: new Map(),
    views: new Map(),
    users: new Map(),
    parentOf: new Map(),
    roots: {},
    filesDir: store.files,
  };

  for (const u of store.records.notion_user.values()) {
    const name = [u.given_name, u.family_name].filter(Boolean).join(" ") || null;
    ws.users.set(u.id, { object: "user", id: u.id, type: "person", name, avatar_url: null, person: { email: u.email ?? undefined } });
  }
  const nameOf = (id: string) => String(ws.users.get(id)?.name ?? "Anonymous");
  const titleOf = (id: string) => {
    const block = store.records.block.get(id);
    if (block?.type === "collection_view_page" || block?.type === "collection_view") {
      const c = store.records.collection.get(String(block.collection_id ?? ""));
      return plainOf(c?.name) || "Untitled";
    }
    return plainOf((block?.properties as Json | undefined)?.title) || "Untitled";
  };
  const rich = (value: unknown) => toRichText(value, titleOf, nameOf);

  const common = (r: NotionRecord) => ({
    created_time: iso(r.created_time),
    last_edited_time: iso(r.last_edited_time),
    created_by: user(r.created_by_id),
    last_edited_by: user(r.last_edited_by_id),
  });
  const blockParent = (r: NotionRecord): Json => {
    const parentId = String(r.parent_id ?? "");
    if (r.parent_table === "space") return { type: "workspace", workspace: true };
    if (r.parent_table === "collection") {
      const c = store.records.collection.get(parentId);
      return { type: "data_source_id", data_source_id: parentId, database_id: String(c?.parent_id ?? "") };
    }
    const parent = store.records.block.get(parentId);
    return parent?.type === "page" ? { type: "page_id", page_id: parentId } : { type: "block_id", block_id: parentId };
  };

  // Schemas by collection id, for row properties and data sources.
  const schemaOf = (collectionId: string) => ((store.records.collection.get(collectionId)?.schema ?? {}) as Record<string, SchemaEntry>);

  for (const r of store.records.block.values()) {
    if (r.alive === false) continue;
    const type = String(r.type);
    const props = (r.properties ?? {}) as Json;
    const format = (r.format ?? {}) as Json;
    const officialType = TYPE_MAP[type] ?? "unsupported";
    const contentIds = ((r.content as string[] | undefined) ?? []).filter((id) => readableBlock(store, id));
    const isPage = type === "page";
    const isDatabase = type === "collection_view_page" || type === "collection_view";
    ws.parentOf.set(r.id, r.parent_table === "space" ? null : String(r.parent_id ?? "") || null);
    if (!isDatabase) ws.children.set(r.id, contentIds);

    let payload: Json;
    switch (officialType) {
      case "paragraph":
      case "quote":
      case "toggle":
      case "bulleted_list_item":
      case "numbered_list_item":
        payload = { rich_text: rich(props.title), color: String(format.block_color ?? "default") };
        break;
      case "heading_1":
      case "heading_2":
      case "heading_3":
        payload = { rich_text: rich(props.title), color: String(format.block_color ?? "default"), is_toggleable: false };
        break;
      case "to_do":
        payload = { rich_text: rich(props.title), color: "default", checked: plainOf(props.checked) === "Yes" };
        break;
      case "callout":
        payload = { rich_text: rich(props.title), color: String(format.block_color ?? "default"), icon: iconOf(format, store) };
        break;
      case "code":
        payload = { rich_text: rich(props.title), caption: rich(props.caption), language: plainOf(props.language).toLowerCase() || "plain text" };
        break;
      case "equation":
        payload = { expression: plainOf(props.title) };
        break;
      case "image":
      case "video":
      case "audio":
      case "pdf":
      case "file": {
        const file = fileObject(plainOf(props.source) || format.display_source);
        payload = { caption: rich(props.caption), ...(file ?? { type: "external", external: { url: "" } }) };
        if (officialType === "file") payload.name = plainOf(props.title) || "file";
        break;
      }
      case "bookmark":
        payload = { url: plainOf(props.link), caption: rich(props.caption) };
        break;
      case "embed":
        payload = { url: plainOf(props.source) || String(format.display_source ?? ""), caption: rich(props.caption) };
        break;
      case "table": {
        const order = (format.table_block_column_order as string[] | undefined) ?? [];
        payload = {
          table_width: Number(format.table_block_column_count ?? order.length),
          has_column_header: Boolean(format.table_block_column_header),
          has_row_header: Boolean(format.table_block_row_header),
        };
        break;
      }
      case "table_row": {
        const table = store.records.block.get(String(r.parent_id));
        const order = (((table?.format as Json | undefined)?.table_block_column_order as string[] | undefined) ?? Object.keys(props));
        payload = { cells: order.map((key) => rich(props[key])) };
        break;
      }
      case "column":
        payload = { width_ratio: Number(format.column_ratio ?? 1) };
        break;
      case "child_page":
        payload = { title: titleOf(r.id) };
        break;
      case "child_database":
        payload = { title: titleOf(r.id) };
        break;
      case "synced_block": {
        const pointer = (format.transclusion_reference_pointer as { id?: string } | undefined)?.id;
        payload = { synced_from: pointer ? { type: "block_id", block_id: pointer } : null };
        break;
      }
      default:
        payload = {};
    }
    const hasChildren = isDatabase ? false : contentIds.length > 0;
    ws.blocks.set(r.id, {
      object: "block",
      id: r.id,
      parent: blockParent(r),
      ...common(r),
      has_children: hasChildren,
      archived: false,
      in_trash: false,
      type: officialType,
      [officialType]: payload,
    });

    if (isPage) {
      const rowOf = r.parent_table === "collection" ? String(r.parent_id) : null;
      const properties: Json = rowOf ? rowProperties(props, schemaOf(rowOf), rich, store) : { title: { id: "title", type: "title", title: rich(props.title) } };
      ws.pages.set(r.id, {
        object: "page",
        id: r.id,
        ...common(r),
        in_trash: false,
        archived: false,
        is_archived: false,
        is_locked: false,
        url: notionUrl(titleOf(r.id), r.id),
        public_url: null,
        parent: blockParent(r),
        properties,
        icon: iconOf(format, store),
        cover: fileObject(format.page_cover),
      });
    }
    if (isDatabase) addDatabase(store, ws, r, rich, common, blockParent);
  }

  for (const [key, value] of Object.entries(index)) {
    if (typeof value !== "string") continue;
    const id = /([0-9a-f]{32})$/i.exec(value)?.[1];
    if (!id) continue;
    const dashed = `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
    if (ws.blocks.has(dashed)) ws.roots[key] = dashed;
  }
  return ws;
}

function optionOf(entry: SchemaEntry, value: string): Json | null {
  const option = entry.options?.find((o) => o.value === value);
  return option ? { id: option.id, name: option.value, color: option.color ?? "default" } : value ? { id: value, name: value, color: "default" } : null;
}

/** Ids of the pages a relation value mentions (`["‣", [["p", id]]]`). */
const relatedIds = (value: unknown) =>
  ((Array.isArray(value) ? value : []) as Decorated).flatMap(([, decorations]) => (decorations ?? []).filter(([k]) => k === "p").map(([, id]) => String(id)));

function rowProperties(props: Json, schema: Record<string, SchemaEntry>, rich: (v: unknown) => Json[], store: Store): Json {
  const out: Json = {};
  for (const [key, entry] of Object.entries(schema)) {
    const type = PROPERTY_TYPES[entry.type] ?? "rich_text";
    out[entry.name] = { id: key, type, [type]: propertyValue(type, props[key], entry, props, schema, rich, store) };
    if (type === "relation") (out[entry.name] as Json).has_more = false;
  }
  return out;
}

function propertyValue(type: string, value: unknown, entry: SchemaEntry, props: Json, schema: Record<string, SchemaEntry>, rich: (v: unknown) => Json[], store: Store): unknown {
    const text = plainOf(value);
    let v: unknown;
    switch (type) {
      case "relation":
        v = relatedIds(value).map((id) => ({ id }));
        break;
      case "rollup": {
        // The related rows' target values, as Notion sends a "show original" rollup (for calculations Notion sends
        // the computed number or date; the sites compute those from the related rows themselves).
        const rows = relatedIds(props[entry.relation_property ?? ""]).map((id) => readableBlock(store, id));
        const targetSchema = (store.records.collection.get(schema[entry.relation_property ?? ""]?.collection_id ?? "")?.schema ?? {}) as Record<string, SchemaEntry>;
        const target = targetSchema[entry.target_property ?? ""];
        const targetType = target ? (PROPERTY_TYPES[target.type] ?? "rich_text") : "rich_text";
        const array = rows.flatMap((row) =>
          row && target ? [{ type: targetType, [targetType]: propertyValue(targetType, (row.properties as Json | undefined)?.[entry.target_property!], target, {}, {}, rich, store) }] : [],
        );
        v = { type: "array", array, function: entry.aggregation ?? "show_original" };
        break;
      }
      case "title":
      case "rich_text":
        v = rich(value);
        break;
      case "date": {
        const d = ((value as Decorated | undefined)?.[0]?.[1]?.[0]?.[1] ?? null) as { start_date?: string; end_date?: string } | null;
        v = d?.start_date ? { start: d.start_date, end: d.end_date ?? null, time_zone: null } : null;
        break;
      }
      case "multi_select":
        v = text ? text.split(",").map((s) => optionOf(entry, s.trim())).filter(Boolean) : [];
        break;
      case "select":
      case "status":
        v = optionOf(entry, text);
        break;
      case "checkbox":
        v = text === "Yes";
        break;
      case "people":
        v = ((value as Decorated | undefined) ?? []).flatMap(([, decorations]) => (decorations ?? []).filter(([k]) => k === "u").map(([, id]) => user(id)));
        break;
      case "number":
        v = text ? Number(text) : null;
        break;
      case "files":
        v = [];
        break;
      default:
        v = text || null;
    }
    return v;
}

function addDatabase(
  store: Store,
  ws: OfficialWorkspace,
  block: NotionRecord,
  rich: (v: unknown) => Json[],
  common: (r: NotionRecord) => Json,
  blockParent: (r: NotionRecord) => Json,
): void {
  const format = (block.format ?? {}) as Json;
  const collectionId = String(block.collection_id ?? (format.collection_pointer as { id?: string } | undefined)?.id ?? "");
  const collection = store.records.collection.get(collectionId);
  if (!collection) return;
  const title = rich(collection.name);
  const description = rich(collection.description);
  const plainTitle = plainOf(collection.name);
  const schema = (collection.schema ?? {}) as Record<string, SchemaEntry>;
  const isInline = block.type === "collection_view";
  const icon = typeof collection.icon === "string" && collection.icon ? (customEmojiIcon(store, collection.icon) ?? { type: "emoji", emoji: collection.icon }) : iconOf(format, store);

  ws.databases.set(block.id, {
    object: "database",
    id: block.id,
    title,
    description,
    parent: blockParent(block),
    is_inline: isInline,
    in_trash: false,
    archived: false,
    is_locked: false,
    created_time: (common(block) as { created_time: string }).created_time,
    last_edited_time: (common(block) as { last_edited_time: string }).last_edited_time,
    data_sources: [{ id: collectionId, name: plainTitle }],
    icon,
    cover: null,
    url: notionUrl(plainTitle, block.id),
    public_url: null,
  });

  const properties: Json = {};
  for (const [key, entry] of Object.entries(schema)) {
    const type = PROPERTY_TYPES[entry.type] ?? "rich_text";
    const options = (entry.options ?? []).map((o) => ({ id: o.id, name: o.value, color: o.color ?? "default", description: null }));
    let config: Json = {};
    if (type === "select" || type === "multi_select") config = { options };
    if (type === "status") {
      config = { options, groups: (entry.groups ?? []).map((g) => ({ id: g.id, name: g.name, color: g.color ?? "default", option_ids: g.optionIds ?? [] })) };
    }
    if (type === "number") config = { format: entry.number_format ?? "number" };
    if (type === "relation") {
      const related = store.records.collection.get(entry.collection_id ?? "");
      config = { data_source_id: entry.collection_id, database_id: String(related?.parent_id ?? ""), type: "single_property", single_property: {} };
    }
    if (type === "rollup") {
      const relation = schema[entry.relation_property ?? ""];
      const target = (store.records.collection.get(relation?.collection_id ?? "")?.schema as Record<string, SchemaEntry> | undefined)?.[entry.target_property ?? ""];
      config = {
        relation_property_name: relation?.name,
        relation_property_id: entry.relation_property,
        rollup_property_name: target?.name,
        rollup_property_id: entry.target_property,
        function: entry.aggregation ?? "show_original",
      };
    }
    properties[entry.name] = { id: key, name: entry.name, description: null, type, [type]: config };
  }
  ws.dataSources.set(collectionId, {
    object: "data_source",
    id: collectionId,
    title,
    description,
    parent: { type: "database_id", database_id: block.id },
    database_parent: blockParent(block),
    is_inline: isInline,
    in_trash: false,
    archived: false,
    ...common(collection),
    properties,
    icon,
    cover: null,
    // A data source's address is its database's (recorded: notion-sdk-py tests/cassettes/test_data_sources_retrieve.yaml,
    // API 2025-09-03, `"url":"https://app.notion.com/p/<database id>"` on the data source).
    url: notionUrl(plainTitle, block.id),
    public_url: null,
  });
  ws.parentOf.set(collectionId, block.id);

  for (const viewId of (block.view_ids as string[] | undefined) ?? []) {
    const view = store.records.collection_view.get(viewId);
    if (!view) continue;
    const vf = (view.format ?? {}) as Json;
    const type = String(view.type ?? "table");
    const visible = ((vf[`${type}_properties`] as { property: string; visible?: boolean; width?: number }[] | undefined) ?? []).map((p) => ({
      property_id: p.property,
      property_name: schema[p.property]?.name,
      visible: p.visible !== false,
      ...(p.width ? { width: p.width } : {}),
    }));
    const sorts = (((view.query2 as { sort?: { property: string; direction: string }[] } | undefined)?.sort) ?? []).map((s) => ({
      property: schema[s.property]?.name ?? s.property,
      direction: s.direction,
    }));
    const groupBy = vf.board_columns_by as { type?: string; property?: string; hideEmptyGroups?: boolean } | undefined;
    const groupConfig = groupBy?.property
      ? {
          type: groupBy.type ?? schema[groupBy.property]?.type ?? "select",
          property_id: groupBy.property,
          property_name: schema[groupBy.property]?.name,
          ...(groupBy.type === "status" ? { group_by: "option" } : {}),
          sort: { type: "manual" },
          hide_empty_groups: Boolean(groupBy.hideEmptyGroups),
        }
      : undefined;
    // A calendar's or timeline's date property (the views API's `date_property_id`, required for those types).
    const layoutBy = (view.query2 as { calendar_by?: string; timeline_by?: string } | undefined)?.[`${type}_by` as "calendar_by"];
    const dateProperty = (type === "calendar" || type === "timeline") && layoutBy ? { date_property_id: layoutBy, date_property_name: schema[layoutBy]?.name } : {};
    ws.views.set(viewId, {
      object: "view",
      id: viewId,
      parent: { type: "database_id", database_id: block.id },
      name: String(view.name ?? ""),
      type,
      ...common({ ...view, created_time: view.created_time ?? block.created_time, last_edited_time: view.last_edited_time ?? block.last_edited_time }),
      url: `${notionUrl(plainTitle, block.id)}?v=${hex(viewId)}`,
      data_source_id: collectionId,
      filter: null,
      sorts,
      quick_filters: null,
      configuration: { type, properties: visible, ...(groupConfig ? { group_by: groupConfig } : {}), ...coverConfig(vf, type, schema), ...dateProperty },
    });
  }
}

/** A gallery's or board's card covers as Notion's views API gives them (`cover`, `cover_size`, `cover_aspect`). */
function coverConfig(format: Json, type: string, schema: Record<string, { name?: string }>): Json {
  const cover = format[`${type}_cover`] as { type?: string; property?: string } | undefined;
  if (!cover?.type || (type !== "gallery" && type !== "board")) return {};
  const size = format[`${type}_cover_size`];
  const aspect = format[`${type}_cover_aspect`];
  return {
    cover: { type: cover.type, ...(cover.type === "property" && cover.property ? { property_id: cover.property, property_name: schema[cover.property]?.name } : {}) },
    ...(size ? { cover_size: size } : {}),
    ...(aspect ? { cover_aspect: aspect } : {}),
  };
}
