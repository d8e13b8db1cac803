import DataLoader from "dataloader";
import type { Block, ExtendedRecordMap } from "notion-types";
import { databasesOn, fetchWholePage, requeryDatabases } from "./fetch-page";
import { currentNotionRequest, mostUrgent, withSharedNotionRequest, type NotionPriority } from "./budget/request-context";
import { fetchRecords } from "./inspect-page";
import { NotionRequestError, type NotionGateway } from "./notion-gateway";
import { blockOf, collectionOf, lastEditedOf, viewOf, type RecordMapLike } from "./record-map";

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
  /**
   * A database page polled (public path): its rows queried again over the last read's page, database, collection and
   * views when Notion says none of those records changed; null when one did, so the caller reads the page whole.
   */
  requeryUnchangedDatabasePage?(pageId: string, previous: ExtendedRecordMap): Promise<ExtendedRecordMap | null>;
  /** Whether a fetch error means the page is no longer readable (unshared, deleted): it then leaves the site. */
  isGone(err: unknown): boolean;
};

const RECORDS_PER_REQUEST = 100;
/** How long asks for edit times wait to share a request with other sites' (refreshes start a few ms apart). */
const BATCH_WINDOW_MS = 50;

type Table = "block" | "collection" | "collection_view";
type Stamp = { lastEdited: number; version: number | undefined };

export function publicPageSource(gateway: NotionGateway): PageSource {
  // Records' edit times and versions for every site polling at the same moment, asked together: one syncRecordValues
  // per 100 records, one at a time. Asks arriving while one waits for its turn in the Notion budget (or is under way)
  // join the next, so a busy budget gets fewer, fuller requests; each goes at its most urgent asker's priority.
  let previousDone: Promise<void> = Promise.resolve();
  let finishDispatched = () => {};
  const askers: NotionPriority[] = [];
  const stampOf = new DataLoader<string, Stamp | null>(
    async (keys) => {
      const finished = finishDispatched;
      try {
        const pointers = keys.map(pointerOf);
        const records = await withSharedNotionRequest(mostUrgent(askers.splice(0)), () => fetchRecords(gateway, pointers));
        return pointers.map(({ table, id }) => {
          const record = recordOf(records, table, id);
          return record ? stamp(record) : null;
        });
      } finally {
        finished();
      }
    },
    {
      cache: false,
      maxBatchSize: RECORDS_PER_REQUEST,
      batchScheduleFn: (dispatch) => {
        const after = previousDone;
        let finished = () => {};
        previousDone = new Promise<void>((resolve) => (finished = resolve));
        void after.then(() =>
          setTimeout(() => {
            finishDispatched = finished;
            dispatch();
          }, BATCH_WINDOW_MS),
        );
      },
    },
  );
  const stampsOf = async (keys: string[]) => {
    if (keys.length) askers.push(currentNotionRequest().priority);
    const answers = await stampOf.loadMany(keys);
    return answers.map((answer) => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
  };
  return {
    fetchPage: (pageId) => fetchWholePage(gateway, pageId),
    async editTimes(pageIds) {
      const stamps = await stampsOf(pageIds.map((id) => keyOf("block", id)));
      const times = new Map<string, number>();
      for (const [index, found] of stamps.entries()) if (found) times.set(pageIds[index]!, found.lastEdited);
      return times;
    },
    async requeryUnchangedDatabasePage(pageId, previous) {
      const watched = watchedRecords(pageId, previous);
      if (!watched) return null;
      const now = await stampsOf(watched.map((w) => keyOf(w.table, w.id)));
      const unchanged = watched.every((w, index) => now[index] && now[index].version === w.stamp.version && now[index].lastEdited === w.stamp.lastEdited);
      return unchanged ? requeryDatabases(gateway, pageId, previous) : null;
    },
    exactEditTimes: true,
    isGone: (err) => err instanceof NotionRequestError && err.failure.kind === "private",
  };
}

/**
 * What a database page's last read depended on besides its rows: the page, each database's block, collection and
 * views. Null when one of them carries no version to compare (a record Notion sent without one, a linked database we
 * could not read): such a page is read whole.
 */
function watchedRecords(pageId: string, previous: ExtendedRecordMap): { table: Table; id: string; stamp: Stamp }[] | null {
  const databases = databasesOn(previous, pageId);
  if (!databases.length) return null;
  const pointers: { table: Table; id: string }[] = [{ table: "block", id: pageId }];
  for (const { block, collectionId, viewIds } of databases) {
    if (!collectionId) return null;
    if (block.id !== pageId) pointers.push({ table: "block", id: block.id });
    pointers.push({ table: "collection", id: collectionId }, ...viewIds.map((id) => ({ table: "collection_view" as const, id })));
  }
  const watched = [];
  for (const pointer of pointers) {
    const record = recordOf(previous, pointer.table, pointer.id);
    const stamped = record ? stamp(record) : undefined;
    if (!stamped || stamped.version === undefined) return null;
    watched.push({ ...pointer, stamp: stamped });
  }
  return watched;
}

const keyOf = (table: Table, id: string) => `${table}:${id}`;
function pointerOf(key: string): { table: Table; id: string } {
  const at = key.indexOf(":");
  return { table: key.slice(0, at) as Table, id: key.slice(at + 1) };
}

function recordOf(recordMap: RecordMapLike, table: Table, id: string): object | undefined {
  if (table === "block") return blockOf(recordMap, id);
  return table === "collection" ? collectionOf(recordMap, id) : viewOf(recordMap, id);
}

function stamp(record: object): Stamp {
  const version = (record as { version?: unknown }).version;
  return { lastEdited: lastEditedOf(record as Block), version: typeof version === "number" ? version : undefined };
}
