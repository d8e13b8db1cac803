import { isFullPage } from "@notionhq/client";
import type { PageSource } from "../page-source";
import type { OfficialClient } from "./client";
import { notionCall, OfficialNotionError } from "./errors";
import { fetchOfficialPage, type FetchOfficialPageOptions } from "./fetch-page";

/** A connected site's pages, read through the official API with the connection's client (and its queue). */
export function officialPageSource(client: OfficialClient, opts: { workspaceId?: string } = {}): PageSource {
  // One source serves one sync: its pages ask for each of their people once between them.
  const users: FetchOfficialPageOptions["users"] = new Map();
  return {
    fetchPage: (pageId) => fetchOfficialPage(client, pageId, { workspaceId: opts.workspaceId, users }),
    async editTimes(pageIds) {
      const times = new Map<string, number>();
      await Promise.all(
        pageIds.map(async (id) => {
          try {
            const page = await notionCall(() => client.pages.retrieve({ page_id: id }));
            if (isFullPage(page) && !page.in_trash) times.set(id, Date.parse(page.last_edited_time));
          } catch (err) {
            if (err instanceof OfficialNotionError && err.failure === "not_shared") return;
            throw err;
          }
        }),
      );
      return times;
    },
    // The official API gives edit times to the minute: an edit within the minute of the last read would be missed.
    exactEditTimes: false,
    isGone: (err) => err instanceof OfficialNotionError && err.failure === "not_shared",
  };
}
