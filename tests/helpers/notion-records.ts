import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Small Notion record maps for tests and benchmarks, in the shape notion-client's getPage() returns, so the
 * stand-in can serve them: pages, sub-pages, databases (table/board/list) with rows, image blocks. Deterministic ids.
 */

const SPACE = "5a5e0000-0000-4000-8000-000000000001";
const USER = "0e0e0000-0000-4000-8000-000000000001";
const T0 = Date.UTC(2026, 0, 1);

export function idFor(name: string): string {
  const h = crypto.createHash("sha1").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const notionUrl = (title: string, id: string) => `https://www.notion.so/${title.replace(/[^A-Za-z0-9]+/g, "-")}-${id.replace(/-/g, "")}`;

type Rec = Record<string, unknown> & { id: string };
type Tables = { block: Record<string, Rec>; collection: Record<string, Rec>; collection_view: Record<string, Rec> };

export type BodyBlock =
  | { type: "text" | "header" | "sub_header" | "quote" | "bulleted_list"; text: string }
  | { type: "image"; source: string }
  | { type: "page"; title: string; body?: BodyBlock[] }
  /** Any block as Notion would store it (for hostile or unusual content). */
  | { type: "raw"; raw: { type: string; properties?: Record<string, unknown>; format?: Record<string, unknown> } };

export type Row = { title: string; props?: Record<string, unknown[]>; body?: BodyBlock[] };

export class RecordMapBuilder {
  private files = new Map<string, Tables>();
  private current: Tables | null = null;

  private put(table: keyof Tables, rec: Rec) {
    this.current![table][rec.id] = rec;
  }

  private block(id: string, type: string, parentId: string, parentTable: string, extra: Record<string, unknown> = {}): Rec {
    const rec: Rec = {
      id,
      version: 1,
      type,
      parent_id: parentId,
      parent_table: parentTable,
      alive: true,
      created_time: T0,
      last_edited_time: T0,
      space_id: SPACE,
      created_by_table: "notion_user",
      created_by_id: USER,
      ...extra,
    };
    this.put("block", rec);
    return rec;
  }

  private body(parentId: string, blocks: BodyBlock[], key: string): string[] {
    return blocks.map((b, i) => {
      const id = idFor(`${key}/${i}`);
      if (b.type === "raw") {
        this.block(id, b.raw.type, parentId, "block", { properties: b.raw.properties ?? {}, format: b.raw.format ?? {} });
      } else if (b.type === "image") {
        this.block(id, "image", parentId, "block", { properties: { source: [[b.source]] }, format: { display_source: b.source, block_width: 640 } });
      } else if (b.type === "page") {
        const content = this.body(id, b.body ?? [], `${key}/${i}`);
        this.block(id, "page", parentId, "block", { properties: { title: [[b.title]] }, content });
      } else {
        this.block(id, b.type, parentId, "block", { properties: { title: [[b.text]] } });
      }
      return id;
    });
  }

  /** A plain page (its own file) with a body; sub-pages are `{type:"page"}` body blocks. */
  page(title: string, body: BodyBlock[] = [], titleProperty?: unknown[]): string {
    const id = idFor(`page:${title}`);
    this.current = { block: {}, collection: {}, collection_view: {} };
    this.files.set(id, this.current);
    const content = this.body(id, body, `page:${title}`);
    this.block(id, "page", SPACE, "space", { properties: { title: titleProperty ?? [[title]] }, content });
    return id;
  }

  /** A full-page database (its own file): schema of name → type, first view of `viewType`, rows with bodies. */
  database(
    title: string,
    opts: { viewType: "table" | "board" | "list"; schema: Record<string, string>; rows: Row[]; statusOptions?: string[] },
  ): { pageId: string; collectionId: string; viewId: string; rowIds: string[] } {
    const pageId = idFor(`db:${title}`);
    const collectionId = idFor(`collection:${title}`);
    const viewId = idFor(`view:${title}`);
    this.current = { block: {}, collection: {}, collection_view: {} };
    this.files.set(pageId, this.current);
    const schema: Record<string, unknown> = {};
    const keyOf: Record<string, string> = {};
    for (const [name, type] of Object.entries(opts.schema)) {
      const key = type === "title" ? "title" : idFor(`${title}:${name}`).slice(0, 4);
      keyOf[name] = key;
      schema[key] = {
        name,
        type,
        ...(opts.statusOptions && (type === "status" || type === "select")
          ? { options: opts.statusOptions.map((value, i) => ({ id: `opt${i}`, value, color: "default" })) }
          : {}),
      };
    }
    this.block(pageId, "collection_view_page", SPACE, "space", { collection_id: collectionId, view_ids: [viewId], format: { collection_pointer: { id: collectionId, table: "collection", spaceId: SPACE } } });
    this.put("collection", { id: collectionId, version: 1, name: [[title]], schema, parent_id: pageId, parent_table: "block", alive: true, space_id: SPACE });
    const statusKey = Object.entries(opts.schema).find(([, t]) => t === "status")?.[0];
    this.put("collection_view", {
      id: viewId,
      version: 1,
      type: opts.viewType,
      name: "Default view",
      parent_id: pageId,
      parent_table: "block",
      alive: true,
      space_id: SPACE,
      format: {
        collection_pointer: { id: collectionId, table: "collection", spaceId: SPACE },
        ...(opts.viewType === "board" && statusKey
          ? {
              board_columns_by: { type: "status", property: keyOf[statusKey], sort: { type: "manual" } },
              board_columns: (opts.statusOptions ?? []).map((value) => ({ property: keyOf[statusKey], value: { type: "status", value } })),
            }
          : {}),
      },
    });
    const rowIds = opts.rows.map((row, i) => {
      const id = idFor(`row:${title}:${i}`);
      const properties: Record<string, unknown> = { title: [[row.title]] };
      for (const [name, value] of Object.entries(row.props ?? {})) properties[keyOf[name] ?? name] = value;
      const content = this.body(id, row.body ?? [], `row:${title}:${i}`);
      this.block(id, "page", collectionId, "collection", { properties, content });
      return id;
    });
    return { pageId, collectionId, viewId, rowIds };
  }

  /** The getPage()-shaped record map of one root page (boxes of the current era). */
  recordMapOf(rootId: string, collectionQuery: Record<string, unknown> = {}): Record<string, unknown> {
    const tables = this.files.get(rootId);
    if (!tables) throw new Error(`no root page ${rootId}`);
    const box = (recs: Record<string, Rec>) =>
      Object.fromEntries(Object.entries(recs).map(([id, value]) => [id, { spaceId: SPACE, value: { value, role: "reader" } }]));
    return {
      block: box(tables.block),
      collection: box(tables.collection),
      collection_view: box(tables.collection_view),
      notion_user: {},
      collection_query: collectionQuery,
      signed_urls: {},
    };
  }

  /** Writes one getPage()-shaped file per root page into a new temp dir (and `files/` when given). */
  write(files: Record<string, Buffer> = {}): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notion-ws-"));
    for (const [rootId, tables] of this.files) {
      const box = (recs: Record<string, Rec>) =>
        Object.fromEntries(Object.entries(recs).map(([id, value]) => [id, { spaceId: SPACE, value: { value, role: "reader" } }]));
      const recordMap = { block: box(tables.block), collection: box(tables.collection), collection_view: box(tables.collection_view), notion_user: {}, collection_query: {}, signed_urls: {} };
      // The root block first: the stand-in and notion-client treat the first block as the page.
      const ordered = { ...recordMap, block: { [rootId]: recordMap.block[rootId], ...recordMap.block } };
      fs.writeFileSync(path.join(dir, `${rootId}.json`), JSON.stringify(ordered));
    }
    if (Object.keys(files).length) {
      fs.mkdirSync(path.join(dir, "files"));
      for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, "files", name), data);
    }
    return dir;
  }
}

export const text = (value: string) => [[value]];
export const date = (iso: string) => [["‣", [["d", { type: "date", start_date: iso }]]]];
export const yesNo = (value: boolean) => [[value ? "Yes" : "No"]];

/** A blog database with n posts, each with a short body. */
export function blogRows(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    title: `Post ${i + 1}`,
    props: {
      date: date(`2026-01-${String((i % 28) + 1).padStart(2, "0")}`),
      description: text(`About post ${i + 1}`),
      tags: text("news"),
      authors: text("Ada"),
      hidden: yesNo(false),
    },
    body: [
      { type: "header", text: `Heading of post ${i + 1}` },
      { type: "text", text: `The first paragraph of post ${i + 1}.` },
      { type: "bulleted_list", text: "A point" },
    ],
  }));
}

export const BLOG_SCHEMA = { name: "title", date: "date", description: "text", tags: "multi_select", authors: "text", hidden: "checkbox" };
