import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NotionAPI } from "notion-client";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { unbox } from "../../../tools/notion-stub/store";

const FIXTURES = path.resolve(import.meta.dirname, "../../../../shared/notion-fixtures");
const COMPAT = path.join(FIXTURES, "NotionX__react-notion-x/packages/notion-compat");
const CLIENT_FIXTURES = path.join(FIXTURES, "NotionX__react-notion-x/packages/notion-client/fixtures");
const CASSETTES = path.join(FIXTURES, "mcmire__notion-capture/cassette-extracts");

/** Recorded getPage() outputs (SOURCES.md): the notion-compat pages and the full-page database. */
const GET_PAGE_OUTPUTS = [
  ...fs.readdirSync(COMPAT).map((f) => path.join(COMPAT, f)),
  path.join(CLIENT_FIXTURES, "collection-view-page.json"),
];

function dataDirWith(files: Record<string, unknown>, images: Record<string, Buffer> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notion-stub-"));
  for (const [name, json] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(json));
  if (Object.keys(images).length) {
    fs.mkdirSync(path.join(dir, "files"));
    for (const [name, data] of Object.entries(images)) fs.writeFileSync(path.join(dir, "files", name), data);
  }
  return dir;
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
/** The page a recorded record map is about: its first block (notion-client relies on the same order). */
function rootIdOf(file: Record<string, unknown>): string {
  const recordMap = (file.recordMap ?? file) as { block: Record<string, unknown> };
  return Object.keys(recordMap.block)[0]!;
}
const client = (stub: NotionStub) => new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0, timeout: 10_000 } });

async function post(stub: NotionStub, endpoint: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stub.apiBaseUrl}/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

describe("notion-client 8.0.6 against the stand-in, on every recorded getPage() output", () => {
  it.each(GET_PAGE_OUTPUTS.map((f) => [path.basename(f), f]))("%s loads with back-fill", async (_name, file) => {
    const recorded = readJson(file);
    const rootId = rootIdOf(recorded);
    const stub = await createNotionStub({ dataDir: dataDirWith({ "page.json": recorded }) });
    try {
      // A small chunk limit makes notion-client fetch the rest through syncRecordValuesMain.
      const page = await client(stub).getPage(rootId, { chunkLimit: 5 });
      const root = unbox(page.block[rootId]);
      expect(root?.id).toBe(rootId);
      const content = (root?.content as string[] | undefined) ?? [];
      for (const id of content) expect(unbox(page.block[id])?.id, `content block ${id}`).toBe(id);
      const calls = await stubControl(stub.url).calls();
      expect(calls.byEndpoint.loadPageChunk).toBe(1);
      if (content.length > 5) expect(calls.byEndpoint.syncRecordValuesMain).toBeGreaterThanOrEqual(1);
    } finally {
      await stub.close();
    }
  });

  it("derives database rows from row pages when the file has no query results", async () => {
    const recorded = readJson(path.join(CLIENT_FIXTURES, "collection-view-page.json"));
    const stub = await createNotionStub({ dataDir: dataDirWith({ "page.json": recorded }) });
    try {
      const rootId = rootIdOf(recorded);
      const page = await client(stub).getPage(rootId);
      const [collectionId] = Object.keys(page.collection_query);
      const views = page.collection_query[collectionId!]!;
      const results = Object.values(views)[0] as { collection_group_results: { blockIds: string[]; hasMore: boolean } };
      const rows = Object.values(page.block)
        .map(unbox)
        .filter((b) => b?.parent_table === "collection" && b.parent_id === collectionId);
      expect(results.collection_group_results.blockIds.sort()).toEqual(rows.map((r) => r!.id).sort());
      expect(results.collection_group_results.hasMore).toBe(false);
    } finally {
      await stub.close();
    }
  });
});

describe("the stand-in's answers", () => {
  const recorded = readJson(path.join(COMPAT, "0be6efce9daf42688f65c76b89f8eb27.json"));
  const rootId = rootIdOf(recorded);
  const png = Buffer.from("89504e470d0a1a0a", "hex");
  let stub: NotionStub;
  let control: ReturnType<typeof stubControl>;

  beforeAll(async () => {
    stub = await createNotionStub({ dataDir: dataDirWith({ "page.json": recorded }, { "diagram.png": png }) });
    control = stubControl(stub.url);
  });
  afterAll(() => stub.close());
  afterEach(() => control.reset());

  it("puts the requested page first and honours limit with a cursor", async () => {
    const body = (await (await post(stub, "loadPageChunk", { pageId: rootId, limit: 3, chunkNumber: 0, cursor: { stack: [] } })).json()) as {
      cursor: { stack: unknown[] };
      recordMap: { block: Record<string, unknown> };
    };
    expect(Object.keys(body.recordMap.block)[0]).toBe(rootId);
    expect(Object.keys(body.recordMap.block).length).toBeLessThanOrEqual(3 + 1 + 5);
    expect(body.cursor.stack.length).toBe(1);
  });

  it("accepts a page id without dashes and ignores query strings", async () => {
    const res = await post(stub, "loadPageChunk?src=x", { pageId: rootId.replace(/-/g, ""), limit: 100 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { recordMap: { block: Record<string, unknown> } };
    expect(unbox(body.recordMap.block[rootId])?.id).toBe(rootId);
  });

  it("boxes an unknown page as role none with 200", async () => {
    const missing = "11111111-2222-3333-4444-555555555555";
    const res = await post(stub, "loadPageChunk", { pageId: missing, limit: 10 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { recordMap: { block: Record<string, { spaceId: string; value: { role: string } }> } };
    expect(body.recordMap.block[missing]!.value).toEqual({ role: "none" });
    expect(typeof body.recordMap.block[missing]!.spaceId).toBe("string");
    const sync = (await (await post(stub, "syncRecordValuesMain", { requests: [{ table: "block", id: missing, version: -1 }] })).json()) as {
      recordMap: { block: Record<string, { value: { role: string } }> };
    };
    expect(sync.recordMap.block[missing]!.value.role).toBe("none");
  });

  it.each([
    ["not json", "{oops"],
    ["missing pageId", { limit: 10 }],
    ["bad pageId", { pageId: "nope", limit: 10 }],
  ])("answers a malformed body (%s) with 400 ValidationError", async (_label, body) => {
    const res = await post(stub, "loadPageChunk", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ name: "ValidationError", message: "Invalid input." });
  });

  it("answers the 2021 syncRecordValues request form too", async () => {
    const res = await post(stub, "syncRecordValues", { requests: [{ pointer: { table: "block", id: rootId }, version: -1 }] });
    const body = (await res.json()) as { recordMap: { block: Record<string, unknown> } };
    expect(unbox(body.recordMap.block[rootId])?.id).toBe(rootId);
  });

  it("signs file URLs to its own /files/ and serves the bytes", async () => {
    const res = await post(stub, "getSignedFileUrls", {
      urls: [
        { permissionRecord: { table: "block", id: rootId }, url: "attachment:abc:diagram.png" },
        { permissionRecord: { table: "block", id: rootId }, url: "https://s3-us-west-2.amazonaws.com/secure.notion-static.com/x/diagram.png" },
      ],
    });
    const { signedUrls } = (await res.json()) as { signedUrls: string[] };
    expect(signedUrls).toHaveLength(2);
    expect(signedUrls[0]).toMatch(new RegExp(`^${stub.url}/files/abc/diagram\\.png\\?.*expirationTimestamp=\\d+`));
    const file = await fetch(signedUrls[0]!);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
    expect((await fetch(`${stub.url}/files/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it("counts calls per endpoint and page", async () => {
    await client(stub).getPage(rootId);
    await post(stub, "loadPageChunk", { pageId: rootId, limit: 1 });
    const calls = await control.calls();
    expect(calls.byEndpoint.loadPageChunk).toBe(2);
    expect(calls.byPage[rootId]).toBe(2);
    expect(calls.total).toBeGreaterThanOrEqual(2);
    await control.reset();
    expect((await control.calls()).total).toBe(0);
  });

  it("touch bumps last_edited_time and the title as notion-client sees them; reset restores", async () => {
    const before = unbox((await client(stub).getPage(rootId)).block[rootId])!;
    await control.touch(rootId, "Renamed page");
    const after = unbox((await client(stub).getPage(rootId)).block[rootId])!;
    expect(Number(after.last_edited_time)).toBeGreaterThan(Number(before.last_edited_time));
    expect((after.properties as { title: string[][] }).title[0]![0]).toBe("Renamed page");
    await control.touch(rootId);
    const again = unbox((await client(stub).getPage(rootId)).block[rootId])!;
    expect(Number(again.last_edited_time)).toBeGreaterThan(Number(after.last_edited_time));
    await control.reset();
    const restored = unbox((await client(stub).getPage(rootId)).block[rootId])!;
    expect(restored.last_edited_time).toBe(before.last_edited_time);
  });

  describe("faults", () => {
    it("status: 429 with Retry-After, for `times` requests only", async () => {
      await control.fault({ mode: "status", status: 429, retryAfter: 7, times: 2 });
      for (let i = 0; i < 2; i++) {
        const res = await post(stub, "loadPageChunk", { pageId: rootId, limit: 1 });
        expect(res.status).toBe(429);
        expect(res.headers.get("retry-after")).toBe("7");
      }
      expect((await post(stub, "loadPageChunk", { pageId: rootId, limit: 1 })).status).toBe(200);
    });

    it("status: 530 reaches notion-client as a FetchError with that status", async () => {
      await control.fault({ mode: "status", status: 530, times: 1 });
      await expect(client(stub).getPage(rootId)).rejects.toMatchObject({ status: 530 });
    });

    it("scopes a fault to one endpoint", async () => {
      await control.fault({ mode: "status", status: 503, endpoint: "queryCollection" });
      expect((await post(stub, "loadPageChunk", { pageId: rootId, limit: 1 })).status).toBe(200);
      expect((await post(stub, "queryCollection", { collection: { id: "x" }, collectionView: { id: "y" } })).status).toBe(503);
    });

    it("latency delays the answer by at least latencyMs", async () => {
      await control.fault({ mode: "latency", latencyMs: 300, times: 1 });
      const started = Date.now();
      expect((await post(stub, "loadPageChunk", { pageId: rootId, limit: 1 })).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    });

    it("timeout never answers: the client's own abort ends it", async () => {
      await control.fault({ mode: "timeout", times: 1 });
      await expect(post(stub, "loadPageChunk", { pageId: rootId, limit: 1 }, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
      expect((await post(stub, "loadPageChunk", { pageId: rootId, limit: 1 })).status).toBe(200);
    });

    it("refuse drops the connection", async () => {
      await control.fault({ mode: "refuse", times: 1 });
      await expect(post(stub, "loadPageChunk", { pageId: rootId, limit: 1 })).rejects.toThrow(/fetch failed/);
    });

    it("truncate sends half a JSON body", async () => {
      await control.fault({ mode: "truncate", times: 1 });
      const res = await post(stub, "loadPageChunk", { pageId: rootId, limit: 1 });
      expect(res.status).toBe(200);
      await expect(res.json()).rejects.toThrow(SyntaxError);
    });

    it("refuses a bad fault description", async () => {
      const res = await fetch(`${stub.url}/__stub/faults`, { method: "POST", body: JSON.stringify({ mode: "explode" }) });
      expect(res.status).toBe(400);
    });
  });
});

describe("replayed recorded responses have the stand-in's shape", () => {
  type Cassette = { request: { body: Record<string, unknown> }; response: { body: unknown } };
  const cassette = (name: string): { request: Record<string, unknown>; body: Record<string, unknown> } => {
    const c = readJson(path.join(CASSETTES, name)) as unknown as Cassette;
    const body = typeof c.response.body === "string" ? JSON.parse(c.response.body) : c.response.body;
    return { request: c.request.body, body: body as Record<string, unknown> };
  };
  const loadChunks = fs.readdirSync(CASSETTES).filter((f) => f.startsWith("loadPageChunk_"));
  const queries = fs.readdirSync(CASSETTES).filter((f) => f.startsWith("queryCollection_"));

  it.each(loadChunks)("%s", async (name) => {
    const { request, body: recorded } = cassette(name);
    const stub = await createNotionStub({ dataDir: dataDirWith({ "recorded.json": recorded }) });
    try {
      const ours = (await (await post(stub, "loadPageChunk", request)).json()) as Record<string, unknown>;
      expect(Object.keys(ours).sort()).toEqual(Object.keys(recorded).sort());
      expect(Array.isArray((ours.cursor as { stack: unknown[] }).stack)).toBe(true);
      const ourBlocks = (ours.recordMap as { block: Record<string, unknown> }).block;
      const theirBlocks = (recorded.recordMap as { block: Record<string, unknown> }).block;
      expect(Object.keys(ourBlocks)[0]).toBe(Object.keys(theirBlocks)[0]);
      // Every record unwraps to the same id (both box eras), and each page the recording had, we have.
      for (const [id, box] of Object.entries(ourBlocks)) expect(unbox(box)?.id).toBe(id);
      const pageId = request.pageId as string;
      expect(unbox(ourBlocks[pageId])).toEqual(unbox(theirBlocks[pageId]));
    } finally {
      await stub.close();
    }
  });

  it.each(queries)("%s", async (name) => {
    const { request, body: recorded } = cassette(name);
    const stub = await createNotionStub({ dataDir: dataDirWith({ "recorded.json": recorded }) });
    try {
      const res = await post(stub, "queryCollection", request);
      expect(res.status).toBe(200);
      const ours = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(ours).sort()).toEqual(Object.keys(recorded).sort());
      const ourResult = ours.result as { type: string; reducerResults: { collection_group_results: Record<string, unknown> } };
      const theirResult = recorded.result as { type: string; reducerResults: { collection_group_results: Record<string, unknown> } };
      expect(ourResult.type).toBe(theirResult.type);
      expect(Object.keys(ourResult.reducerResults.collection_group_results).sort()).toEqual(
        Object.keys(theirResult.reducerResults.collection_group_results).sort(),
      );
      expect(new Set(ourResult.reducerResults.collection_group_results.blockIds as string[])).toEqual(
        new Set(theirResult.reducerResults.collection_group_results.blockIds as string[]),
      );
    } finally {
      await stub.close();
    }
  });
});
