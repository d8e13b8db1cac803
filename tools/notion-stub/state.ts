import path from "node:path";
import type { Socket } from "node:net";
import { dashed } from "../shared/notion-ids";
import { RateLimiter } from "./rate-limit";
import { rateLimitSchema, type CallCounts, type Endpoint, type Fault, type RateLimit } from "./schemas";
import { loadStore, type Store } from "./store";

/** What the stand-in remembers between requests, in one object the route modules share, and the edits it makes. */

export type StubState = {
  readonly dataDir: string;
  readonly initialRateLimit: ReturnType<typeof rateLimitSchema.parse>;
  readonly rate: RateLimiter;
  store: Store;
  faults: (Fault & { remaining: number })[];
  calls: CallCounts;
  inFlight: number;
  /** The last edit time handed out, so two touches in one millisecond still get increasing times. */
  touchClock: number;
  /** Requests held open by a `timeout` fault, dropped on reset and close. */
  readonly heldSockets: Set<Socket>;
  baseUrl: string;
};

const noCalls = (): CallCounts => ({ total: 0, byEndpoint: {}, byPage: {}, maxInFlight: 0 });

export function createState(opts: { dataDir: string; rateLimit?: RateLimit }): StubState {
  const dataDir = path.resolve(opts.dataDir);
  const initialRateLimit = rateLimitSchema.parse(opts.rateLimit ?? { requestsPerSecond: null });
  return {
    dataDir,
    initialRateLimit,
    rate: new RateLimiter(initialRateLimit),
    store: loadStore(dataDir),
    faults: [],
    calls: noCalls(),
    inFlight: 0,
    touchClock: 0,
    heldSockets: new Set(),
    baseUrl: "",
  };
}

/** Back to the workspace on disk, the first rate limit, no faults, no counts; held requests are dropped. */
export function resetState(stub: StubState): void {
  stub.rate.set(stub.initialRateLimit);
  stub.faults = [];
  stub.calls = noCalls();
  for (const socket of stub.heldSockets) socket.destroy();
  stub.heldSockets.clear();
  stub.store = loadStore(stub.dataDir);
}

export function countCall(stub: StubState, endpoint: string, pageIds: string[]): void {
  const { calls } = stub;
  calls.total += 1;
  calls.byEndpoint[endpoint] = (calls.byEndpoint[endpoint] ?? 0) + 1;
  for (const id of pageIds) calls.byPage[id] = (calls.byPage[id] ?? 0) + 1;
}

/** The first queued fault that applies to this endpoint (and page, when the fault names one), consumed once. */
export function takeFault(stub: StubState, endpoint: Endpoint, pageIds: string[]): Fault | null {
  const index = stub.faults.findIndex((f) => (!f.endpoint || f.endpoint === endpoint) && (!f.pageId || pageIds.includes(dashed(f.pageId))));
  if (index < 0) return null;
  const fault = stub.faults[index]!;
  fault.remaining -= 1;
  if (fault.remaining <= 0) stub.faults.splice(index, 1);
  return fault;
}

/** Ids a request body is about, read loosely (a fault filter, not validation). */
export function pagesNamedIn(body: unknown): string[] {
  const b = (body ?? {}) as { pageId?: unknown; requests?: unknown; collection?: { id?: unknown }; collectionId?: unknown };
  const ids: unknown[] = [b.pageId, b.collection?.id, b.collectionId];
  if (Array.isArray(b.requests)) {
    for (const r of b.requests as { id?: unknown; pointer?: { id?: unknown } }[]) ids.push(r?.id ?? r?.pointer?.id);
  }
  return ids.filter((id): id is string => typeof id === "string").map(dashed);
}

/** An edit to a page as Notion records one: a later last_edited_time, the next version, new title or properties. */
export function touch(stub: StubState, pageId: string, title: string | undefined, properties?: Record<string, unknown>): boolean {
  const id = dashed(pageId);
  const block = stub.store.records.block.get(id);
  if (!block) return false;
  // Strictly increasing even when two touches land in the same millisecond.
  stub.touchClock = Math.max(Date.now(), stub.touchClock + 1, Number(block.last_edited_time ?? 0) + 1);
  const updated: Record<string, unknown> & { id: string } = { ...block, last_edited_time: stub.touchClock, version: Number(block.version ?? 0) + 1 };
  if (properties) updated.properties = { ...(block.properties as object | undefined), ...properties };
  if (title !== undefined) updated.properties = { ...(updated.properties as object | undefined), title: [[title]] };
  stub.store.records.block.set(id, updated);
  return true;
}
