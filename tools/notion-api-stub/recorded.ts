import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * The official-API stand-in's replay mode: serves recorded answers of Notion's public API (`/v1`) unchanged, by
 * endpoint and id, so the real `@notionhq/client` and our `src/notion/official/*` code read shapes Notion actually
 * sent rather than the ones `workspace.ts` builds. The recordings are the sets in `tests/fixtures/real/official/`
 * (their sources: `tests/fixtures/real/SOURCES.md`); each set is one workspace, read with its own token, so two sets
 * may hold the same page id (two recordings of one page) without clashing.
 *
 * What is not a recording, and why:
 * - `GET /v1/blocks/{id}` of a page whose block was never recorded: our fetch asks for the root's block first, and
 *   recordings rarely hold it, so the page's recorded object answers as the `child_page` block Notion sends for it
 *   (same id, parent, times, authors, archived and trash flags, `child_page.title` = the title's plain text).
 * - `GET /v1/pages/{id}` recorded only as the answer of a create or update (Notion answers those with the same page
 *   object): that answer is served.
 * - A `DELETE` answer (the object as it was once moved to the trash) answers no read: the sets end by deleting what
 *   they made, so every read they recorded was answered before that, when the object was not in the trash — the page
 *   of `notion-sdk-py__paginated-page` is listed with its children, then deleted; its block is the derived one above.
 * - `GET /v1/users/me` when the set has none: the recorded bot of the set that has one (a token is always someone).
 * - Anything not recorded: Notion's 404 `object_not_found`, in the shape `notion-sdk-py`'s cassette recorded.
 * - Writes: 400 — the replay is read-only.
 * Queries (`POST /v1/data_sources/{id}/query`, `POST /v1/search`) answer what was recorded for that path and cursor,
 * whatever filter and sorts the request carries.
 */

const interactionSchema = z
  .object({
    method: z.string(),
    path: z.string().startsWith("/v1/"),
    query: z.record(z.string(), z.string()).default({}),
    request: z.unknown().optional(),
    status: z.number().int(),
    response: z.unknown(),
  })
  .loose();
const setSchema = z.object({ source: z.string(), interactions: z.array(interactionSchema) }).loose();

export type RecordedInteraction = z.infer<typeof interactionSchema>;
export type RecordedSet = { name: string; source: string; interactions: RecordedInteraction[] };

/** Every `*.json` set in the directory, named by its file name. */
export function loadRecordedSets(dir: string): RecordedSet[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const parsed = setSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
      if (!parsed.success) throw new Error(`${file}: not a recorded set (${parsed.error.issues[0]?.message})`);
      return { name: file.replace(/\.json$/, ""), ...parsed.data };
    });
}

/** The internal-integration secret that reads one set (long enough for the app's secret form). */
export const recordedToken = (setName: string) => `ntn_recorded_${setName}`.padEnd(24, "_");

export type RecordedNotionApiStub = {
  url: string;
  /** What to pass as the SDK's `baseUrl` (and the app's NOTION_OFFICIAL_API_BASE). */
  baseUrl: string;
  sets: RecordedSet[];
  tokenOf(setName: string): string;
  /** Requests answered so far: `METHOD /path` → count, and the ones answered 404 because nothing was recorded. */
  calls(): { total: number; byRoute: Record<string, number>; notRecorded: string[] };
  close(): Promise<void>;
};

const dashed = (id: string) => {
  const h = id.replace(/-/g, "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(h) ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : id;
};
/** Ids in a path, dashed and lower-case, so `/v1/pages/ABC…` and `/v1/pages/abc-…` are one path. */
const normalPath = (p: string) => p.replace(/[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}/g, dashed).replace(/\/+$/, "");

type Obj = Record<string, unknown> & { object?: string; id?: string };

/** Every object with an id anywhere in a recorded answer (a list's results included), by `object:id`. */
function objectsIn(value: unknown, into: Map<string, Obj>): void {
  if (Array.isArray(value)) {
    for (const item of value) objectsIn(item, into);
    return;
  }
  if (!value || typeof value !== "object") return;
  const obj = value as Obj;
  if (typeof obj.object === "string" && typeof obj.id === "string" && ["page", "block", "database", "data_source", "view", "user"].includes(obj.object)) {
    const key = `${obj.object}:${dashed(obj.id)}`;
    // The fullest recording of an object wins (a user inside created_by is only {object, id}).
    if (!into.has(key) || Object.keys(into.get(key)!).length < Object.keys(obj).length) into.set(key, obj);
  }
  if (Array.isArray(obj.results)) objectsIn(obj.results, into);
}

const plainTitle = (page: Obj) => {
  const props = (page.properties ?? {}) as Record<string, { type?: string; title?: { plain_text?: string }[] }>;
  const title = Object.values(props).find((p) => p?.type === "title");
  return (title?.title ?? []).map((t) => t.plain_text ?? "").join("");
};

/** The `child_page` block Notion answers for a page's id (see the header: derived from the page's own object). */
function childPageBlockOf(page: Obj): Obj {
  const { id, parent, created_time, last_edited_time, created_by, last_edited_by, archived, in_trash } = page;
  return { object: "block", id, parent, created_time, last_edited_time, created_by, last_edited_by, has_children: true, archived, in_trash: in_trash ?? archived, type: "child_page", child_page: { title: plainTitle(page) } };
}

const NOT_FOUND_KIND: Record<string, string> = { pages: "page", blocks: "block", databases: "database", data_sources: "data source", views: "view", users: "user" };

function notFound(id: string, kind: string) {
  return {
    object: "error",
    status: 404,
    code: "object_not_found",
    message: `Could not find ${kind} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
  };
}

type SetIndex = { set: RecordedSet; objects: Map<string, Obj> };

function indexOf(set: RecordedSet): SetIndex {
  const objects = new Map<string, Obj>();
  for (const it of set.interactions) if (it.status === 200 && it.method !== "DELETE") objectsIn(it.response, objects);
  return { set, objects };
}

/** The recorded answer for a request, or a documented stand-in for one (header), or null. */
function answer(index: SetIndex, fallbackMe: RecordedInteraction | undefined, method: string, route: string, cursor: string | null): { status: number; body: unknown } | null {
  const recorded = index.set.interactions.filter((it) => it.method === method && normalPath(it.path) === route);
  const cursorOf = (it: RecordedInteraction) => it.query.start_cursor ?? ((it.request as { start_cursor?: string } | null)?.start_cursor ?? null);
  const exact = recorded.find((it) => cursorOf(it) === cursor);
  if (exact) return { status: exact.status, body: exact.response };
  if (method !== "GET") return null;
  if (route === "/v1/users/me" && fallbackMe) return { status: 200, body: fallbackMe.response };
  const [, , collection, rawId, sub] = route.split("/");
  if (!rawId || sub) return null;
  const id = dashed(rawId);
  const kind = { pages: "page", blocks: "block", databases: "database", data_sources: "data_source", views: "view", users: "user" }[collection ?? ""];
  if (!kind) return null;
  const found = index.objects.get(`${kind}:${id}`);
  if (found) return { status: 200, body: found };
  const page = index.objects.get(`page:${id}`);
  if (kind === "block" && page) return { status: 200, body: childPageBlockOf(page) };
  return null;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export async function createRecordedNotionApiStub(opts: { dir: string; port?: number; host?: string }): Promise<RecordedNotionApiStub> {
  const sets = loadRecordedSets(path.resolve(opts.dir));
  const byToken = new Map(sets.map((set) => [recordedToken(set.name), indexOf(set)]));
  const all = sets.flatMap((s) => s.interactions);
  const fallbackMe = all.find((it) => it.method === "GET" && normalPath(it.path) === "/v1/users/me" && it.status === 200);
  // Notion's own 401 body, as recorded, for a token that names no set.
  const unauthorized = all.find((it) => it.status === 401)?.response ?? { object: "error", status: 401, code: "unauthorized", message: "API token is invalid." };
  const byRoute: Record<string, number> = {};
  const notRecorded: string[] = [];
  let total = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const method = (req.method ?? "GET").toUpperCase();
      const route = normalPath(url.pathname);
      total += 1;
      const routeKey = `${method} ${route.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}")}`;
      byRoute[routeKey] = (byRoute[routeKey] ?? 0) + 1;
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const index = token ? byToken.get(token) : undefined;
      if (!index) return send(res, 401, unauthorized);
      const body = method === "GET" ? null : await readJson(req);
      const cursor = url.searchParams.get("start_cursor") ?? (typeof body?.start_cursor === "string" ? body.start_cursor : null);
      const found = answer(index, fallbackMe, method, route, cursor);
      if (found) return send(res, found.status, found.body);
      if (method !== "GET" && !(method === "POST" && /\/(query|search)$/.test(route))) {
        return send(res, 400, { object: "error", status: 400, code: "validation_error", message: "The recorded stand-in is read-only." });
      }
      notRecorded.push(`${method} ${route}${cursor ? `?start_cursor=${cursor}` : ""}`);
      const [, , collection, id] = route.split("/");
      send(res, 404, notFound(id ?? "", NOT_FOUND_KIND[collection ?? ""] ?? "object"));
    })().catch((err: unknown) => send(res, 500, { object: "error", status: 500, code: "internal_server_error", message: String(err) }));
  });
  const sockets = new Set<Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${opts.host ?? "127.0.0.1"}:${port}`;
  return {
    url,
    baseUrl: url,
    sets,
    tokenOf: (name) => {
      if (!sets.some((s) => s.name === name)) throw new Error(`no recorded set ${name}`);
      return recordedToken(name);
    },
    calls: () => ({ total, byRoute: { ...byRoute }, notRecorded: [...notRecorded] }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
