import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Block, Collection, ExtendedRecordMap } from "notion-types";
import { getBlockValue, getTextContent } from "notion-utils";
import { NotionContextProvider } from "react-notion-x";
import { Property } from "react-notion-x/third-party/collection";
import { formatNotionNumber, relationText, rollupText, type RollupLookup } from "@/notion/rollups";
import { blockOf, collectionOf } from "@/notion/record-map";

/**
 * A database row's property values as Notion shows them, as data: the inline database's cells (HTML), a row page's
 * property block and the Markdown twins all read them here, so a value never shows in one and not the other.
 * Select, multi-select and status are options with their colours; numbers in the property's number format; dates as
 * Notion writes them ("Mar 14, 2025", a range with "→"); people by name; urls, emails, phones and files as links;
 * relations as the related rows' titles; rollups computed from them (rollups.ts); formulas as stored (the official
 * API's), else evaluated from the row (react-notion-x's formula evaluator, through its Property component).
 */

export type SchemaEntry = { name?: string; type?: string; number_format?: string; options?: { value: string; color?: string }[] } & Record<string, unknown>;
import type { Column } from "@/notion/collection-view";
export type { Column };
export type PropertyValue =
  | { kind: "empty" }
  | { kind: "text"; text: string }
  | { kind: "options"; options: { name: string; color: string }[] }
  | { kind: "checkbox"; checked: boolean }
  | { kind: "links"; links: { text: string; href: string }[] };

/** Where a value's links and users come from: the page's records, and the site's own pages for related rows. */
export type PropertyContext = {
  recordMap: ExtendedRecordMap;
  collection: Collection;
  /** A Notion file (a files property) → the address visitors fetch it from; null to leave it out. */
  fileHref: (url: string, rowId: string) => string | null;
  /** Related rows that are pages of the site but not in the page's records. */
  siteBlock?: (id: string) => Block | undefined;
};

const NOTION_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
export const notionDate = (iso: string) => {
  const at = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(at) ? NOTION_DATE.format(at) : iso;
};

/** Types that always have a value, even with nothing stored in the row. */
const COMPUTED = new Set(["created_time", "last_edited_time", "created_by", "last_edited_by", "formula", "rollup", "checkbox"]);

export { viewColumns, viewRowIds } from "@/notion/collection-view";

/** A person's name as Notion shows it, from the record map's notion_user records. */
export function userName(recordMap: ExtendedRecordMap, id: unknown): string {
  const user = getBlockValue(recordMap.notion_user?.[String(id)]) as { given_name?: string; family_name?: string; name?: string } | undefined;
  return [user?.given_name, user?.family_name].filter(Boolean).join(" ") || user?.name || "";
}

type Rich = [string, unknown[][]?][];

/** Link parts of a rich-text value ([text, [["a", href]]]), split on the commas Notion puts between files. */
function linkParts(value: Rich): { text: string; href: string | null }[] {
  return value.filter(([text]) => text !== ",").map(([text, decorations]) => ({ text, href: (decorations?.find((d) => d[0] === "a")?.[1] as string | undefined) ?? null }));
}

export function propertyValue(row: Block, column: Column, ctx: PropertyContext): PropertyValue {
  const schema = (ctx.collection.schema ?? {}) as Record<string, SchemaEntry>;
  const entry = schema[column.key];
  const raw = (row.properties as Record<string, unknown> | undefined)?.[column.key];
  const value = Array.isArray(raw) ? (raw as Rich) : null;
  if (!value && !COMPUTED.has(column.type)) return { kind: "empty" };
  const text = (t: string): PropertyValue => (t.trim() ? { kind: "text", text: t } : { kind: "empty" });
  const plain = value ? getTextContent(value as never) : "";
  const record = row as Block & { created_by_id?: string; last_edited_by_id?: string };
  const lookup: RollupLookup = {
    block: (id) => blockOf(ctx.recordMap, id) ?? ctx.siteBlock?.(id),
    collection: (id) => collectionOf(ctx.recordMap, id),
    userName: (id) => userName(ctx.recordMap, id),
  };
  switch (column.type) {
    case "select":
    case "status":
    case "multi_select": {
      const names = column.type === "multi_select" ? plain.split(",").map((s) => s.trim()) : [plain.trim()];
      const options = names.filter(Boolean).map((name) => ({ name, color: entry?.options?.find((o) => o.value === name)?.color ?? "default" }));
      return options.length ? { kind: "options", options } : { kind: "empty" };
    }
    case "checkbox":
      return { kind: "checkbox", checked: plain === "Yes" };
    case "number": {
      const n = Number.parseFloat(plain);
      return text(Number.isFinite(n) ? formatNotionNumber(n, entry?.number_format) : plain);
    }
    case "date": {
      const json = JSON.stringify(value);
      const start = json.match(/"start_date":"([^"]+)"/)?.[1];
      const end = json.match(/"end_date":"([^"]+)"/)?.[1];
      return text(start ? (end ? `${notionDate(start)} → ${notionDate(end)}` : notionDate(start)) : plain);
    }
    case "created_time":
    case "last_edited_time": {
      const at = column.type === "created_time" ? row.created_time : row.last_edited_time;
      return typeof at === "number" ? text(notionDate(new Date(at).toISOString())) : { kind: "empty" };
    }
    case "created_by":
    case "last_edited_by":
      return text(userName(ctx.recordMap, column.type === "created_by" ? record.created_by_id : record.last_edited_by_id));
    case "person": {
      const ids = (value ?? []).flatMap(([, decorations]) => (decorations ?? []).filter((d) => d[0] === "u").map((d) => d[1]));
      const names = ids.map((id) => userName(ctx.recordMap, id)).filter(Boolean);
      return text(names.length ? names.join(", ") : plain);
    }
    case "url": {
      const href = linkParts(value ?? [])[0]?.href ?? plain;
      return /^https?:\/\//i.test(href) ? { kind: "links", links: [{ text: plain || href, href }] } : text(plain);
    }
    case "email":
      return plain.includes("@") ? { kind: "links", links: [{ text: plain, href: `mailto:${plain}` }] } : text(plain);
    case "phone_number":
      return /^[+\d][\d\s().-]*$/.test(plain) ? { kind: "links", links: [{ text: plain, href: `tel:${plain.replace(/[^\d+]/g, "")}` }] } : text(plain);
    case "file": {
      const links = linkParts(value ?? []).flatMap((part) => {
        const href = ctx.fileHref(part.href ?? part.text, row.id);
        return href ? [{ text: part.text, href }] : [];
      });
      return links.length ? { kind: "links", links } : { kind: "empty" };
    }
    case "relation":
      return text(relationText(row, column.key, lookup));
    case "rollup":
      return text(rollupText(row, schema as never, column.key, lookup) || plain);
    case "formula":
      return text(plain || formulaText(row, column.key, ctx));
    default:
      return text(plain);
  }
}

/** A value as plain text (search, Markdown): options joined, a checkbox as Yes/No, links as their text. */
export function propertyText(value: PropertyValue): string {
  switch (value.kind) {
    case "empty":
      return "";
    case "text":
      return value.text;
    case "options":
      return value.options.map((o) => o.name).join(", ");
    case "checkbox":
      return value.checked ? "Yes" : "No";
    case "links":
      return value.links.map((l) => l.text).join(", ");
  }
}

/** The private API stores no formula results: react-notion-x's Property evaluates the formula from the row. */
function formulaText(row: Block, key: string, ctx: PropertyContext): string {
  const schema = (ctx.collection.schema ?? {}) as Record<string, SchemaEntry>;
  try {
    const html = renderToStaticMarkup(
      createElement(NotionContextProvider, { recordMap: ctx.recordMap, components: {} } as never, createElement(Property, { schema: schema[key] as never, data: undefined, block: row, collection: ctx.collection } as never)),
    );
    return decodeEntities(html.replace(/<[^>]*>/g, ""));
  } catch {
    // A formula react-notion-x can't evaluate is an empty cell, never a broken page.
    return "";
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_m, name: string) => ENTITIES[name]!);
