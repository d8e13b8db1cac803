import { APIResponseError, Client, collectPaginatedAPI } from "@notionhq/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfficialClient } from "@/notion/official/client";
import { fetchOfficialPage } from "@/notion/official/fetch-page";
import { createRecordedNotionApiStub, type RecordedNotionApiStub } from "../../../tools/notion-api-stub/recorded";
import { OFFICIAL_DIR } from "../../fixtures/real/corpus";

/** The official stand-in's replay mode serves recorded answers unchanged to the real SDK (docs/real-recordings.md). */

let replay: RecordedNotionApiStub;
const client = (set: string) => new Client({ auth: replay.tokenOf(set), baseUrl: replay.url });
const recorded = (set: string, method: string, path: string) =>
  replay.sets.find((s) => s.name === set)!.interactions.find((i) => i.method === method && i.path === path)!.response;

const PAGED = "notion-sdk-py__paginated-page";
const PAGE = "393abc1e-edcd-814b-aee5-cf69471e5a43";

beforeAll(async () => {
  replay = await createRecordedNotionApiStub({ dir: OFFICIAL_DIR });
});
afterAll(() => replay?.close());

describe("the recorded official API", () => {
  it("answers a recorded read with the recorded body", async () => {
    const set = "notion-sdk-py__pages-and-blocks";
    const page = recorded(set, "GET", "/v1/pages/393abc1e-edcd-81f5-ae94-ec2d55fe98ed") as { id: string };
    expect(await client(set).pages.retrieve({ page_id: page.id })).toEqual(page);
  });

  it("follows recorded pagination: every child once, in order, whatever page size is asked", async () => {
    const pages = replay.sets.find((s) => s.name === PAGED)!.interactions.filter((i) => i.method === "GET" && i.path === `/v1/blocks/${PAGE}/children`);
    const want = pages.flatMap((p) => (p.response as { results: { id: string }[] }).results.map((b) => b.id));
    expect(want.length).toBeGreaterThan(2);
    const got = await collectPaginatedAPI(client(PAGED).blocks.children.list, { block_id: PAGE, page_size: 100 });
    expect(got.map((b) => b.id)).toEqual(want);
  });

  it("answers a page's own block as the child_page block Notion sends, from the recorded page", async () => {
    const block = await client(PAGED).blocks.retrieve({ block_id: PAGE });
    expect(block).toMatchObject({ object: "block", id: PAGE, type: "child_page", child_page: { title: expect.stringMatching(/^Test /) as string } });
    // Not the set's closing DELETE answer (the page in the trash): when its children were read, it was not.
    expect(block).toMatchObject({ archived: false, in_trash: false });
  });

  it("reads a recorded database row whose database is not shared as a row, its schema from its own properties", async () => {
    // A 2023 answer: the row's parent is `database_id` only, and the database itself was never recorded (not shared).
    const set = "svelte-notion-page-2023__case1";
    const row = "591d29d3-cb19-4273-bb3a-82644ed4faa4";
    // A replay of its own: the page's authors (users never recorded) are asked for, which the last test would count.
    const own = await createRecordedNotionApiStub({ dir: OFFICIAL_DIR });
    const recordMap = await fetchOfficialPage(createOfficialClient({ token: own.tokenOf(set), baseUrl: own.url, maxAttempts: 1 }), row).finally(() => own.close());
    const page = (recordMap.block[row] as unknown as { value: { parent_table: string; parent_id: string } }).value;
    expect(page).toMatchObject({ parent_table: "collection", parent_id: "be65d799-9e98-4426-86a6-72072991e27b" });
    const collection = (recordMap.collection[page.parent_id] as unknown as { value: { schema: Record<string, { name: string; type: string }> } }).value;
    expect(Object.values(collection.schema).map((p) => [p.name, p.type]).sort()).toEqual(
      [["Description", "text"], ["HashTags", "multi_select"], ["Name", "title"], ["Slug", "text"], ["Status", "select"], ["생성 일시", "created_time"]].sort(),
    );
  });

  it("keeps sets apart: a token reads only its own set", async () => {
    await expect(client("svelte-notion-page-2023__6_code").pages.retrieve({ page_id: PAGE })).rejects.toMatchObject({ code: "object_not_found", status: 404 });
    const page = await client("svelte-notion-page-2023__6_code").pages.retrieve({ page_id: "591d29d3-cb19-4273-bb3a-82644ed4faa4" });
    expect(page.id).toBe("591d29d3-cb19-4273-bb3a-82644ed4faa4");
  });

  it("refuses an unknown token with Notion's recorded 401, and writes with 400", async () => {
    const err = await new Client({ auth: "ntn_not_a_recorded_set_0000", baseUrl: replay.url }).users.me({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(APIResponseError);
    expect(err).toMatchObject({ status: 401, code: "unauthorized", message: "API token is invalid." });
    await expect(client(PAGED).pages.update({ page_id: PAGE, archived: true })).rejects.toMatchObject({ status: 400 });
    expect(replay.calls().notRecorded).toEqual([`GET /v1/pages/${PAGE}`]);
  });
});
