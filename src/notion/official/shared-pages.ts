import { isFullDataSource, isFullPage } from "@notionhq/client";
import { MAX_SITE_PAGES } from "../fetch-site-content";
import type { OfficialClient } from "./client";
import { plainText } from "./convert";
import { notionCall } from "./errors";

/**
 * What a connection may read, for choosing a site's root: every page and database shared with it (search), with
 * the parent each one has, so the caller can offer the top ones. Search answers a database as its data sources
 * (API 2025-09-03); it is listed once, by its database id and an address naming that id (what a site's root is and
 * what createNewSite takes), never a data source's.
 */

const hex = (id: string) => id.replace(/-/g, "").toLowerCase();

/** Notion's own address of the database when it names the database (it does: `https://app.notion.com/p/<database id>`), else one that does. */
function databaseUrl(notionUrl: unknown, databaseId: string): string {
  return typeof notionUrl === "string" && notionUrl.replace(/-/g, "").toLowerCase().includes(hex(databaseId)) ? notionUrl : `https://www.notion.so/${hex(databaseId)}`;
}

export type SharedPage = { id: string; kind: "page" | "database"; title: string; parentId: string | null; url: string; lastEditedTime: number };

export async function listSharedPages(client: OfficialClient): Promise<SharedPage[]> {
  const found: SharedPage[] = [];
  let cursor: string | undefined;
  do {
    const page = await notionCall(() => client.search({ start_cursor: cursor, page_size: 100 }));
    for (const result of page.results) {
      if (isFullPage(result)) {
        const title = Object.values(result.properties).find((p) => p.type === "title");
        const parent = result.parent;
        found.push({
          id: result.id,
          kind: "page",
          title: title?.type === "title" ? plainText(title.title) : "",
          parentId: parent.type === "page_id" ? parent.page_id : parent.type === "block_id" ? parent.block_id : parent.type === "data_source_id" ? parent.database_id : null,
          url: result.url,
          lastEditedTime: Date.parse(result.last_edited_time),
        });
      } else if (isFullDataSource(result)) {
        const parent = result.database_parent;
        const databaseId = result.parent.type === "database_id" ? result.parent.database_id : result.id;
        if (found.some((f) => f.kind === "database" && f.id === databaseId)) continue;
        found.push({
          id: databaseId,
          kind: "database",
          title: plainText(result.title),
          parentId: parent?.type === "page_id" ? parent.page_id : parent?.type === "block_id" ? parent.block_id : null,
          url: databaseUrl(result.url, databaseId),
          lastEditedTime: Date.parse(result.last_edited_time),
        });
      }
    }
    cursor = page.has_more && page.next_cursor && found.length < MAX_SITE_PAGES ? page.next_cursor : undefined;
  } while (cursor);
  return found;
}
