import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NotionAPI } from "notion-client";
import { SITE_TYPES } from "@/lib/site-types";
import { stubControl } from "../../../tools/notion-stub/control";
import { generateSites } from "../../../tools/notion-stub/generate-sites";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { unbox } from "../../../tools/notion-stub/store";

/** The stand-in's rate limit (bench/scale.ts runs Notion at 3 requests/s) and its generated sites. */

const generated = generateSites(14, "Limit test");
let stub: NotionStub;
let control: ReturnType<typeof stubControl>;
const rootId = generated.sites[0]!.pageId;

const loadPageChunk = (pageId = rootId) =>
  fetch(`${stub.apiBaseUrl}/loadPageChunk`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pageId, limit: 10 }) });

beforeAll(async () => {
  stub = await createNotionStub({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "notion-stub-empty-")), rateLimit: { requestsPerSecond: 3 } });
  control = stubControl(stub.url);
});
afterAll(async () => {
  await stub.close();
});

describe("rate limit", () => {
  beforeEach(async () => {
    await control.reset();
    await control.addRecords(generated.recordMaps);
  });

  it("answers 3 of 10 requests sent at once and refuses the rest with Notion's 429", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => loadPageChunk()));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(7);
    for (const res of refused) {
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ name: "RateLimitedError", clientData: { retryAfter } });
      expect(typeof body.errorId).toBe("string");
      expect(typeof body.message).toBe("string");
    }
    const stats = await control.rate();
    expect(stats.requestsPerSecond).toBe(3);
    expect(stats.limited).toBe(7);
    // The 10 may straddle a second boundary: the per-second counts add up to them.
    const sum = (key: "seen" | "answered" | "limited") => stats.seconds.reduce((n, s) => n + s[key], 0);
    expect([sum("seen"), sum("answered"), sum("limited")]).toEqual([10, 3, 7]);
  });

  it("answers again once the window has room, and notion-client sees the 429", async () => {
    const client = new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0, timeout: 10_000 } });
    await Promise.all(Array.from({ length: 3 }, () => loadPageChunk()));
    await expect(client.getPage(rootId)).rejects.toMatchObject({ status: 429 });
    // Wait as the answer says (polling: the window is rolling), then the page loads.
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await loadPageChunk()).status;
    }
    expect(status).toBe(200);
  });

  it("is set through the control API: a cooldown refuses everything for its length; null turns it off", async () => {
    await control.rateLimit({ requestsPerSecond: 1, cooldownSeconds: 30 });
    expect((await loadPageChunk()).status).toBe(200);
    const first = await loadPageChunk();
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("30");
    // Still inside the cooldown although the one-second window has room again.
    await new Promise((r) => setTimeout(r, 1100));
    const second = await loadPageChunk();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeLessThanOrEqual(29);

    await control.rateLimit({ requestsPerSecond: null });
    const answers = await Promise.all(Array.from({ length: 20 }, () => loadPageChunk()));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await control.rate()).limited).toBe(0);
  });

  it("refuses a bad limit with a 400 and keeps the old one", async () => {
    for (const bad of [{ requestsPerSecond: 0 }, { requestsPerSecond: 1.5 }, { requestsPerSecond: 3, cooldownSeconds: -1 }, { rps: 3 }]) {
      const res = await fetch(`${stub.url}/__stub/rate-limit`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(bad) });
      expect(res.status).toBe(400);
    }
    expect((await control.rate()).requestsPerSecond).toBe(3);
  });
});

describe("generated sites", () => {
  beforeAll(async () => {
    await control.reset();
    await control.rateLimit({ requestsPerSecond: null });
    await control.addRecords(generated.recordMaps);
  });

  it("makes every site type, each root readable through notion-client with its entries or sub-pages", async () => {
    expect(new Set(generated.sites.map((s) => s.siteType))).toEqual(new Set(SITE_TYPES));
    const client = new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0, timeout: 10_000 } });
    for (const site of generated.sites) {
      const recordMap = await client.getPage(site.pageId);
      const edited = unbox(recordMap.block[site.editPageId]);
      expect(edited, `${site.siteType}: the edited page is in its record map`).not.toBeNull();
      expect((edited!.properties as { title: string[][] }).title[0]![0]).toBe(site.title);
      if (site.siteType === "roadmap" || site.siteType === "blog" || site.siteType === "changelog") {
        expect(Object.keys(recordMap.collection_query).length, site.siteType).toBe(1);
      }
    }
  });

  it("an edit retitles the page and moves its last_edited_time", async () => {
    const site = generated.sites.find((s) => s.siteType === "blog")!;
    const client = new NotionAPI({ apiBaseUrl: stub.apiBaseUrl, ofetchOptions: { retry: 0, timeout: 10_000 } });
    const before = unbox((await client.getPage(site.pageId)).block[site.editPageId])!;
    await control.touch(site.editPageId, "Edited title");
    const after = unbox((await client.getPage(site.pageId)).block[site.editPageId])!;
    expect((after.properties as { title: string[][] }).title[0]![0]).toBe("Edited title");
    expect(Number(after.last_edited_time)).toBeGreaterThan(Number(before.last_edited_time));
  });
});
