import { isFullDataSource, isFullPage } from "@notionhq/client";
import { MAX_SITE_PAGES } from "../fetch-site-content";
import type { OfficialClient } from "./client";
import { plainText } from "./convert";
import { notionCall } from "./errors";

/**
 * What a connection may read, for choosing a site's root: every page and database shared with it (search), with
 * the parent each one has, so the caller can offer the top ones. A database is listed by its database id (what a
 * site's root is), not its data source's.
 */

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
        found.push({
          id: result.parent.type === "database_id" ? result.parent.database_id : result.id,
          kind: "database",
          title: plainText(result.title),
          parentId: parent.type === "page_id" ? parent.page_id : parent.type === "block_id" ? parent.block_id : null,
          url: result.url,
          lastEditedTime: Date.parse(result.last_edited_time),
        });
      }
    }
    cursor = page.has_more && page.next_cursor && found.length < MAX_SITE_PAGES ? page.next_cursor : undefined;
  } while (cursor);
  return found;
}
