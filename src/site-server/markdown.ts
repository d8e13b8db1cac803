import type { Block, Collection, ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import { propertyText, propertyValue, viewColumns, viewRowIds, type PropertyContext, type PropertyValue } from "./property-values";
import { isImageIcon } from "@/site-model/tree-model";
import { PRIVATE_MENTION_TEXT } from "./render/mentions";
import { withRewrittenBlocks } from "./render/notion-block-rewrites";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle, viewOf } from "@/notion/record-map";

/**
 * A Notion page as Markdown, for `<path>.md`, `/llms-full.txt` and "copy page as Markdown" (pages AI agents can
 * read). Plain CommonMark/GFM: headings, lists, to-dos, quotes, code, math, tables, images, links.
 */

export type MarkdownLinks = {
  /** Site URL of a Notion page id, or null when the page isn't part of the site. */
  pageUrl: (pageId: string) => string | null;
  /** Absolute URL of a block's image. */
  imageUrl: (src: string, blockId: string) => string | null;
  /** A page of the site outside this page's records (a relation's rows). */
  siteBlock?: (id: string) => Block | undefined;
  /** Whether a row's own page lists its properties under its title (tree sites; database sites write their fields). */
  rowProperties?: boolean;
};

type Decoration = [string, ...unknown[]];

function richText(value: unknown, links: MarkdownLinks, recordMap: ExtendedRecordMap): string {
  if (!Array.isArray(value)) return "";
  return (value as [string, Decoration[]?][])
    .map(([text, decorations = []]) => {
      let out = String(text ?? "").replace(/([\\`*_[\]])/g, "\\$1");
      for (const d of decorations) {
        const [kind, arg] = d;
        if (kind === "p" || (kind === "‣" && Array.isArray(arg) && arg[0] === "p")) {
          const id = String(kind === "p" ? arg : (arg as unknown[])[1]);
          // In the site: its URL; outside but public (its block came with the page): Notion's; else plain text.
          const mentioned = blockOf(recordMap, id);
          const url = links.pageUrl(id) ?? (mentioned ? `https://www.notion.so/${id.replace(/-/g, "")}` : null);
          out = url ? `[${pageTitle(mentioned) || "page"}](${url})` : PRIVATE_MENTION_TEXT;
        } else if (kind === "e") out = `$${String(arg)}$`;
        else if (kind === "c") out = `\`${String(text)}\``;
        else if (kind === "b") out = `**${out}**`;
        else if (kind === "i") out = `_${out}_`;
        else if (kind === "s") out = `~~${out}~~`;
        else if (kind === "a" && typeof arg === "string" && /^(https?:|mailto:|\/|#)/i.test(arg)) out = `[${out}](${arg})`;
      }
      return out;
    })
    .join("");
}

export function pageToMarkdown(given: ExtendedRecordMap, pageId: string, links: MarkdownLinks, title?: string): string {
  // The blocks the page shows in place of ones react-notion-x can't draw (a Drive file as a bookmark, …), as on the page.
  const recordMap = withRewrittenBlocks(given, []);
  const lines: string[] = [];
  const root = blockOf(recordMap, pageId);
  lines.push(`# ${title ?? (pageTitle(root) || "Untitled")}`, "");
  const text = (b: Block) => richText((b.properties as { title?: unknown } | undefined)?.title, links, recordMap);

  // Blocks with blocks under them (lists, toggles, columns) indent those; every other block is its own lines.
  const visit = (ids: string[], indent: string) => {
    let number = 0;
    for (const id of ids) {
      const b = blockOf(recordMap, id);
      if (!b) continue;
      number = b.type === "numbered_list" ? number + 1 : 0;
      const children = (b.content as string[] | undefined) ?? [];
      const push = (line: string) => lines.push(`${indent}${line}`);
      switch (b.type) {
        case "bulleted_list":
        case "toggle":
          push(`- ${text(b)}`);
          visit(children, `${indent}  `);
          continue;
        case "numbered_list":
          push(`${number}. ${text(b)}`);
          visit(children, `${indent}   `);
          continue;
        case "to_do": {
          const checked = getTextContent(((b.properties as { checked?: unknown } | undefined)?.checked ?? []) as never) === "Yes";
          push(`- [${checked ? "x" : " "}] ${text(b)}`);
          visit(children, `${indent}  `);
          continue;
        }
        case "column_list":
        case "column":
          visit(children, indent);
          continue;
        case "page": {
          const url = links.pageUrl(b.id);
          push(url ? `- [${pageTitle(b) || "Untitled"}](${url})` : `- ${pageTitle(b)}`);
          continue;
        }
      }
      const own = blockLines(b, children, recordMap, links, text(b));
      if (!own) continue;
      for (const line of own) push(line);
      lines.push("");
    }
  };
  // A full-page database is its own content: its rows as a table.
  if (root?.type === "collection_view_page") lines.push(...databaseTable(recordMap, root, links), "");
  if (links.rowProperties) lines.push(...rowPropertyLines(recordMap, root, links));
  visit((root?.content as string[] | undefined) ?? [], "");
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n").trim()}\n`;
}

/** A block's own lines (a blank line follows them), or null for a block that shows nothing (no blank line either). */
function blockLines(b: Block, children: string[], recordMap: ExtendedRecordMap, links: MarkdownLinks, text: string): string[] | null {
  const plain = (key: "title" | "language") => getTextContent(((b.properties as Record<string, unknown> | undefined)?.[key] ?? []) as never);
  switch (b.type) {
    case "header":
      return [`## ${text}`];
    case "sub_header":
      return [`### ${text}`];
    case "sub_sub_header":
      return [`#### ${text}`];
    case "quote":
      return [`> ${text}`];
    case "callout": {
      const icon = (b.format as { page_icon?: string } | undefined)?.page_icon;
      return [`> ${icon && !isImageIcon(icon) ? `${icon} ` : ""}${text}`];
    }
    case "code": {
      const language = plain("language").toLowerCase().replace(/\s+/g, "");
      return [`\`\`\`${language === "plaintext" ? "" : language}`, ...plain("title").split("\n"), "```"];
    }
    case "equation":
      return [`$$${plain("title")}$$`];
    case "divider":
      return ["---"];
    case "image": {
      const src = String(((b.properties as { source?: string[][] } | undefined)?.source ?? [[""]])[0]?.[0] ?? "");
      const url = links.imageUrl(src, b.id);
      const caption = richText((b.properties as { caption?: unknown } | undefined)?.caption, links, recordMap);
      return url ? [`![${caption}](${url})`] : [];
    }
    case "bookmark":
    case "video":
    case "embed": {
      const link = String(((b.properties as { link?: string[][]; source?: string[][] } | undefined)?.link ?? (b.properties as { source?: string[][] } | undefined)?.source ?? [[""]])[0]?.[0] ?? "");
      const label = plain("title") || link;
      return /^https?:/i.test(link) ? [`[${label}](${link})`] : [];
    }
    case "table":
      return simpleTableLines(b, children, recordMap, links);
    case "collection_view":
    case "collection_view_page": {
      const table = databaseTable(recordMap, b, links);
      return table.length ? table : null;
    }
    default:
      return text ? [text] : null;
  }
}

/** A simple table as GFM, its first row the header. */
function simpleTableLines(b: Block, children: string[], recordMap: ExtendedRecordMap, links: MarkdownLinks): string[] {
  const rows = children.map((rowId) => blockOf(recordMap, rowId)).filter((r): r is Block => Boolean(r));
  // Pages recorded without a column order still have their cells: take the columns as the rows name them.
  const given = ((b.format as { table_block_column_order?: string[] } | undefined)?.table_block_column_order ?? []) as string[];
  const order = given.length ? given : [...new Set(rows.flatMap((row) => Object.keys((row.properties as object | undefined) ?? {})))];
  return rows.flatMap((row, i) => {
    const cells = order.map((col) => richText((row.properties as Record<string, unknown> | undefined)?.[col], links, recordMap).replace(/\|/g, "\\|"));
    return i === 0 ? [`| ${cells.join(" | ")} |`, `| ${order.map(() => "---").join(" | ")} |`] : [`| ${cells.join(" | ")} |`];
  });
}

/**
 * A database on the page as a GFM table in its first view's order: the title (linked to the row's page when the
 * site publishes it) and the view's visible properties, each as the page shows it (property-values.ts), links kept.
 */
function databaseTable(recordMap: ExtendedRecordMap, block: Block, links: MarkdownLinks): string[] {
  const collectionId = collectionIdOf(recordMap, block);
  const viewId = (block as { view_ids?: string[] }).view_ids?.[0];
  const collection = collectionId ? collectionOf(recordMap, collectionId) : undefined;
  if (!collectionId || !viewId || !collection) return [];
  const schema = (collection.schema ?? {}) as Record<string, { name?: string; type?: string }>;
  const columns = viewColumns(collection, viewOf(recordMap, viewId));
  const rows = viewRowIds(recordMap, collectionId, (block as { view_ids?: string[] }).view_ids ?? [], viewId)
    .map((id) => blockOf(recordMap, id))
    .filter((r): r is Block => Boolean(r));
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const values = propertyContextFor(recordMap, collection, links);
  const title = collectionTitle(collection);
  return [
    ...(title ? [`**${title}**`, ""] : []),
    `| ${[schema.title?.name ?? "Name", ...columns.map((c) => c.name)].map(cell).join(" | ")} |`,
    `| ${["---", ...columns.map(() => "---")].join(" | ")} |`,
    ...rows.map((row) => {
      const name = pageTitle(row) || "Untitled";
      const url = links.pageUrl(row.id);
      return `| ${[url ? `[${cell(name)}](${url})` : cell(name), ...columns.map((c) => cell(isoDate(row, c) ?? propertyMarkdown(propertyValue(row, c, values))))].join(" | ")} |`;
    }),
  ];
}

/** A database row's own page: its properties as a list under the title, as the page shows them above the body. */
function rowPropertyLines(recordMap: ExtendedRecordMap, row: Block | undefined, links: MarkdownLinks): string[] {
  if (!row || row.parent_table !== "collection") return [];
  const collection = collectionOf(recordMap, row.parent_id);
  if (!collection) return [];
  const values = propertyContextFor(recordMap, collection, links);
  const format = (collection.format ?? {}) as { collection_page_properties?: { property: string; visible?: boolean }[] };
  const hidden = new Set((format.collection_page_properties ?? []).filter((p) => p.visible === false).map((p) => p.property));
  const columns = viewColumns(collection, { type: "table", format: { table_properties: [...(format.collection_page_properties ?? []), ...Object.keys(collection.schema ?? {}).map((property) => ({ property }))].filter((p) => !hidden.has(p.property)) } } as never);
  const lines = columns.map((c) => ({ c, text: isoDate(row, c) ?? propertyMarkdown(propertyValue(row, c, values)) })).filter(({ text }) => text).map(({ c, text }) => `- **${c.name}:** ${text.replace(/\n/g, " ")}`);
  return lines.length ? [...lines, ""] : [];
}

function propertyContextFor(recordMap: ExtendedRecordMap, collection: Collection, links: MarkdownLinks): PropertyContext {
  return { recordMap, collection, fileHref: (url, rowId) => links.imageUrl(url, rowId), siteBlock: links.siteBlock };
}

/** A date property in Markdown as ISO dates (a range with "→"), which agents read without guessing a format. */
function isoDate(row: Block, column: { key: string; type: string }): string | null {
  if (column.type !== "date") return null;
  const json = JSON.stringify((row.properties as Record<string, unknown> | undefined)?.[column.key] ?? null);
  const start = json.match(/"start_date":"([^"]+)"/)?.[1];
  const end = json.match(/"end_date":"([^"]+)"/)?.[1];
  return start ? (end ? `${start} → ${end}` : start) : "";
}

/** A value in Markdown: links as links (web, mail and phone addresses, files), everything else as its text. */
function propertyMarkdown(value: PropertyValue): string {
  if (value.kind !== "links") return propertyText(value);
  return value.links.map((l) => (/^(https?:|mailto:|tel:|\/)/i.test(l.href) ? `[${l.text.replace(/([\\[\]])/g, "\\$1")}](${l.href.replace(/[()\s]/g, encodeURIComponent)})` : l.text)).join(", ");
}
