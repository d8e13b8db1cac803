import path from "node:path";
import { APIErrorCode, APIResponseError, Client, isFullBlock } from "@notionhq/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { createOfficialClient } from "@/notion/official/client";
import { OfficialNotionError } from "@/notion/official/errors";
import { fetchOfficialPage } from "@/notion/official/fetch-page";
import { freshFileUrl } from "@/notion/official/file-url";
import { stableFileRef } from "@/notion/official/convert";
import { blockOf } from "@/notion/record-map";

/** The real @notionhq/client against the official-API stand-in over HTTP. */

const WORKSPACE = path.resolve(import.meta.dirname, "../../../tools/notion-stub/workspace");
let stub: NotionApiStub;
let control: ReturnType<typeof notionApiStubControl>;
let roots: Record<string, string>;

const sdk = (token: string) => new Client({ auth: token, baseUrl: stub.baseUrl, retry: false, logger: () => {} });

async function notionError(work: Promise<unknown>): Promise<APIResponseError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(APIResponseError.isAPIResponseError(err), `expected an APIResponseError, got ${String(err)}`).toBe(true);
  return err as APIResponseError;
}

beforeAll(async () => {
  stub = await createNotionApiStub({ dataDir: WORKSPACE });
  control = notionApiStubControl(stub.url);
  roots = await control.roots();
});
afterAll(() => stub.close());
beforeEach(() => control.reset());

describe("reading", () => {
  it("lists block children 100 at a time at most, with next_cursor continuing where the page ended", async () => {
    const client = sdk(stub.internalSecret);
    // The simple site's home page has more children than a page size of 5.
    const all = await client.blocks.children.list({ block_id: roots.simple! });
    expect(all.has_more).toBe(false);
    expect(all.results.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.blocks.children.list({ block_id: roots.simple!, page_size: 5, start_cursor: cursor });
      expect(page.results.length).toBeLessThanOrEqual(5);
      seen.push(...page.results.map((b) => b.id));
      cursor = page.has_more ? page.next_cursor! : undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(all.results.map((b) => b.id));
    expect(pages).toBe(Math.ceil(all.results.length / 5));
    const tooBig = await notionError(client.blocks.children.list({ block_id: roots.simple!, page_size: 101 }));
    expect(tooBig.code).toBe(APIErrorCode.ValidationError);
  });

  it("answers databases with their data sources, and data source queries sorted as asked", async () => {
    const client = sdk(stub.internalSecret);
    const database = await client.databases.retrieve({ database_id: roots.blog! });
    expect("data_sources" in database && database.data_sources).toHaveLength(1);
    const sourceId = (database as { data_sources: { id: string }[] }).data_sources[0]!.id;
    const asc = await client.dataSources.query({ data_source_id: sourceId, sorts: [{ property: "Date", direction: "ascending" }] });
    const dates = asc.results.map((p) => (p as unknown as { properties: { Date: { date: { start: string } } } }).properties.Date.date.start);
    expect(dates).toEqual([...dates].sort());
    expect(dates.length).toBe(14);
    const hidden = await client.dataSources.query({ data_source_id: sourceId, filter: { property: "Hidden", checkbox: { equals: true } } });
    expect(hidden.results).toHaveLength(1);
    const page = await notionError(client.pages.retrieve({ page_id: roots.blog! }));
    expect(page.code).toBe(APIErrorCode.ValidationError);
  });

  it("requires the Notion-Version header", async () => {
    const res = await fetch(`${stub.baseUrl}/v1/pages/${roots.docs}`, { headers: { authorization: `Bearer ${stub.internalSecret}` } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ object: "error", status: 400, code: "missing_version" });
  });
});

describe("sharing and tokens", () => {
  it("shows a token only the pages shared with it and their descendants; anything else is object_not_found", async () => {
    const token = await control.createToken([roots.docs!]);
    const client = sdk(token);
    const docs = await client.pages.retrieve({ page_id: roots.docs! });
    expect(docs.id).toBe(roots.docs);
    // A sub-page of the shared page is readable without being shared itself.
    const children = await client.blocks.children.list({ block_id: roots.docs! });
    const subPage = children.results.find((b) => isFullBlock(b) && b.type === "child_page")!;
    expect((await client.pages.retrieve({ page_id: subPage.id })).id).toBe(subPage.id);
    // Another top-level page is not.
    const err = await notionError(client.pages.retrieve({ page_id: roots.simple! }));
    expect(err.status).toBe(404);
    expect(err.code).toBe(APIErrorCode.ObjectNotFound);
    // Unsharing takes the descendants away too.
    await control.unshare(token, roots.docs!);
    expect((await notionError(client.pages.retrieve({ page_id: subPage.id }))).code).toBe(APIErrorCode.ObjectNotFound);
    // The reader says what to do about it.
    const reader = createOfficialClient({ token, baseUrl: stub.baseUrl });
    const failure = await fetchOfficialPage(reader, roots.docs!).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OfficialNotionError);
    expect((failure as OfficialNotionError).failure).toBe("not_shared");
    expect((failure as OfficialNotionError).code).toBe("NOT_FOUND");
  });

  it("answers 401 unauthorized for an unknown token and for a revoked one", async () => {
    expect((await notionError(sdk("ntn_not_a_token_at_all").pages.retrieve({ page_id: roots.docs! }))).status).toBe(401);
    const token = await control.createToken([roots.docs!]);
    await sdk(token).pages.retrieve({ page_id: roots.docs! });
    await control.revoke(token);
    const err = await notionError(sdk(token).pages.retrieve({ page_id: roots.docs! }));
    expect(err.status).toBe(401);
    expect(err.code).toBe(APIErrorCode.Unauthorized);
    const failure = await fetchOfficialPage(createOfficialClient({ token, baseUrl: stub.baseUrl }), roots.docs!).catch((e: unknown) => e);
    expect((failure as OfficialNotionError).failure).toBe("unauthorized");
    expect((failure as OfficialNotionError).code).toBe("UNAUTHORIZED");
  });
});

describe("files", () => {
  it("signs file URLs for an hour; an expired URL is refused, and freshFileUrl gets a working one through the block", async () => {
    const client = createOfficialClient({ token: stub.internalSecret, baseUrl: stub.baseUrl });
    // The blog's first post with an image: find an image block through the reader.
    const blog = await fetchOfficialPage(client, roots.blog!);
    const rowIds = Object.keys(blog.block).filter((id) => blockOf(blog, id)?.parent_table === "collection");
    let imageBlock: { id: string; src: string } | null = null;
    for (const rowId of rowIds) {
      const page = await fetchOfficialPage(client, rowId);
      for (const id of Object.keys(page.block)) {
        const block = blockOf(page, id) as { type?: string; properties?: { source?: string[][] } } | undefined;
        if (block?.type === "image" && block.properties?.source?.[0]?.[0]?.includes("/files/")) {
          imageBlock = { id, src: block.properties.source[0][0] };
          break;
        }
      }
      if (imageBlock) break;
    }
    expect(imageBlock).not.toBeNull();
    // The record map keeps a reference without signature: it can't be fetched, and it doesn't expire.
    expect(imageBlock!.src).not.toContain("?");
    expect((await fetch(imageBlock!.src)).status).toBe(403);

    const block = await sdk(stub.internalSecret).blocks.retrieve({ block_id: imageBlock!.id });
    const file = (block as unknown as { image: { type: string; file: { url: string; expiry_time: string } } }).image;
    expect(file.type).toBe("file");
    const expiresIn = Date.parse(file.file.expiry_time) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    expect(stableFileRef(file.file.url)).toBe(imageBlock!.src);
    const ok = await fetch(file.file.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");

    // Two hours later the URL is refused…
    await control.clock({ offsetMs: 2 * 60 * 60_000 });
    const expired = await fetch(file.file.url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
    // …and re-reading the block gives one that works again.
    const fresh = await freshFileUrl(client, imageBlock!.id, imageBlock!.src);
    expect(fresh.url).not.toBe(file.file.url);
    expect(fresh.expiryTime!.getTime()).toBeGreaterThan(Date.now() + 2 * 60 * 60_000);
    expect((await fetch(fresh.url)).status).toBe(200);
    // A tampered signature is refused whatever the time.
    expect((await fetch(fresh.url.replace(/X-Signature=[0-9a-f]/, "X-Signature=z"))).status).toBe(403);
  });

  it("freshFileUrl finds a page's cover by its reference", async () => {
    const client = createOfficialClient({ token: stub.internalSecret, baseUrl: stub.baseUrl });
    const blog = await fetchOfficialPage(client, roots.blog!);
    const withCover = Object.keys(blog.block)
      .map((id) => blockOf(blog, id) as { id: string; format?: { page_cover?: string } } | undefined)
      .find((b) => b?.format?.page_cover);
    expect(withCover).toBeDefined();
    const fresh = await freshFileUrl(client, withCover!.id, withCover!.format!.page_cover);
    expect(stableFileRef(fresh.url)).toBe(withCover!.format!.page_cover);
    expect((await fetch(fresh.url)).status).toBe(200);
    await expect(freshFileUrl(client, withCover!.id, "http://127.0.0.1:1/files/x/other.png")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("rate limits", () => {
  it("the connection's queue waits out a 429's Retry-After, then the request succeeds", async () => {
    const token = await control.createToken([roots.docs!]);
    const waits: number[] = [];
    const client = createOfficialClient({ token, baseUrl: stub.baseUrl, onRateLimited: ({ waitMs }) => waits.push(waitMs) });
    await control.fault({ status: 429, retryAfter: 1, times: 1, endpoint: "pages.retrieve" });
    const started = Date.now();
    const page = await client.pages.retrieve({ page_id: roots.docs! });
    expect(page.id).toBe(roots.docs);
    expect(waits).toEqual([1000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect((await control.calls()).byEndpoint["pages.retrieve"]).toBe(2);
  });

  it("a Retry-After longer than the cap is not waited out: the reader says RATE_LIMITED", async () => {
    const token = await control.createToken([roots.docs!]);
    const client = createOfficialClient({ token, baseUrl: stub.baseUrl, maxRetryAfterMs: 500 });
    await control.fault({ status: 429, retryAfter: 5, times: 1 });
    const failure = await fetchOfficialPage(client, roots.docs!).catch((e: unknown) => e);
    expect((failure as OfficialNotionError).failure).toBe("rate_limited");
    expect((failure as OfficialNotionError).code).toBe("RATE_LIMITED");
  });

  it("with the stand-in's per-token limit on, a whole page read through the queue never gets a 429 past its retries", async () => {
    await control.rateLimit(3);
    const token = await control.createToken([roots.simple!]);
    const page = await fetchOfficialPage(createOfficialClient({ token, baseUrl: stub.baseUrl }), roots.simple!);
    expect(blockOf(page, roots.simple!)?.type).toBe("page");
    // Without the queue, the same reads in a burst are refused.
    const burst = await Promise.allSettled(Array.from({ length: 8 }, () => sdk(token).blocks.retrieve({ block_id: roots.simple! })));
    expect(burst.filter((r) => r.status === "rejected" && (r.reason as APIResponseError).code === APIErrorCode.RateLimited).length).toBeGreaterThan(0);
  });

  it("a connection paused by a 429 doesn't hold another back; every request goes through the connection's budget hook", async () => {
    const [slowToken, fastToken] = [await control.createToken([roots.docs!]), await control.createToken([roots.docs!])];
    const budgeted: string[] = [];
    const budget = <T>(send: () => Promise<T>) => {
      budgeted.push("fast");
      return send();
    };
    const slow = createOfficialClient({ token: slowToken, baseUrl: stub.baseUrl });
    const fast = createOfficialClient({ token: fastToken, baseUrl: stub.baseUrl, budget });
    await control.fault({ status: 429, retryAfter: 2, times: 1, endpoint: "pages.retrieve" });
    const finished: string[] = [];
    const slowRead = slow.pages.retrieve({ page_id: roots.docs! }).then(() => finished.push("slow"));
    // The slow connection takes the 429 (and its 2 s pause) before the other one starts.
    while ((await control.calls()).rateLimited < 1) await new Promise((r) => setTimeout(r, 20));
    await fast.pages.retrieve({ page_id: roots.docs! });
    await fast.blocks.retrieve({ block_id: roots.docs! });
    finished.push("fast");
    await slowRead;
    expect(finished).toEqual(["fast", "slow"]);
    expect(budgeted).toEqual(["fast", "fast"]);
  });
});

describe("OAuth", () => {
  const redirectUri = "http://127.0.0.1:9/api/notion/callback";
  const authorizeUrl = (state: string) =>
    `${stub.url}/v1/oauth/authorize?${new URLSearchParams({ client_id: stub.clientId, redirect_uri: redirectUri, response_type: "code", owner: "user", state })}`;

  it("approve: redirects with code and state; the code buys a token that sees exactly the chosen pages, once", async () => {
    await control.consent({ mode: "approve", pages: [roots.help_desk!] });
    const res = await fetch(authorizeUrl("st-1"), { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get("state")).toBe("st-1");
    const code = location.searchParams.get("code")!;
    expect(code).toBeTruthy();

    const oauth = new Client({ baseUrl: stub.baseUrl, retry: false, logger: () => {} });
    const answer = await oauth.oauth.token({ client_id: stub.clientId, client_secret: stub.clientSecret, grant_type: "authorization_code", code, redirect_uri: redirectUri });
    expect(answer).toMatchObject({ token_type: "bearer", workspace_name: "Lumen", duplicated_template_id: null, owner: { type: "user" } });
    expect(answer.access_token).toMatch(/^ntn_/);
    expect(answer.bot_id).toBeTruthy();
    expect(answer.workspace_id).toBeTruthy();
    expect(answer.refresh_token).toBeTruthy();
    const client = sdk(answer.access_token);
    expect((await client.pages.retrieve({ page_id: roots.help_desk! })).id).toBe(roots.help_desk);
    expect((await notionError(client.pages.retrieve({ page_id: roots.docs! }))).code).toBe(APIErrorCode.ObjectNotFound);

    // A code works once; a wrong client secret gets nothing.
    await expect(oauth.oauth.token({ client_id: stub.clientId, client_secret: stub.clientSecret, grant_type: "authorization_code", code, redirect_uri: redirectUri })).rejects.toMatchObject({ status: 400 });
    const res2 = await fetch(authorizeUrl("st-2"), { redirect: "manual" });
    const code2 = new URL(res2.headers.get("location")!).searchParams.get("code")!;
    await expect(oauth.oauth.token({ client_id: stub.clientId, client_secret: "wrong", grant_type: "authorization_code", code: code2, redirect_uri: redirectUri })).rejects.toMatchObject({ status: 401 });

    // A refresh gives a new token and retires the old one.
    const refreshed = await oauth.oauth.token({ client_id: stub.clientId, client_secret: stub.clientSecret, grant_type: "refresh_token", refresh_token: answer.refresh_token! });
    expect(refreshed.access_token).not.toBe(answer.access_token);
    expect((await sdk(refreshed.access_token).pages.retrieve({ page_id: roots.help_desk! })).id).toBe(roots.help_desk);
    expect((await notionError(client.pages.retrieve({ page_id: roots.help_desk! }))).status).toBe(401);
  });

  it("deny: redirects with error=access_denied and the state, no code", async () => {
    await control.consent({ mode: "deny" });
    const res = await fetch(authorizeUrl("st-deny"), { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("state")).toBe("st-deny");
    expect(location.searchParams.get("code")).toBeNull();
  });

  it("choose: a consent page whose form grants the pages ticked", async () => {
    await control.consent({ mode: "choose", pages: [roots.simple!] });
    const page = await fetch(authorizeUrl("st-choose"));
    const html = await page.text();
    expect(html).toContain("Allow access");
    expect(html).toContain(`value="${roots.simple}" checked`);
    const form = new URLSearchParams({ client_id: stub.clientId, redirect_uri: redirectUri, response_type: "code", state: "st-choose", decision: "allow" });
    form.append("page", roots.docs!);
    const res = await fetch(`${stub.url}/v1/oauth/authorize`, { method: "POST", body: form, redirect: "manual" });
    const code = new URL(res.headers.get("location")!).searchParams.get("code")!;
    const oauth = new Client({ baseUrl: stub.baseUrl, retry: false, logger: () => {} });
    const answer = await oauth.oauth.token({ client_id: stub.clientId, client_secret: stub.clientSecret, grant_type: "authorization_code", code, redirect_uri: redirectUri });
    expect((await sdk(answer.access_token).pages.retrieve({ page_id: roots.docs! })).id).toBe(roots.docs);
    expect((await notionError(sdk(answer.access_token).pages.retrieve({ page_id: roots.simple! }))).code).toBe(APIErrorCode.ObjectNotFound);
    // An unknown client never gets a consent page.
    expect((await fetch(authorizeUrl("x").replace(stub.clientId, "someone-else"), { redirect: "manual" })).status).toBe(400);
  });
});
