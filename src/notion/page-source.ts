import type { ExtendedRecordMap } from "notion-types";
import { fetchWholePage } from "./fetch-page";
import { fetchRecords } from "./inspect-page";
import { NotionRequestError, type NotionGateway } from "./notion-gateway";
import { blockOf, lastEditedOf } from "./record-map";

/**
 * Where a site's pages come from: a public page through Notion's private web API (the default), or a connection
 * through the official API (official/page-source.ts). Both give the renderer's record map, so everything after the
 * fetch (models, rendering, search, Markdown, AI) is one code path.
 */
export type PageSource = {
  /** One page whole, as a record map; throws on any failure. */
  fetchPage(pageId: string): Promise<ExtendedRecordMap>;
  /** Notion's current last_edited_time (ms) of these pages; a page it can't read is left out. */
  editTimes(pageIds: string[]): Promise<Map<string, number>>;
  /** Whether a fetch error means the page is no longer readable (unshared, deleted): it then leaves the site. */
  isGone(err: unknown): boolean;
};

const RECORDS_PER_REQUEST = 100;

export function publicPageSource(gateway: NotionGateway): PageSource {
  return {
    fetchPage: (pageId) => fetchWholePage(gateway, pageId),
    async editTimes(pageIds) {
      const times = new Map<string, number>();
      for (let i = 0; i < pageIds.length; i += RECORDS_PER_REQUEST) {
        const batch = pageIds.slice(i, i + RECORDS_PER_REQUEST);
        const records = await fetchRecords(gateway, batch.map((id) => ({ table: "block" as const, id })));
        for (const id of batch) {
          const block = blockOf(records, id);
          if (block) times.set(id, lastEditedOf(block));
        }
      }
      return times;
    },
    isGone: (err) => err instanceof NotionRequestError && err.failure.kind === "private",
  };
}
