import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { BLOG } from "./workspace-source/blog";
import { CHANGELOG } from "./workspace-source/changelog";
import { CUSTOM_EMOJI } from "./workspace-source/custom-emoji";
import { DOCS } from "./workspace-source/docs";
import { DOCS_JA } from "./workspace-source/docs-ja";
import { DOCSV2, DOCSV2_VERSIONS } from "./workspace-source/docsv2";
import { BOARD_DATABASE, LIST_DATABASE, MISSING_PROPERTIES, NOT_DATABASE, PRIVATE_PAGE_TITLE, TABLE_DATABASE } from "./workspace-source/failing";
import { HELP_DESK } from "./workspace-source/help-desk";
import { IMAGES } from "./workspace-source/images";
import { IMPORTED_BLOG_TEMPLATE } from "./workspace-source/imported-template";
import { inline, parseMarkup, type InlineContext, type MarkupBlock } from "./workspace-source/markup";
import { NOTIONNEXT_BLOG } from "./workspace-source/notionnext-blog";
import { OWN_NAMES_BLOG } from "./workspace-source/own-names-blog";
import { PEOPLE } from "./workspace-source/people";
import { renderPng } from "./workspace-source/png";
import { ROADMAP } from "./workspace-source/roadmap";
import { SHOWCASE } from "./workspace-source/showcase";
import { SIMPLE } from "./workspace-source/simple";
import type { DatabaseSource, PageSource, RowSource } from "./workspace-source/types";

/**
 * Generates the demo workspace (CONTRACTS §5) from ./workspace-source: one getPage()-shaped record map per root
 * page, the image files, and index.json. Deterministic: ids come from names, times from the source, and images are
 * drawn and encoded by our own code (workspace-source/png.ts), so every run on every machine writes the same bytes.
 *   npm run notion-stub:generate [-- --out DIR]
 */

const NAMESPACE = "pagewright-demo-workspace";
export const WORKSPACE_DIR = path.resolve(import.meta.dirname, "workspace");

function uuid(key: string): string {
  const h = crypto.createHash("sha1").update(`${NAMESPACE}:${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
const ms = (isoDate: string) => Date.parse(`${isoDate}T09:00:00.000Z`);
const SPACE_ID = uuid("space");
const userId = (key: string) => uuid(`user:${key}`);
const EDITOR = userId(PEOPLE[0]!.key);
export const notionUrlOf = (title: string, id: string) =>
  `https://www.notion.so/${title.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "")}-${id.replace(/-/g, "")}`;
/** A file of images.ts as Notion names an upload; the stand-in's getSignedFileUrls signs it into its /files/<id>/<name>. */
function fileUrl(name: string): string {
  if (!IMAGES[name]) throw new Error(`no image ${name} in images.ts`);
  return `attachment:${uuid(`file:${name}`)}:${name}`;
}
const customEmojiId = (name: string) => uuid(`custom_emoji:${name}`);
/** An icon as Notion stores it: emoji as they are, `file:<name>` as an uploaded file, `:name:` as a custom emoji. */
function iconOf(icon: string | undefined): string | undefined {
  if (icon?.startsWith("file:")) return fileUrl(icon.slice(5));
  const emoji = /^:([a-z0-9-]+):$/.exec(icon ?? "")?.[1];
  if (!emoji) return icon;
  if (!CUSTOM_EMOJI[emoji]) throw new Error(`no custom emoji ${emoji} in custom-emoji.ts`);
  return `notion://custom_emoji/${SPACE_ID}/${customEmojiId(emoji)}`;
}
/** The custom emoji records an output file names in its icons (the stand-in serves them to syncRecordValues). */
function customEmojiRecords(tables: RecordTables): Record<string, unknown> {
  const json = JSON.stringify([...tables.block.values(), ...tables.collection.values()]);
  const used = Object.keys(CUSTOM_EMOJI).filter((name) => json.includes(`notion://custom_emoji/${SPACE_ID}/${customEmojiId(name)}`));
  return Object.fromEntries(
    used.map((name) => [
      customEmojiId(name),
      box({ id: customEmojiId(name), version: 1, name, url: fileUrl(CUSTOM_EMOJI[name]!), space_id: SPACE_ID, created_time: ms("2026-10-01"), created_by_id: EDITOR }),
    ]),
  );
}
/** Root pages are shared to the web, as a site's pages must be (child pages inherit it, as in Notion). */
const publicPermission = (edited: string) => [{ role: "reader", type: "public_permission", added_timestamp: ms(edited) }];

type Rec = Record<string, unknown> & { id: string };
type RecordTables = { block: Map<string, Rec>; collection: Map<string, Rec>; collection_view: Map<string, Rec> };

/** Pass 1: every page's id by title, so [[Title]] links resolve (a title used twice can't be linked). */
function collectTitles(): Map<string, string | null> {
  const titles = new Map<string, string | null>();
  const add = (title: string, id: string) => titles.set(title, titles.has(title) ? null : id);
  const database = (src: DatabaseSource, key: string) => {
    add(src.title, uuid(key));
    for (const row of src.rows) add(row.title, uuid(`${key}/row/${row.title}`));
  };
  const page = (src: PageSource, key: string) => {
    add(src.title, uuid(key));
    for (const [dbKey, db] of Object.entries(src.databases ?? {})) database(db, `${key}/db/${dbKey}`);
    for (const child of src.children ?? []) page(child, `${key}/${child.title}`);
  };
  for (const [key, src] of PAGE_ROOTS) page(src, key);
  for (const [key, src] of DATABASE_ROOTS) database(src, key);
  return titles;
}

const PAGE_ROOTS: [string, PageSource][] = [
  ["docs", DOCS],
  ["docsv2", DOCSV2],
  ["help_desk", HELP_DESK],
  ["simple", SIMPLE],
  ["showcase", SHOWCASE],
  ["notDatabase", NOT_DATABASE],
  ["docsJa", DOCS_JA],
];
const DATABASE_ROOTS: [string, DatabaseSource][] = [
  ["blog", BLOG],
  ["changelog", CHANGELOG],
  ["roadmap", ROADMAP],
  ["listDatabase", LIST_DATABASE],
  ["boardDatabase", BOARD_DATABASE],
  ["tableDatabase", TABLE_DATABASE],
  ["missingProperties", MISSING_PROPERTIES],
  ["notionNextBlog", NOTIONNEXT_BLOG],
  ["ownNamesBlog", OWN_NAMES_BLOG],
  ["importedBlogTemplate", IMPORTED_BLOG_TEMPLATE],
];

class FileBuilder {
  readonly tables: RecordTables = { block: new Map(), collection: new Map(), collection_view: new Map() };
  constructor(private readonly ctx: InlineContext) {}

  private common(id: string, edited: string, parentId: string, parentTable: string): Rec {
    return {
      id,
      version: 1,
      alive: true,
      created_time: ms(edited) - 86_400_000,
      last_edited_time: ms(edited),
      parent_id: parentId,
      parent_table: parentTable,
      created_by_table: "notion_user",
      created_by_id: EDITOR,
      last_edited_by_table: "notion_user",
      last_edited_by_id: EDITOR,
      space_id: SPACE_ID,
    };
  }

  /** The page whose body is being built: `@database <key>` finds its databases here. */
  private currentPage: { src: PageSource; key: string } | null = null;

  /** Body blocks in order; returns their ids (the parent's `content`). */
  private body(blocks: MarkupBlock[], parentId: string, key: string, edited: string): string[] {
    return blocks.map((block, index) => {
      if (block.type === "database") {
        const dbKey = String(block.format?.key);
        const db = this.currentPage?.src.databases?.[dbKey];
        if (!db || db.fullPage) throw new Error(`${key}: @database ${dbKey} is not an inline database of this page`);
        return this.database(db, `${this.currentPage!.key}/db/${dbKey}`, { parentId, inline: true });
      }
      const id = uuid(`${key}#${index}`);
      const properties = clean({ ...block.properties });
      const format = clean({ ...block.format });
      if (block.type === "callout") format.page_icon = iconOf(format.page_icon as string);
      if (block.type === "image") {
        const source = String((properties.source as string[][])[0]![0]);
        const url = source.startsWith("file:") ? fileUrl(source.slice(5)) : source;
        const image = source.startsWith("file:") ? IMAGES[source.slice(5)] : undefined;
        if (source.startsWith("file:") && !image) throw new Error(`${key}: no image ${source.slice(5)} in images.ts`);
        const [w, h] = image ? [image.width, image.height] : [960, 540];
        properties.source = [[url]];
        Object.assign(format, { display_source: url, block_width: Math.min(w, 960), block_aspect_ratio: h / w, block_preserve_scale: true });
      }
      if (block.type === "table") {
        const count = Number(format.table_block_column_count);
        format.table_block_column_order = Array.from({ length: count }, (_, k) => `col${k}`);
      }
      const content = block.children ? this.body(block.children, id, `${key}#${index}`, edited) : undefined;
      const record = { ...this.common(id, edited, parentId, "block"), type: block.type, properties, format, content };
      this.tables.block.set(id, clean(record, ["properties", "format"]) as Rec);
      return id;
    });
  }

  page(src: PageSource, key: string, parentId: string, parentTable: string): string {
    const id = uuid(key);
    this.currentPage = { src, key };
    const content = this.body(parseMarkup(src.body, this.ctx), id, key, src.edited);
    for (const [dbKey, db] of Object.entries(src.databases ?? {})) {
      if (db.fullPage) content.push(this.database(db, `${key}/db/${dbKey}`, { parentId: id, inline: false }));
    }
    for (const child of src.children ?? []) content.push(this.page(child, `${key}/${child.title}`, id, "block"));
    const record = {
      ...this.common(id, src.edited, parentId, parentTable),
      type: "page",
      properties: { title: inline(src.title, this.ctx) },
      content,
      permissions: parentTable === "space" ? publicPermission(src.edited) : undefined,
      format: clean({
        page_icon: iconOf(src.icon),
        page_cover: src.cover ? fileUrl(src.cover) : undefined,
        page_cover_position: src.cover ? 0.5 : undefined,
        page_full_width: src.fullWidth,
        page_font: src.font,
        page_small_text: src.smallText,
      }),
    };
    this.tables.block.set(id, clean(record, ["format"]));
    return id;
  }

  /** A database: a root page (no parent), a child full-page database, or an inline one in a page's body. */
  database(src: DatabaseSource, key: string, placement?: { parentId: string; inline: boolean }): string {
    const pageId = uuid(key);
    const collectionId = uuid(`${key}/collection`);
    const viewTypes = [src.view, ...(src.moreViews ?? [])];
    const viewIds = viewTypes.map((type, i) => (i === 0 ? uuid(`${key}/view`) : uuid(`${key}/view/${type}`)));
    const propertyKey = (name: string) => (src.schema[name] === "title" ? "title" : uuid(`${key}/property/${name}`).slice(0, 4));
    const optionId = (name: string, value: string) => uuid(`${key}/option/${name}/${value}`);
    const colors = ["gray", "blue", "green", "purple", "orange", "pink", "yellow", "red"];

    // Relations point at another database of the same page: its key, collection and property keys.
    const relatedKey = (dbKey: string) => key.replace(/\/db\/[^/]+$/, `/db/${dbKey}`);
    const relatedDatabase = (dbKey: string) => {
      const db = this.currentPage?.src.databases?.[dbKey];
      if (!db) throw new Error(`${src.title}: no database ${dbKey} on this page to relate to`);
      return db;
    };
    const schema: Record<string, unknown> = {};
    for (const [name, type] of Object.entries(src.schema)) {
      const values = src.options?.[name] ?? [];
      if (type === "relation") {
        const target = src.relations?.[name];
        if (!target) throw new Error(`${src.title}: relation ${name} has no database in relations`);
        relatedDatabase(target);
        schema[propertyKey(name)] = { name, type, collection_id: uuid(`${relatedKey(target)}/collection`) };
        continue;
      }
      if (type === "rollup") {
        const rollup = src.rollups?.[name];
        const relation = rollup ? src.relations?.[rollup.relation] : undefined;
        if (!rollup || !relation) throw new Error(`${src.title}: rollup ${name} needs a rollups entry over a relation`);
        const targetType = relatedDatabase(relation).schema[rollup.target];
        if (!targetType) throw new Error(`${src.title}: rollup ${name}: no property ${rollup.target} in ${relation}`);
        schema[propertyKey(name)] = {
          name,
          type,
          relation_property: propertyKey(rollup.relation),
          target_property: targetType === "title" ? "title" : uuid(`${relatedKey(relation)}/property/${rollup.target}`).slice(0, 4),
          target_property_type: targetType,
          aggregation: rollup.aggregation,
        };
        continue;
      }
      const options = values.map((value, i) => ({ id: optionId(name, value), value, color: colors[i % colors.length] }));
      schema[propertyKey(name)] = clean({
        name,
        type,
        number_format: type === "number" ? (src.numberFormats?.[name] ?? "number") : undefined,
        options: options.length ? options : undefined,
        groups:
          type === "status"
            ? [
                { id: uuid(`${key}/group/todo`), name: "To-do", color: "gray", optionIds: options.slice(0, 1).map((o) => o.id) },
                { id: uuid(`${key}/group/doing`), name: "In progress", color: "blue", optionIds: options.slice(1, -1).map((o) => o.id) },
                { id: uuid(`${key}/group/done`), name: "Complete", color: "green", optionIds: options.slice(-1).map((o) => o.id) },
              ]
            : undefined,
      });
    }
    const pointer = { id: collectionId, table: "collection", spaceId: SPACE_ID };
    const visible = Object.keys(src.schema).map((name) => ({ property: propertyKey(name), visible: true, width: 200 }));
    const groupKey = src.groupBy ? propertyKey(src.groupBy) : undefined;
    const groupType = src.groupBy ? src.schema[src.groupBy] : undefined;
    const viewNames: Record<string, string> = { board: "Board", list: "List", gallery: "Gallery", table: "All", calendar: "Calendar", timeline: "Timeline" };
    // Calendar and timeline views are laid out by a date property (Notion's query2.calendar_by / timeline_by).
    const dateProperty = Object.entries(src.schema).find(([, type]) => type === "date")?.[0];
    viewTypes.forEach((type, i) => {
      const grouped = type === "board" && groupKey;
      this.tables.collection_view.set(viewIds[i]!, {
        ...this.common(viewIds[i]!, src.edited, pageId, "block"),
        type,
        name: i === 0 || type !== "table" ? viewNames[type] : "Table",
        format: clean({
          collection_pointer: pointer,
          [`${type}_properties`]: visible,
          gallery_cover: type === "gallery" ? { type: "page_cover" } : undefined,
          gallery_cover_size: type === "gallery" ? "medium" : undefined,
          board_columns_by: grouped ? { type: groupType, property: groupKey, sort: { type: "manual" }, hideEmptyGroups: false } : undefined,
          board_columns: grouped
            ? (src.options?.[src.groupBy!] ?? []).map((value) => ({ property: groupKey, value: { type: groupType, value }, hidden: false }))
            : undefined,
        }),
        query2: {
          ...(src.schema.Date ? { sort: [{ property: propertyKey("Date"), direction: "descending" }] } : {}),
          ...((type === "calendar" || type === "timeline") && dateProperty ? { [`${type}_by`]: propertyKey(dateProperty) } : {}),
        },
      });
    });
    this.tables.collection.set(collectionId, clean({
      ...this.common(collectionId, src.edited, pageId, "block"),
      name: [[src.title]],
      description: src.description ? [[src.description]] : undefined,
      icon: src.icon,
      schema,
      format: { collection_page_properties: visible.map(({ property }) => ({ property, visible: true })) },
    }) as Rec);
    this.tables.block.set(pageId, clean({
      ...this.common(pageId, src.edited, placement?.parentId ?? SPACE_ID, placement ? "block" : "space"),
      type: placement?.inline ? "collection_view" : "collection_view_page",
      collection_id: collectionId,
      view_ids: viewIds,
      permissions: placement ? undefined : publicPermission(src.edited),
      format: clean({ collection_pointer: pointer, page_icon: iconOf(src.icon) }),
    }));
    for (const row of src.rows) this.row(row, `${key}/row/${row.title}`, collectionId, src, propertyKey);
    return pageId;
  }

  private row(row: RowSource, key: string, collectionId: string, db: DatabaseSource, propertyKey: (name: string) => string): void {
    const id = uuid(key);
    const properties: Record<string, unknown> = { title: inline(row.title, this.ctx) };
    for (const [name, value] of Object.entries(row.props)) {
      const type = db.schema[name];
      if (!type) throw new Error(`${db.title} / ${row.title}: unknown property ${name}`);
      if (type === "rollup") throw new Error(`${db.title} / ${row.title}: ${name} is a rollup, which Notion stores no value for`);
      properties[propertyKey(name)] = propertyValue(type, value, this.ctx);
    }
    const content = this.body(parseMarkup(row.body, this.ctx), id, key, row.edited);
    this.tables.block.set(id, {
      ...this.common(id, row.edited, collectionId, "collection"),
      type: "page",
      properties,
      content,
      format: clean({ page_icon: iconOf(row.icon), page_cover: row.cover ? fileUrl(row.cover) : undefined, page_cover_position: row.cover ? 0.5 : undefined }),
    });
  }
}

function propertyValue(type: string, value: string | string[] | boolean, ctx: InlineContext): unknown {
  switch (type) {
    case "date":
      {
        // "start/end" is a date range, as Notion stores one.
        const [start, end] = String(value).split("/");
        return [["‣", [["d", end ? { type: "daterange", start_date: start, end_date: end } : { type: "date", start_date: start }]]]];
      }
    case "checkbox":
      return [[value ? "Yes" : "No"]];
    case "multi_select":
      return [[(value as string[]).join(",")]];
    case "person":
      return (value as string[]).flatMap((person, i) => [...(i ? [[","]] : []), ["‣", [["u", userId(person)]]]]);
    case "url":
      return [[String(value), [["a", String(value)]]]];
    case "relation":
      return (value as string[]).flatMap((title, i) => [...(i ? [[","]] : []), ["‣", [["p", ctx.pageIdByTitle(title)]]]]);
    default:
      return inline(String(value), ctx);
  }
}

/** Drops undefined fields so the JSON has no holes, and the named fields when they are empty objects. */
function clean<T extends Record<string, unknown>>(obj: T, dropWhenEmpty: string[] = []): T {
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    if (v === undefined || (dropWhenEmpty.includes(k) && v && typeof v === "object" && !Object.keys(v).length)) delete obj[k];
  }
  return obj;
}

const box = (record: Rec) => ({ spaceId: SPACE_ID, value: { value: record, role: "reader" } });

function recordMapJson(rootId: string, tables: RecordTables): string {
  const blocks = [...tables.block.values()];
  const root = tables.block.get(rootId)!;
  const emoji = customEmojiRecords(tables);
  const recordMap = {
    // The root first: notion-client and the stand-in treat the first block as the page.
    block: Object.fromEntries([root, ...blocks.filter((b) => b.id !== rootId)].map((b) => [b.id, box(b)])),
    collection: Object.fromEntries([...tables.collection.values()].map((c) => [c.id, box(c)])),
    collection_view: Object.fromEntries([...tables.collection_view.values()].map((v) => [v.id, box(v)])),
    notion_user: Object.fromEntries(
      PEOPLE.map((p) => [userId(p.key), box({ id: userId(p.key), version: 1, email: p.email, given_name: p.given, family_name: p.family })]),
    ),
    space: { [SPACE_ID]: box({ id: SPACE_ID, version: 1, name: "Lumen", beta_enabled: false }) },
    ...(Object.keys(emoji).length ? { custom_emoji: emoji } : {}),
    collection_query: {},
    signed_urls: {},
  };
  return `${JSON.stringify(recordMap)}\n`;
}

export function generateWorkspace(outDir: string): string[] {
  const titles = collectTitles();
  const ctx: InlineContext = {
    pageIdByTitle: (title) => {
      const id = titles.get(title);
      if (!id) throw new Error(`[[${title}]]: ${id === null ? "more than one page has this title" : "no page has this title"}`);
      return id;
    },
  };
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(outDir, "files"), { recursive: true });
  const index: Record<string, unknown> = {};
  const written: string[] = [];
  const write = (name: string, text: string | Buffer) => {
    fs.writeFileSync(path.join(outDir, name), text);
    written.push(name);
  };

  for (const [key, src] of PAGE_ROOTS) {
    const builder = new FileBuilder(ctx);
    const id = builder.page(src, key, SPACE_ID, "space");
    write(`${key}.json`, recordMapJson(id, builder.tables));
    index[key] = notionUrlOf(src.title, id);
  }
  for (const [key, src] of DATABASE_ROOTS) {
    const builder = new FileBuilder(ctx);
    const id = builder.database(src, key);
    write(`${key}.json`, recordMapJson(id, builder.tables));
    index[key] = notionUrlOf(src.title, id);
  }
  index.private = notionUrlOf(PRIVATE_PAGE_TITLE, uuid("private"));
  index.docsv2Versions = Object.fromEntries(
    Object.entries(DOCSV2_VERSIONS).map(([label, title]) => [label, notionUrlOf(title, uuid(`docsv2/${title}`))]),
  );
  const order = ["blog", "changelog", "roadmap", "docs", "docsv2", "help_desk", "simple", "showcase", "private", "notDatabase", "listDatabase", "boardDatabase", "tableDatabase", "missingProperties", "notionNextBlog", "ownNamesBlog", "importedBlogTemplate", "docsv2Versions", "docsJa"];
  write("index.json", `${JSON.stringify(Object.fromEntries(order.map((k) => [k, index[k]])), null, 2)}\n`);

  for (const [name, image] of Object.entries(IMAGES)) write(path.join("files", name), renderPng(image));
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { values } = parseArgs({ options: { out: { type: "string", default: WORKSPACE_DIR } } });
  const files = generateWorkspace(path.resolve(values.out!));
  console.log(`wrote ${files.length} files to ${values.out}`);
}
