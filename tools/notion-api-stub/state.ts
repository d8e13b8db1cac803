import crypto from "node:crypto";
import path from "node:path";
import type { z } from "zod";
import { dashed } from "../shared/notion-ids";
import { invalid, notFound } from "./errors";
import type { Endpoint, faultSchema } from "./schemas";
import { WebhookSender } from "./webhooks";
import { loadOfficialWorkspace, type Json, type OfficialWorkspace } from "./workspace";

/**
 * Everything one stand-in holds between requests (workspace, tokens, OAuth codes, faults, clock, call counts), in one
 * object the route modules share, and the checks every route makes against it: who may read what, faults, rate.
 */

const DEFAULT_FILE_TTL_S = 3600;

export type Token = {
  token: string;
  kind: "internal" | "oauth";
  shared: Set<string>;
  /**
   * Pages below a shared one that were taken back (`unshare` of a page not shared itself): Notion lets a member remove
   * a connection from a sub-page or database, which then answers 404 object_not_found like any page not shared.
   */
  withheld?: Set<string>;
  revoked: boolean;
  botId: string;
  refreshToken?: string;
  expiresAt?: number;
  /** The whole OAuth grant was revoked (`revoke-oauth`): the token is refused and so is its refresh token. */
  grantRevoked?: boolean;
};
export type CallCounts = { total: number; byEndpoint: Record<string, number>; byObject: Record<string, number>; unauthorized: number; rateLimited: number };
export type Consent = { mode: "approve" | "deny" | "choose"; pages: string[]; tokenTtlSeconds?: number | null };
type QueuedFault = z.infer<typeof faultSchema> & { remaining: number };
type OAuthCode = { pages: string[]; redirectUri: string; expires: number; used: boolean };

export type StubSettings = { dataDir: string; clientId: string; clientSecret: string; internalSecret: string; webhookUrl: string | null };

export type StubState = {
  readonly settings: StubSettings;
  /** Signs file URLs; fresh per stand-in, so a URL from another run never verifies. */
  readonly fileKey: Buffer;
  readonly integrationId: string;
  readonly webhooks: WebhookSender;
  ws: OfficialWorkspace;
  tokens: Map<string, Token>;
  codes: Map<string, OAuthCode>;
  consent: Consent;
  faults: QueuedFault[];
  ratePerSecond: number | null;
  /** Request times per token, for the sliding one-second rate window. */
  recent: Map<string, number[]>;
  clock: { offsetMs: number; fileTtlSeconds: number };
  /** The last edit time handed out, so two edits in one millisecond still get increasing times. */
  editClock: number;
  calls: CallCounts;
  baseUrl: string;
};

const noCalls = (): CallCounts => ({ total: 0, byEndpoint: {}, byObject: {}, unauthorized: 0, rateLimited: 0 });

export function createState(settings: StubSettings): StubState {
  const ws = loadOfficialWorkspace(path.resolve(settings.dataDir));
  const stub: StubState = {
    settings: { ...settings, dataDir: path.resolve(settings.dataDir) },
    fileKey: crypto.randomBytes(32),
    integrationId: crypto.randomUUID(),
    webhooks: new WebhookSender(settings.webhookUrl),
    ws,
    tokens: new Map(),
    codes: new Map(),
    consent: { mode: "approve", pages: Object.values(ws.roots) },
    faults: [],
    ratePerSecond: null,
    recent: new Map(),
    clock: { offsetMs: 0, fileTtlSeconds: DEFAULT_FILE_TTL_S },
    editClock: 0,
    calls: noCalls(),
    baseUrl: "",
  };
  resetTokens(stub);
  return stub;
}

/** Back to a freshly loaded workspace: tokens, codes, consent, faults, rate limit, clock, counts and webhooks. */
export function resetState(stub: StubState): void {
  stub.ws = loadOfficialWorkspace(stub.settings.dataDir);
  resetTokens(stub);
  stub.codes = new Map();
  stub.consent = { mode: "approve", pages: Object.values(stub.ws.roots), tokenTtlSeconds: null };
  stub.faults = [];
  stub.ratePerSecond = null;
  stub.recent.clear();
  stub.clock = { offsetMs: 0, fileTtlSeconds: DEFAULT_FILE_TTL_S };
  stub.calls = noCalls();
  stub.webhooks.reset();
}

function resetTokens(stub: StubState): void {
  const { internalSecret } = stub.settings;
  stub.tokens = new Map();
  stub.tokens.set(internalSecret, { token: internalSecret, kind: "internal", shared: new Set(Object.values(stub.ws.roots)), revoked: false, botId: crypto.randomUUID() });
}

export const now = (stub: StubState) => Date.now() + stub.clock.offsetMs;
export const editor = (stub: StubState) => [...stub.ws.users.keys()][0] ?? stub.integrationId;
export const newSecret = (prefix: "ntn" | "nrt") => `${prefix}_${crypto.randomBytes(20).toString("hex")}`;

/** Readable = the object or one of its ancestors is shared with the token, and nothing on the way is in the trash. */
export function canRead(stub: StubState, token: Token, id: string): boolean {
  let current: string | null | undefined = id;
  for (let depth = 0; current && depth < 64; depth++) {
    if (stub.ws.pages.get(current)?.in_trash === true || token.withheld?.has(current)) return false;
    if (token.shared.has(current)) return true;
    current = stub.ws.parentOf.get(current);
  }
  return false;
}

/** Whether any live connection can read the object (webhook events go only where someone could see them). */
export const visibleToAnyone = (stub: StubState, id: string) => [...stub.tokens.values()].some((t) => !t.revoked && canRead(stub, t, id));

export function readable<T>(stub: StubState, token: Token, map: Map<string, T>, rawId: string): T {
  const id = dashed(rawId);
  const value = map.get(id);
  if (!value || !canRead(stub, token, id)) throw notFound(id);
  return value;
}

export function paginate<T>(items: { id: string; value: T }[], query: URLSearchParams | Json): { results: T[]; next_cursor: string | null; has_more: boolean } {
  const get = (k: string) => (query instanceof URLSearchParams ? query.get(k) : (query[k] as string | number | undefined | null));
  const sizeRaw = get("page_size");
  const size = sizeRaw === null || sizeRaw === undefined ? 100 : Number(sizeRaw);
  if (!Number.isInteger(size) || size < 1 || size > 100) throw invalid("body.page_size should be a number between 1 and 100.");
  const cursor = get("start_cursor");
  let start = 0;
  if (cursor) {
    start = items.findIndex((i) => i.id === dashed(String(cursor)));
    if (start < 0) throw invalid("start_cursor is not valid.");
  }
  const slice = items.slice(start, start + size);
  const next = items[start + size];
  return { results: slice.map((i) => i.value), next_cursor: next ? next.id : null, has_more: Boolean(next) };
}

export function countCall(stub: StubState, endpoint: Endpoint, objectId?: string): void {
  const { calls } = stub;
  calls.total += 1;
  calls.byEndpoint[endpoint] = (calls.byEndpoint[endpoint] ?? 0) + 1;
  if (objectId) calls.byObject[objectId] = (calls.byObject[objectId] ?? 0) + 1;
}

/** The next fault for this endpoint; the OAuth endpoints take only faults that name them. */
export function takeFault(stub: StubState, endpoint: Endpoint): QueuedFault | null {
  const index = stub.faults.findIndex((f) => (!f.endpoint && !endpoint.startsWith("oauth.")) || f.endpoint === endpoint);
  if (index < 0) return null;
  const fault = stub.faults[index]!;
  fault.remaining -= 1;
  if (fault.remaining <= 0) stub.faults.splice(index, 1);
  return fault;
}

/** Sliding one-second window per token, when turned on through the control API. */
export function overRate(stub: StubState, token: string): boolean {
  if (stub.ratePerSecond === null) return false;
  const t = Date.now();
  const list = (stub.recent.get(token) ?? []).filter((at) => t - at < 1000);
  if (list.length >= stub.ratePerSecond) {
    stub.recent.set(token, list);
    return true;
  }
  list.push(t);
  stub.recent.set(token, list);
  return false;
}
