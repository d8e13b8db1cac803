import DataLoader from "dataloader";
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
  /** Whether those times are exact (an edit a second after the last read shows), so an unchanged page can be reused. */
  exactEditTimes: boolean;
  /** Whether a fetch error means the page is no longer readable (unshared, deleted): it then leaves the site. */
  isGone(err: unknown): boolean;
};

const RECORDS_PER_REQUEST = 100;
/** How long asks for edit times wait to share a request with other sites' (refreshes start a few ms apart). */
const BATCH_WINDOW_MS = 20;

export function publicPageSource(gateway: NotionGateway): PageSource {
  // Edit times of every site refreshing at the same moment, asked together: one syncRecordValues per 100 pages.
  const editTimeOf = new DataLoader<string, number | null>(
    async (pageIds) => {
      const records = await fetchRecords(gateway, pageIds.map((id) => ({ table: "block" as const, id })));
      return pageIds.map((id) => {
        const block = blockOf(records, id);
        return block ? lastEditedOf(block) : null;
      });
    },
    { cache: false, maxBatchSize: RECORDS_PER_REQUEST, batchScheduleFn: (run) => setTimeout(run, BATCH_WINDOW_MS) },
  );
  return {
    fetchPage: (pageId) => fetchWholePage(gateway, pageId),
    async editTimes(pageIds) {
      const answers = await editTimeOf.loadMany(pageIds);
      const times = new Map<string, number>();
      for (const [index, answer] of answers.entries()) {
        if (answer instanceof Error) throw answer;
        if (answer !== null) times.set(pageIds[index]!, answer);
      }
      return times;
    },
    exactEditTimes: true,
    isGone: (err) => err instanceof NotionRequestError && err.failure.kind === "private",
  };
}
