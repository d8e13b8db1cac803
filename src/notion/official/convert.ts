import { customEmojiRef } from "../custom-emoji";
import type {
  BlockObjectResponse,
  DataSourceObjectResponse,
  DataSourceViewObjectResponse,
  PageObjectResponse,
  RichTextItemResponse,
  UserObjectResponse,
} from "@notionhq/client";

/**
 * Official API objects → the records of the private API's record map (what the renderer, models, search, Markdown,
 * feeds and AI already read), so a connected site goes down the same code path as a public one.
 *
 * Why not notion-compat: its newest release (7.10.0) depends on notion-types/notion-utils 7.10.0 (we pin 8.0.6, so
 * two copies of each), declares a peer of @notionhq/client ^2 (we use 5, API version 2025-09-03 with data sources),
 * and converts no databases at all. Writing the mapping here is smaller than patching around all three.
 *
 * Files: a Notion-hosted file's signed URL expires after an hour, so records keep a stable reference instead (the
 * URL without its query string, which names the file but can't be fetched); the image route gets a fresh URL
 * through the block with freshFileUrl().
 */

export type NotionRecord = Record<string, unknown> & { id: string };
type SubDecoration = [string, unknown?];
type Decoration = [string, SubDecoration[]?];

const toMs = (iso: string | undefined) => (iso ? Date.parse(iso) || 0 : 0);

/** A Notion file URL without its signature: names the same file for as long as it exists, never expires. */
export function stableFileRef(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url;
  }
}

type FileLike = { type: "file"; file: { url: string } } | { type: "external"; external: { url: string } } | { type: string };

/** The URL a file object points at, with Notion-hosted ones as stable references. */
export function fileRefOf(file: FileLike | null | undefined): string | undefined {
  if (!file) return undefined;
  if (file.type === "file" && "file" in file) return stableFileRef(file.file.url);
  if (file.type === "external" && "external" in file) return file.external.url;
  return undefined;
}

type OfficialIcon = PageObjectResponse["icon"] | { type: "custom_emoji"; custom_emoji: { id: string; name?: string; url?: string } };

/** An icon as the private API stores it: the emoji, a file reference, or a custom emoji's `notion://custom_emoji/…`. */
function iconRef(icon: OfficialIcon | null | undefined, spaceId: string | undefined): string | undefined {
  if (!icon) return undefined;
  if (icon.type === "emoji") return icon.emoji;
  if (icon.type === "custom_emoji") return "custom_emoji" in icon && icon.custom_emoji?.id ? customEmojiRef(spaceId ?? "", icon.custom_emoji.id) : undefined;
  return fileRefOf(icon as FileLike);
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

// ---- rich text ---------------------------------------------------------------------------------------------

/** Official date → the private `d` decoration's value. */
function dateValue(date: { start: string; end: string | null; time_zone?: string | null }): Record<string, string> {
  const [startDate, startTime] = date.start.split("T");
  const [endDate, endTime] = date.end ? date.end.split("T") : [];
  const hasTime = Boolean(startTime);
  const value: Record<string, string> = {
    type: date.end ? (hasTime ? "datetimerange" : "daterange") : hasTime ? "datetime" : "date",
    start_date: startDate!,
  };
  if (startTime) value.start_time = startTime.slice(0, 5);
  if (endDate) value.end_date = endDate;
  if (endTime) value.end_time = endTime.slice(0, 5);
  if (date.time_zone) value.time_zone = date.time_zone;
  return value;
}

export function decorationsOf(items: RichTextItemResponse[] | undefined | null): Decoration[] {
  const out: Decoration[] = [];
  for (const item of items ?? []) {
    const marks: SubDecoration[] = [];
    const a = item.annotations;
    if (a.bold) marks.push(["b"]);
    if (a.italic) marks.push(["i"]);
    if (a.strikethrough) marks.push(["s"]);
    if (a.underline) marks.push(["_"]);
    if (a.code) marks.push(["c"]);
    if (a.color && a.color !== "default") marks.push(["h", a.color]);
    if (item.type === "text") {
      if (item.text.link?.url) marks.push(["a", item.text.link.url]);
      out.push(marks.length ? [item.text.content, marks] : [item.text.content]);
    } else if (item.type === "equation") {
      out.push(["⁍", [["e", item.equation.expression], ...marks]]);
    } else {
      const m = item.mention;
      if (m.type === "page") out.push(["‣", [["p", m.page.id], ...marks]]);
      else if (m.type === "database") out.push(["‣", [["p", m.database.id], ...marks]]);
      else if (m.type === "user") out.push(["‣", [["u", m.user.id], ...marks]]);
      else if (m.type === "date") out.push(["‣", [["d", dateValue(m.date)], ...marks]]);
      else if (m.type === "link_preview") out.push([item.plain_text || m.link_preview.url, [["a", m.link_preview.url], ...marks]]);
      else if (m.type === "link_mention") out.push([item.plain_text || m.link_mention.href, [["a", m.link_mention.href], ...marks]]);
      else out.push(marks.length ? [item.plain_text, marks] : [item.plain_text]);
    }
  }
  return out;
}

const plainText = (items: RichTextItemResponse[] | undefined | null) => (items ?? []).map((i) => i.plain_text).join("");

/** User ids named in rich text (mentions), for notion_user records. */
export function userIdsIn(value: unknown, into: Set<string>): void {
  const text = JSON.stringify(value ?? null);
  for (const match of text.matchAll(/\["u","([0-9a-f-]{32,36})"\]/g)) into.add(match[1]!);
}

// ---- code languages ----------------------------------------------------------------------------------------

const LANGUAGES: Record<string, string> = {
  "plain text": "Plain Text",
  typescript: "TypeScript",
  javascript: "JavaScript",
  python: "Python",
  bash: "Bash",
  shell: "Shell",
  sql: "SQL",
  html: "HTML",
  css: "CSS",
  json: "JSON",
  yaml: "YAML",
  go: "Go",
  rust: "Rust",
  "c++": "C++",
  "c#": "C#",
  php: "PHP",
  markdown: "Markdown",
  graphql: "GraphQL",
  powershell: "PowerShell",
  "objective-c": "Objective-C",
  webassembly: "WebAssembly",
};
/** The official API's lower-case language → the name the private API stores (and the renderer maps). */
export function languageName(language: string): string {
  return LANGUAGES[language] ?? language.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

// ---- blocks ------------------------------------------------------------------------------------------------

export type RecordContext = {
  parentId: string;
  parentTable: "block" | "collection" | "space";
  spaceId: string | undefined;
  content: string[];
};

function common(obj: { id: string; created_time: string; last_edited_time: string; created_by?: { id: string }; last_edited_by?: { id: string } }, ctx: RecordContext) {
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
function clean(record: Record<string, unknown>): NotionRecord {
  for (const [k, v] of Object.entries(record)) {
    if (v === undefined) delete record[k];
    else if ((k === "properties" || k === "format") && v && typeof v === "object" && !Object.keys(v).length) delete record[k];
  }
  return record as NotionRecord;
}

const TEXT_TYPES: Record<string, string> = {
  paragraph: "text",
  heading_1: "header",
  heading_2: "sub_header",
  heading_3: "sub_sub_header",
  bulleted_list_item: "bulleted_list",
  numbered_list_item: "numbered_list",
  toggle: "toggle",
  quote: "quote",
};

/**
 * One block (not a page or database: see pageRecord / databaseBlockRecord) → its record; null for the types the
 * renderer has no use for (unsupported, forms, AI meeting notes…). Table rows read their column keys from the
 * parent table as `col0…colN-1`, the order its format gives.
 */
export function blockRecord(block: BlockObjectResponse, ctx: RecordContext): NotionRecord | null {
  const base = { ...common(block, ctx), content: ctx.content.length ? ctx.content : undefined };
  const b = block as BlockObjectResponse & Record<string, unknown>;
  if (block.type in TEXT_TYPES) {
    const payload = b[block.type] as { rich_text: RichTextItemResponse[]; color?: string; is_toggleable?: boolean };
    return clean({
      ...base,
      type: TEXT_TYPES[block.type],
      properties: { title: decorationsOf(payload.rich_text) },
      format: clean({ block_color: payload.color && payload.color !== "default" ? payload.color : undefined, toggleable: payload.is_toggleable || undefined }),
    });
  }
  switch (block.type) {
    case "to_do":
      return clean({
        ...base,
        type: "to_do",
        properties: { title: decorationsOf(block.to_do.rich_text), ...(block.to_do.checked ? { checked: [["Yes"]] } : {}) },
      });
    case "callout": {
      const icon = iconRef(block.callout.icon as OfficialIcon, ctx.spaceId);
      return clean({
        ...base,
        type: "callout",
        properties: { title: decorationsOf(block.callout.rich_text) },
        format: clean({ page_icon: icon, block_color: block.callout.color && block.callout.color !== "default" ? block.callout.color : undefined }),
      });
    }
    case "code":
      return clean({
        ...base,
        type: "code",
        properties: clean({
          title: decorationsOf(block.code.rich_text),
          language: [[languageName(block.code.language)]],
          caption: block.code.caption.length ? decorationsOf(block.code.caption) : undefined,
        }),
      });
    case "equation":
      return clean({ ...base, type: "equation", properties: { title: [[block.equation.expression]] } });
    case "divider":
      return clean({ ...base, type: "divider" });
    case "image":
    case "video":
    case "audio":
    case "pdf":
    case "file": {
      const payload = b[block.type] as FileLike & { caption?: RichTextItemResponse[]; name?: string };
      const ref = fileRefOf(payload);
      return clean({
        ...base,
        type: block.type,
        properties: clean({
          source: ref ? [[ref]] : undefined,
          caption: payload.caption?.length ? decorationsOf(payload.caption) : undefined,
          title: block.type === "file" && payload.name ? [[payload.name]] : undefined,
        }),
        format: clean({ display_source: ref }),
      });
    }
    case "bookmark":
      // The official API gives a bookmark's URL and caption only; the title and description Notion shows are not in it.
      return clean({
        ...base,
        type: "bookmark",
        properties: clean({ link: [[block.bookmark.url]], title: [[block.bookmark.url]], caption: block.bookmark.caption.length ? decorationsOf(block.bookmark.caption) : undefined }),
      });
    case "embed":
      return clean({ ...base, type: "embed", properties: { source: [[block.embed.url]] }, format: { display_source: block.embed.url } });
    case "table": {
      const columns = Array.from({ length: block.table.table_width }, (_, i) => `col${i}`);
      return clean({
        ...base,
        type: "table",
        format: {
          table_block_column_count: block.table.table_width,
          table_block_column_header: block.table.has_column_header,
          table_block_row_header: block.table.has_row_header,
          table_block_column_order: columns,
        },
      });
    }
    case "table_row":
      return clean({ ...base, type: "table_row", properties: Object.fromEntries(block.table_row.cells.map((cell, i) => [`col${i}`, decorationsOf(cell)])) });
    case "column_list":
      return clean({ ...base, type: "column_list" });
    case "column":
      return clean({ ...base, type: "column", format: clean({ column_ratio: (block.column as { width_ratio?: number }).width_ratio }) });
    case "synced_block":
      // Original or reference: the official API lists the original's children under both, so both render as the content.
      return clean({ ...base, type: "transclusion_container" });
    case "table_of_contents":
      return clean({ ...base, type: "table_of_contents" });
    case "breadcrumb":
      return clean({ ...base, type: "breadcrumb" });
    case "link_to_page": {
      const target = block.link_to_page as { type: string; page_id?: string; database_id?: string };
      const id = target.page_id ?? target.database_id;
      return id ? clean({ ...base, type: "alias", format: { alias_pointer: { id, table: "block", spaceId: ctx.spaceId } } }) : null;
    }
    case "child_page":
      // A sub-page as its parent lists it: title only (its own fetch reads the rest).
      return clean({ ...base, type: "page", properties: { title: [[block.child_page.title]] } });
    default:
      return null;
  }
}

// ---- pages and rows ----------------------------------------------------------------------------------------

type PropertyValue = PageObjectResponse["properties"][string];

const joined = (parts: Decoration[][]): Decoration[] => parts.flatMap((p, i) => (i ? [[","] as Decoration, ...p] : p));

/** A page property's value in the private API's form (null = leave the property out, as Notion does when empty). */
export function propertyDecorations(value: PropertyValue): Decoration[] | null {
  switch (value.type) {
    case "title":
      return decorationsOf(value.title);
    case "rich_text":
      return value.rich_text.length ? decorationsOf(value.rich_text) : null;
    case "date":
      return value.date ? [["‣", [["d", dateValue(value.date)]]]] : null;
    case "select":
      return value.select ? [[value.select.name]] : null;
    case "status":
      return value.status ? [[value.status.name]] : null;
    case "multi_select":
      return value.multi_select.length ? [[value.multi_select.map((o) => o.name).join(",")]] : null;
    case "checkbox":
      return [[value.checkbox ? "Yes" : "No"]];
    case "people":
      return value.people.length ? joined(value.people.map((u) => [["‣", [["u", u.id]]]])) : null;
    case "relation":
      return value.relation.length ? joined(value.relation.map((r) => [["‣", [["p", r.id]]]])) : null;
    case "url":
      return value.url ? [[value.url, [["a", value.url]]]] : null;
    case "email":
      return value.email ? [[value.email]] : null;
    case "phone_number":
      return value.phone_number ? [[value.phone_number]] : null;
    case "number":
      return value.number === null ? null : [[String(value.number)]];
    case "files":
      return value.files.length ? joined(value.files.map((f) => [[f.name, [["a", fileRefOf(f as FileLike) ?? ""]]]])) : null;
    case "formula": {
      const f = value.formula;
      const text = f.type === "string" ? f.string : f.type === "number" ? (f.number === null ? null : String(f.number)) : f.type === "boolean" ? (f.boolean ? "Yes" : "No") : f.type === "date" ? f.date?.start : null;
      return text ? [[text]] : null;
    }
    case "rollup": {
      // Notion computed it: a number, a date, or the rolled-up values, shown as one comma-separated text.
      const r = value.rollup;
      if (r.type === "number") return r.number === null ? null : [[String(r.number)]];
      if (r.type === "date") return r.date ? [["‣", [["d", dateValue(r.date)]]]] : null;
      if (r.type === "array") {
        const texts = r.array
          .map((item) => propertyDecorations(item as PropertyValue))
          .filter((d): d is Decoration[] => d !== null)
          .map((d) => d.map((part) => String(part[0])).join(""));
        return texts.length ? [[texts.join(",")]] : null;
      }
      return null;
    }
    case "unique_id":
      return value.unique_id.number === null ? null : [[`${value.unique_id.prefix ? `${value.unique_id.prefix}-` : ""}${value.unique_id.number}`]];
    default:
      // created_time / last_edited_time / created_by / last_edited_by come from the record itself; buttons have
      // no stored value in the private API either.
      return null;
  }
}

/** Property ids come URL-encoded from the official API; the private API's schema keys are the raw ids. */
export function propertyKey(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export function pageRecord(page: PageObjectResponse, ctx: RecordContext): NotionRecord {
  const properties: Record<string, unknown> = {};
  for (const value of Object.values(page.properties)) {
    const decorations = propertyDecorations(value);
    if (value.type === "title") properties.title = decorations;
    else if (decorations) properties[propertyKey(value.id)] = decorations;
  }
  return clean({
    ...common(page, ctx),
    type: "page",
    properties,
    content: ctx.content,
    format: clean({
      page_icon: iconRef(page.icon, ctx.spaceId),
      page_cover: fileRefOf(page.cover as FileLike | null),
      page_cover_position: page.cover ? 0.5 : undefined,
    }),
  });
}

// ---- databases ---------------------------------------------------------------------------------------------

const PROPERTY_TYPES: Record<string, string> = { rich_text: "text", people: "person", files: "file", unique_id: "auto_increment_id" };

export function collectionRecord(source: DataSourceObjectResponse, databaseId: string, spaceId: string | undefined): NotionRecord {
  const schema: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(source.properties)) {
    const p = prop as { id: string; type: string } & Record<string, unknown>;
    const config = (p[p.type] ?? {}) as {
      options?: { id: string; name: string; color?: string }[];
      groups?: { id: string; name: string; color?: string; option_ids?: string[] }[];
      format?: string;
      data_source_id?: string;
      relation_property_id?: string;
      rollup_property_id?: string;
      function?: string;
    };
    const key = p.type === "title" ? "title" : propertyKey(p.id);
    schema[key] = clean({
      name,
      type: PROPERTY_TYPES[p.type] ?? p.type,
      // What rollups.ts reads: a number's format, a relation's database, a rollup's relation, target and function.
      number_format: p.type === "number" ? config.format : undefined,
      collection_id: p.type === "relation" ? config.data_source_id : undefined,
      relation_property: p.type === "rollup" && config.relation_property_id ? propertyKey(config.relation_property_id) : undefined,
      target_property: p.type === "rollup" && config.rollup_property_id ? propertyKey(config.rollup_property_id) : undefined,
      aggregation: p.type === "rollup" ? config.function : undefined,
      options: config.options?.map((o) => ({ id: o.id, value: o.name, color: o.color })),
      groups: config.groups?.map((g) => ({ id: g.id, name: g.name, color: g.color, optionIds: g.option_ids ?? [] })),
    });
  }
  return clean({
    id: source.id,
    version: 1,
    name: decorationsOf(source.title),
    description: source.description.length ? decorationsOf(source.description) : undefined,
    icon: iconRef(source.icon, spaceId),
    schema,
    parent_id: databaseId,
    parent_table: "block",
    alive: true,
    space_id: spaceId,
  });
}

/** A property named by a view or sort (by name or id) → its schema key. */
function keyOfProperty(source: DataSourceObjectResponse, nameOrId: string): string {
  const byName = source.properties[nameOrId] as { id: string; type: string } | undefined;
  const prop = byName ?? (Object.values(source.properties).find((p) => (p as { id: string }).id === nameOrId) as { id: string; type: string } | undefined);
  if (!prop) return nameOrId;
  return prop.type === "title" ? "title" : propertyKey(prop.id);
}

type ViewLike = Pick<DataSourceViewObjectResponse, "id" | "name" | "type" | "sorts" | "configuration"> & { filter?: unknown };

export function collectionViewRecord(view: ViewLike, source: DataSourceObjectResponse, databaseId: string, spaceId: string | undefined): NotionRecord {
  const config = (view.configuration ?? {}) as {
    properties?: { property_id: string; visible?: boolean; width?: number }[];
    group_by?: { type: string; property_id: string; hide_empty_groups?: boolean };
    cover?: { type: string; property_id?: string };
    cover_size?: string;
    cover_aspect?: string;
  };
  const format: Record<string, unknown> = { collection_pointer: { id: source.id, table: "collection", spaceId } };
  if (config.properties) {
    format[`${view.type}_properties`] = config.properties.map((p) => clean({ property: keyOfProperty(source, p.property_id), visible: p.visible !== false, width: p.width }));
  }
  if (config.group_by && view.type === "board") {
    const key = keyOfProperty(source, config.group_by.property_id);
    const groupType = config.group_by.type;
    format.board_columns_by = { type: groupType, property: key, sort: { type: "manual" }, hideEmptyGroups: Boolean(config.group_by.hide_empty_groups) };
    const prop = Object.values(source.properties).find((p) => (p as { id: string }).id === config.group_by!.property_id) as Record<string, unknown> | undefined;
    const options = ((prop?.[groupType] as { options?: { name: string }[] } | undefined)?.options ?? []);
    format.board_columns = options.map((o) => ({ property: key, value: { type: groupType, value: o.name }, hidden: false }));
  }
  if (config.cover && (view.type === "gallery" || view.type === "board")) {
    // The cards' covers, as the public path's view format names them (gallery_cover, board_cover_size, …).
    const { type, property_id } = config.cover;
    format[`${view.type}_cover`] = type === "property" && property_id ? { type, property: keyOfProperty(source, property_id) } : { type };
    if (config.cover_size) format[`${view.type}_cover_size`] = config.cover_size;
    if (config.cover_aspect) format[`${view.type}_cover_aspect`] = config.cover_aspect;
  }
  const sorts = ((view.sorts ?? []) as { property?: string; timestamp?: string; direction: string }[])
    .filter((s) => s.property)
    .map((s) => ({ property: keyOfProperty(source, s.property!), direction: s.direction }));
  return clean({
    id: view.id,
    version: 1,
    type: view.type,
    name: view.name,
    format,
    // The filter is kept (in the official API's shape) so a refresh knows whether an edited row can leave the view.
    query2: { ...(sorts.length ? { sort: sorts } : {}), ...(view.filter ? { filter: view.filter } : {}) },
    parent_id: databaseId,
    parent_table: "block",
    alive: true,
    space_id: spaceId,
  });
}

export function databaseBlockRecord(
  database: { id: string; is_inline: boolean; icon: PageObjectResponse["icon"]; created_time: string; last_edited_time: string },
  dataSourceId: string,
  viewIds: string[],
  ctx: RecordContext,
): NotionRecord {
  return clean({
    ...common(database, ctx),
    type: database.is_inline ? "collection_view" : "collection_view_page",
    collection_id: dataSourceId,
    view_ids: viewIds,
    format: clean({ collection_pointer: { id: dataSourceId, table: "collection", spaceId: ctx.spaceId }, page_icon: iconRef(database.icon, ctx.spaceId) }),
  });
}

// ---- users -------------------------------------------------------------------------------------------------

export function notionUserRecord(user: UserObjectResponse): NotionRecord {
  const [given, ...family] = (user.name ?? "").split(" ");
  return clean({
    id: user.id,
    version: 1,
    given_name: given || undefined,
    family_name: family.join(" ") || undefined,
    email: user.type === "person" ? user.person.email : undefined,
    profile_photo: user.avatar_url ?? undefined,
  });
}

export { plainText };
