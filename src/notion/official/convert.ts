import type { BlockObjectResponse } from "@notionhq/client";
import { logNotionProblem } from "../log";
import { clean, common, fileRefOf, iconRef, objectAt, stringAt, type NotionRecord, type RecordContext } from "./convert-common";
import { decorationsOf, languageName } from "./convert-text";

/**
 * Official API objects → the records of the private API's record map (what the renderer, models, search, Markdown,
 * feeds and AI already read), so a connected site goes down the same code path as a public one. This file converts
 * blocks; pages and users are in convert-page.ts, databases and views in convert-database.ts.
 *
 * Why not notion-compat: its newest release (7.10.0) depends on notion-types/notion-utils 7.10.0 (we pin 8.0.6, so
 * two copies of each), declares a peer of @notionhq/client ^2 (we use 5, API version 2025-09-03 with data sources),
 * and converts no databases at all. Writing the mapping here is smaller than patching around all three.
 *
 * Every block converts on its own: a missing optional field gets its default (convert-common.ts), and a block that
 * still can't be read becomes an empty text block in its place, logged, so one block never takes the page down.
 */

export { clean, customEmojiRecordOf, fileRefOf, stableFileRef, type NotionRecord, type RecordContext } from "./convert-common";
export { decorationsOf, languageName, plainText, userIdsIn } from "./convert-text";
export { notionUserRecord, pageRecord, propertyDecorations, propertyKey } from "./convert-page";
export { collectionRecord, collectionViewRecord, databaseBlockRecord, rowCollectionRecord } from "./convert-database";

const TEXT_TYPES: Record<string, string> = {
  paragraph: "text",
  heading_1: "header",
  heading_2: "sub_header",
  heading_3: "sub_sub_header",
  // The private API (and the renderer) has three heading levels: a fourth-level heading reads as the third.
  heading_4: "sub_sub_header",
  bulleted_list_item: "bulleted_list",
  numbered_list_item: "numbered_list",
  toggle: "toggle",
  quote: "quote",
};

/** Official file-like blocks → the private types of the same name. */
const MEDIA_TYPES = new Set(["image", "video", "audio", "pdf", "file"]);

/**
 * Official types with nothing to show on a published page, or whose content the API does not give: `unsupported`
 * (forms, buttons, AI blocks… the API names only their kind), meeting notes and transcriptions (their text sits in
 * blocks the API doesn't list as children). They are left out, as a reader of the page without them sees it.
 */
const NOTHING_TO_SHOW = new Set(["unsupported", "meeting_notes", "transcription"]);

type Base = ReturnType<typeof common> & { content?: string[] };

/** Rich text of a payload: `rich_text`, or `text` as answers before API version 2022-02-22 named it. */
const richTextOf = (payload: Record<string, unknown>): unknown => payload.rich_text ?? payload.text;
const colorOf = (payload: Record<string, unknown>): string | undefined => {
  const color = stringAt(payload, "color");
  return color && color !== "default" ? color : undefined;
};
const captionOf = (payload: Record<string, unknown>) => {
  const caption = decorationsOf(payload.caption);
  return caption.length ? caption : undefined;
};

/**
 * One block (not a page or database: see pageRecord / databaseBlockRecord) → its record; null for the types with
 * nothing to show. A block that can't be converted becomes an empty text block, logged. Table rows read their
 * column keys from the parent table as `col0…colN-1`, the order its format gives.
 */
export function blockRecord(block: BlockObjectResponse, ctx: RecordContext): NotionRecord | null {
  const base: Base = { ...common(block, ctx), content: ctx.content.length ? ctx.content : undefined };
  try {
    return convertBlock(block, base, ctx);
  } catch (err) {
    logNotionProblem(`Notion block ${block.id} (${String(block.type)}) could not be converted; an empty block stands in its place:`, err);
    return clean({ ...base, type: "text" });
  }
}

function convertBlock(block: BlockObjectResponse, base: Base, ctx: RecordContext): NotionRecord | null {
  const type = String(block.type);
  const payload = objectAt(block, type);
  if (type in TEXT_TYPES) {
    return clean({
      ...base,
      type: TEXT_TYPES[type],
      properties: { title: decorationsOf(richTextOf(payload)) },
      format: clean({ block_color: colorOf(payload), toggleable: payload.is_toggleable === true || undefined }),
    });
  }
  if (MEDIA_TYPES.has(type)) return mediaRecord(type, payload, base);
  if (NOTHING_TO_SHOW.has(type)) return null;
  switch (type) {
    case "to_do":
      return clean({ ...base, type: "to_do", properties: { title: decorationsOf(richTextOf(payload)), ...(payload.checked === true ? { checked: [["Yes"]] } : {}) } });
    case "callout":
      return clean({
        ...base,
        type: "callout",
        properties: { title: decorationsOf(richTextOf(payload)) },
        format: clean({ page_icon: iconRef(payload.icon as never, ctx.spaceId), block_color: colorOf(payload) }),
      });
    case "code":
      return clean({
        ...base,
        type: "code",
        properties: clean({ title: decorationsOf(richTextOf(payload)), language: [[languageName(payload.language)]], caption: captionOf(payload) }),
      });
    case "equation":
      return clean({ ...base, type: "equation", properties: { title: [[stringAt(payload, "expression")]] } });
    case "divider":
    case "column_list":
    case "table_of_contents":
    case "breadcrumb":
      return clean({ ...base, type });
    case "bookmark":
    case "link_preview": {
      // The official API gives a bookmark's URL and caption only (a link preview's URL only): the title and
      // description Notion shows are not in it, so the URL stands as the title.
      const url = stringAt(payload, "url");
      return clean({ ...base, type: "bookmark", properties: clean({ link: [[url]], title: [[url]], caption: captionOf(payload) }) });
    }
    case "embed": {
      const url = stringAt(payload, "url");
      return clean({ ...base, type: "embed", properties: clean({ source: [[url]], caption: captionOf(payload) }), format: { display_source: url } });
    }
    case "table":
      return tableRecord(payload, base);
    case "table_row": {
      const cells = Array.isArray(payload.cells) ? (payload.cells as unknown[]) : [];
      return clean({ ...base, type: "table_row", properties: Object.fromEntries(cells.map((cell, i) => [`col${i}`, decorationsOf(cell)])) });
    }
    case "column":
      return clean({ ...base, type: "column", format: clean({ column_ratio: typeof payload.width_ratio === "number" ? payload.width_ratio : undefined }) });
    case "synced_block":
    case "tab":
      // A synced block, original or reference (the API lists the original's children under both), and a tab
      // block (its children are the tabs, each with its content below) show their children in place.
      return clean({ ...base, type: "transclusion_container" });
    case "template":
      // A template button (deprecated by Notion): its label, as the page shows it.
      return clean({ ...base, type: "text", properties: { title: decorationsOf(richTextOf(payload)) } });
    case "link_to_page": {
      const id = stringAt(payload, "page_id") || stringAt(payload, "database_id");
      return id ? clean({ ...base, type: "alias", format: { alias_pointer: { id, table: "block", spaceId: ctx.spaceId } } }) : null;
    }
    case "child_page":
      // A sub-page as its parent lists it: title only (its own fetch reads the rest).
      return clean({ ...base, type: "page", properties: { title: [[stringAt(payload, "title")]] } });
    default:
      logNotionProblem(`Notion block ${block.id}: type "${type}" is not known here; left out`);
      return null;
  }
}

function mediaRecord(type: string, payload: Record<string, unknown>, base: Base): NotionRecord {
  const ref = fileRefOf(payload);
  const name = stringAt(payload, "name");
  return clean({
    ...base,
    type,
    properties: clean({ source: ref ? [[ref]] : undefined, caption: captionOf(payload), title: type === "file" && name ? [[name]] : undefined }),
    format: clean({ display_source: ref }),
  });
}

function tableRecord(payload: Record<string, unknown>, base: Base): NotionRecord {
  const width = typeof payload.table_width === "number" && payload.table_width > 0 ? payload.table_width : 0;
  return clean({
    ...base,
    type: "table",
    format: {
      table_block_column_count: width,
      table_block_column_header: payload.has_column_header === true,
      table_block_row_header: payload.has_row_header === true,
      table_block_column_order: Array.from({ length: width }, (_, i) => `col${i}`),
    },
  });
}
