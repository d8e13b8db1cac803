import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotionAPI } from "notion-client";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { WORKSPACE_DIR } from "../../../tools/notion-stub/generate-workspace";
import { unbox, type NotionRecord } from "../../../tools/notion-stub/store";

/** The stand-in must not hide bugs (issue 21): it answers the reducers asked for, keeps comments, and signs files by id. */

const roadmap = JSON.parse(fs.readFileSync(path.join(WORKSPACE_DIR, "roadmap.json"), "utf8")) as Record<string, Record<string, unknown>>;
const records = (table: string) => Object.values(roadmap[table] ?? {}).map((box) => unbox(box)!) as NotionRecord[];
const board = records("collection_view")[0]!;
const collection = records("collection")[0]!;
const rows = records("block").filter((b) => b.parent_table === "collection");
const statusKey = Object.entries(collection.schema as Record<string, { name: string }>).find(([, p]) => p.name === "Status")![0];
const root = records("block").find((b) => b.type === "collection_view_page")!;

const pngA = Buffer.from("89504e470d0a1a0a0000000a", "hex");
const pngB = Buffer.from("89504e470d0a1a0a0000000b", "hex");

let stub: NotionStub;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "notion-stub-answers-"));
  // A recorded grouped answer for the board view, as a recording of a board holds it.
  const grouped = { [collection.id]: { [board.id]: { "results:status:Planned": { type: "results", blockIds: rows.map((r) => r.id).slice(0, 1) } } } };
  // A comment thread on the root page.
  const discussionId = "0d15c055-0000-4000-8000-000000000001";
  const commentId = "0c033e47-0000-4000-8000-000000000001";
  const withComments = structuredClone(roadmap);
  const rootBox = withComments.block![root.id] as { value: { value: NotionRecord } };
  rootBox.value.value.discussions = [discussionId];
  withComments.discussion = { [discussionId]: { value: { value: { id: discussionId, parent_id: root.id, parent_table: "block", comments: [commentId], resolved: false } } } };
  withComments.comment = { [commentId]: { value: { value: { id: commentId, parent_id: discussionId, parent_table: "discussion", text: [["Looks good"]] } } } };
  withComments.collection_query = grouped;
  fs.writeFileSync(path.join(dir, "roadmap.json"), JSON.stringify(withComments));
  // Two uploads that share a name, recorded under their ids.
  for (const [id, bytes] of [["aaaaaaaa-0000-4000-8000-000000000001", pngA], ["bbbbbbbb-0000-4000-8000-000000000002", pngB]] as const) {
    fs.mkdirSync(path.join(dir, "files", id), { recursive: true });
    fs.writeFileSync(path.join(dir, "files", id, "image.png"), bytes);
  }
  stub = await createNotionStub({ dataDir: dir });
});
afterAll(async () => {
  await stub?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const client = () => new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0, timeout: 10_000 } });

describe("queryCollection answers the reducers the client asks for", () => {
  it("answers an ungrouped query with every row even when a grouped answer was recorded", async () => {
    const data = (await client().getCollectionData(collection.id, board.id, { ...board, type: "table", format: {} } as never)) as unknown as {
      result: { reducerResults: Record<string, { blockIds?: string[] }> };
    };
    expect(Object.keys(data.result.reducerResults)).toEqual(["collection_group_results"]);
    expect(new Set(data.result.reducerResults.collection_group_results!.blockIds)).toEqual(new Set(rows.map((r) => r.id)));
  });

  it("answers a board's grouped query: one results list and one count per column, filtered by the group's value", async () => {
    const data = (await client().getCollectionData(collection.id, board.id, board as never)) as unknown as {
      result: { reducerResults: Record<string, { type: string; blockIds?: string[]; aggregationResult?: { value: number } }> };
    };
    const results = data.result.reducerResults;
    const statusOf = (id: string) => String(((rows.find((r) => r.id === id)!.properties as Record<string, string[][]>)[statusKey] ?? [[""]])[0]![0]);
    for (const status of ["Planned", "In progress", "Shipped"]) {
      const ids = results[`results:status:${status}`]?.blockIds ?? [];
      expect(ids.length, status).toBe(rows.filter((r) => statusOf(r.id) === status).length);
      expect(ids.length, status).toBeGreaterThan(0);
      for (const id of ids) expect(statusOf(id)).toBe(status);
      expect(results[`board:status:${status}`]?.aggregationResult?.value).toBe(ids.length);
    }
    expect(results.board_columns?.type).toBe("groups");
  });
});

describe("records and files", () => {
  it("keeps discussion and comment records with the page", async () => {
    const page = await client().getPage(root.id);
    const map = page as unknown as { discussion?: Record<string, unknown>; comment?: Record<string, unknown> };
    expect(Object.keys(map.discussion ?? {})).toEqual(["0d15c055-0000-4000-8000-000000000001"]);
    expect(unbox(Object.values(map.comment ?? {})[0])?.text).toEqual([["Looks good"]]);
  });

  it("signs files by their upload id: two image.png uploads are two files", async () => {
    const res = await fetch(`${stub.apiBaseUrl}/getSignedFileUrls`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        urls: [
          { url: "attachment:aaaaaaaa-0000-4000-8000-000000000001:image.png" },
          { url: "https://s3-us-west-2.amazonaws.com/secure.notion-static.com/bbbbbbbb-0000-4000-8000-000000000002/image.png" },
        ],
      }),
    });
    const { signedUrls } = (await res.json()) as { signedUrls: string[] };
    expect(signedUrls[0]).not.toBe(signedUrls[1]);
    const bytes = await Promise.all(signedUrls.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())));
    expect(bytes[0]).toEqual(pngA);
    expect(bytes[1]).toEqual(pngB);
  });
});
