import type { Block, ExtendedRecordMap } from "notion-types";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle, viewOf } from "@/notion/record-map";
import { viewColumns, viewRowIds } from "@/notion/collection-view";
import { escapeHtml } from "../render-email";
import { richHtml, richPlain, type PostEmailLinks } from "./rich-text";

/** Tables in an email: real `<table>`s with every cell styled inline (mail clients drop stylesheets). */

type Written = [html: string, text: string];

const TABLE = `role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px;border-collapse:collapse;font-size:14px;line-height:1.5"`;
const cellStyle = (header: boolean) =>
  `padding:6px 8px;border:1px solid #e5e5e5;text-align:left;vertical-align:top;color:#333${header ? ";background:#f7f7f5;font-weight:600" : ""}`;

function tableOf(rows: { html: string; text: string }[][], headerRow: boolean, caption = ""): Written {
  const html = rows
    .map((cells, i) => {
      const tag = headerRow && i === 0 ? "th" : "td";
      return `<tr>${cells.map((c) => `<${tag} style="${cellStyle(tag === "th")}">${c.html}</${tag}>`).join("")}</tr>`;
    })
    .join("");
  const captionHtml = caption ? `<p style="margin:0 0 8px;font-size:15px;font-weight:600;color:#111">${escapeHtml(caption)}</p>` : "";
  const text = rows.map((cells) => `| ${cells.map((c) => c.text.replace(/\n/g, " ")).join(" | ")} |`).join("\n");
  return [`${captionHtml}<table ${TABLE}>${html}</table>`, `${caption ? `${caption}\n` : ""}${text}`];
}

/** Notion's simple table: rows of rich-text cells in the table's column order. */
export function simpleTable(b: Block, recordMap: ExtendedRecordMap, links: PostEmailLinks, accent: string): Written {
  const rows = ((b.content as string[] | undefined) ?? []).map((id) => blockOf(recordMap, id)).filter((r): r is Block => Boolean(r));
  const given = ((b.format as { table_block_column_order?: string[] } | undefined)?.table_block_column_order ?? []) as string[];
  const order = given.length ? given : [...new Set(rows.flatMap((row) => Object.keys((row.properties as object | undefined) ?? {})))];
  const header = Boolean((b.format as { table_block_column_header?: boolean } | undefined)?.table_block_column_header);
  const cells = rows.map((row) =>
    order.map((col) => {
      const value = (row.properties as Record<string, unknown> | undefined)?.[col];
      return { html: richHtml(value, recordMap, links, accent), text: richPlain(value, recordMap, links) };
    }),
  );
  return tableOf(cells, header);
}

/** A database on the page: its first view's visible columns and rows, each title linked when the site publishes it. */
export function databaseTable(b: Block, recordMap: ExtendedRecordMap, links: PostEmailLinks, accent: string): Written {
  const collectionId = collectionIdOf(recordMap, b);
  const viewIds = (b as { view_ids?: string[] }).view_ids ?? [];
  const collection = collectionId ? collectionOf(recordMap, collectionId) : undefined;
  if (!collectionId || !viewIds[0] || !collection) return ["", ""];
  const columns = viewColumns(collection, viewOf(recordMap, viewIds[0]));
  const schema = (collection.schema ?? {}) as Record<string, { name?: string }>;
  const rows = viewRowIds(recordMap, collectionId, viewIds, viewIds[0])
    .map((id) => blockOf(recordMap, id))
    .filter((r): r is Block => Boolean(r));
  const head = [schema.title?.name ?? "Name", ...columns.map((c) => c.name)].map((name) => ({ html: escapeHtml(name), text: name }));
  const body = rows.map((row) => {
    const name = pageTitle(row) || "Untitled";
    const url = links.pageUrl(row.id);
    const title = { html: url ? `<a href="${escapeHtml(url)}" style="color:${accent}">${escapeHtml(name)}</a>` : escapeHtml(name), text: url ? `${name} (${url})` : name };
    const values = columns.map((c) => {
      const value = (row.properties as Record<string, unknown> | undefined)?.[c.key];
      return { html: richHtml(value, recordMap, links, accent), text: richPlain(value, recordMap, links) };
    });
    return [title, ...values];
  });
  return tableOf([head, ...body], true, collectionTitle(collection));
}
