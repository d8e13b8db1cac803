import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCdnPurger, type CdnPurger } from "@/integrations/cdn";
import { createCdnPurges } from "@/core/sites/cdn-purges";
import { cacheTagHeaders, pageCacheTag, siteCacheTag } from "@/lib/cdn-tags";
import { AppError } from "@/lib/errors";
import { createCachingProxy, sharedLifetime, type CachingProxy, type CdnKind } from "../../../tools/cdn-proxy-stub/server";
import type { PurgeApiStub } from "../../../tools/cdn-proxy-stub/purge-api";
import { createCloudflareStub } from "../../../tools/cloudflare-stub/server";
import { createFastlyStub } from "../../../tools/fastly-stub/server";
import { createBunnyStub } from "../../../tools/bunny-stub/server";
import { rawRequest } from "../../helpers/raw-request";
import { until } from "../../helpers/until";

/**
 * Our three CDN purgers against stand-ins of the providers' purge APIs, each in front of the caching proxy stand-in:
 * an origin serving tagged pages, a copy kept until a purge by tag through the provider's API drops it. Then what the
 * product does with a purger: retries a refused purge, sends one request for purges asked together, never throws.
 */

const SITE_A = "11111111-1111-4111-8111-111111111111";
const SITE_B = "22222222-2222-4222-8222-222222222222";
const TOKEN = "stand-in-token";

let origin: http.Server;
let originUrl: string;
let version = 1;

beforeAll(async () => {
  // Each site's pages say the current version, tagged as the site server tags them.
  origin = http.createServer((req, res) => {
    const site = req.headers.host?.startsWith("a.") ? SITE_A : SITE_B;
    res.writeHead(200, {
      "content-type": "text/html",
      "cache-control": "public, max-age=0, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400",
      vary: "Accept-Encoding",
      ...cacheTagHeaders([siteCacheTag(site), pageCacheTag(site, req.url ?? "/")]),
    });
    res.end(`${site} v${version}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())));

type World = { proxy: CachingProxy; api: PurgeApiStub; purger: CdnPurger };

async function world(kind: CdnKind, token = TOKEN): Promise<World> {
  const proxy = await createCachingProxy({ origin: originUrl, cdn: kind });
  const drop = (tags: string[] | string) => (Array.isArray(tags) ? proxy.purgeTags(tags) : tags === "everything" ? proxy.clear() : proxy.purgeTags([tags]));
  const api =
    kind === "cloudflare"
      ? await createCloudflareStub({ zoneId: "zone-1", token: TOKEN, onPurge: drop })
      : kind === "fastly"
        ? await createFastlyStub({ serviceId: "service-1", token: TOKEN, onPurge: drop })
        : await createBunnyStub({ pullZoneId: "4242", accessKey: TOKEN, onPurge: drop });
  const id = kind === "cloudflare" ? "zone-1" : kind === "fastly" ? "service-1" : "4242";
  const base = kind === "cloudflare" ? `${api.url}/client/v4` : api.url;
  const purger = createCdnPurger({ CDN_PURGE: `${kind}:${id}`, CDN_API_TOKEN: token, CDN_API_BASE: base })!;
  return { proxy, api, purger };
}

const through = (proxy: CachingProxy, host: string, path = "/") => rawRequest(`${proxy.url}${path}`, { host, headers: { "accept-encoding": "gzip" } });

describe.each(["cloudflare", "fastly", "bunny"] as const)("%s", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await world(kind);
  });
  afterAll(async () => {
    await w.proxy.close();
    await w.api.close();
  });

  it("a purge of one site's tag drops that site's copies and only them", async () => {
    version = 1;
    expect((await through(w.proxy, "a.test")).headers["x-cache"]).toBe("MISS");
    expect((await through(w.proxy, "b.test")).headers["x-cache"]).toBe("MISS");
    const hit = await through(w.proxy, "a.test");
    expect(hit.headers["x-cache"]).toBe("HIT");
    // The CDN reads its tag header and keeps it from visitors.
    expect(hit.headers[{ cloudflare: "cache-tag", fastly: "surrogate-key", bunny: "cdn-tag" }[kind]]).toBeUndefined();
    version = 2;
    expect((await through(w.proxy, "a.test")).body).toBe(`${SITE_A} v1`);

    await w.purger.purgeTags([siteCacheTag(SITE_A)]);

    expect(w.api.purges.at(-1)?.tags).toEqual([siteCacheTag(SITE_A)]);
    const fresh = await through(w.proxy, "a.test");
    expect(fresh.headers["x-cache"]).toBe("MISS");
    expect(fresh.body).toBe(`${SITE_A} v2`);
    const other = await through(w.proxy, "b.test");
    expect(other.headers["x-cache"]).toBe("HIT");
    expect(other.body).toBe(`${SITE_B} v1`);
  });

  it("a purge of a page's tag drops that page only", async () => {
    version = 3;
    await through(w.proxy, "a.test", "/one");
    await through(w.proxy, "a.test", "/two");
    version = 4;
    await w.purger.purgeTags([pageCacheTag(SITE_A, "/one")]);
    expect((await through(w.proxy, "a.test", "/one")).body).toBe(`${SITE_A} v4`);
    expect((await through(w.proxy, "a.test", "/two")).body).toBe(`${SITE_A} v3`);
  });

  it("a refused purge is an UPSTREAM error saying the provider and status", async () => {
    w.api.failNext(1, 503);
    const err = await w.purger.purgeTags([siteCacheTag(SITE_A)]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("UPSTREAM");
    expect((err as AppError).message).toMatch(new RegExp(`${kind} purge failed: HTTP 503`, "i"));
  });

  it("a wrong token is refused by the stand-in, as by the provider", async () => {
    const wrong = await world(kind, "not-the-token");
    try {
      await expect(wrong.purger.purgeTags([siteCacheTag(SITE_A)])).rejects.toThrow(/purge failed: HTTP 40[13]/);
      expect(wrong.api.purges).toEqual([]);
    } finally {
      await wrong.proxy.close();
      await wrong.api.close();
    }
  });
});

describe("purges of changed sites", () => {
  it("a refused purge is logged and tried again until it goes through; the caller never waits or fails", async () => {
    const w = await world("fastly");
    const lines: string[] = [];
    const purges = createCdnPurges(w.purger, { retryDelaysMs: [50, 50], settleMs: 60_000, log: (l) => lines.push(l) });
    try {
      version = 5;
      await through(w.proxy, "a.test");
      version = 6;
      w.api.failNext(2, 500);
      expect(purges.purgeSite(SITE_A)).toBeUndefined();
      await until(async () => lines.some((l) => /went through on try 3/.test(l)));
      expect(w.api.purges).toHaveLength(1);
      expect(w.api.refused).toBe(2);
      expect(lines.filter((l) => l.includes("trying again"))).toHaveLength(2);
      expect((await through(w.proxy, "a.test")).body).toBe(`${SITE_A} v6`);
    } finally {
      purges.stop();
      await w.proxy.close();
      await w.api.close();
    }
  });

  it("gives up after the last try, saying so", async () => {
    const w = await world("bunny");
    const lines: string[] = [];
    const purges = createCdnPurges(w.purger, { retryDelaysMs: [20], settleMs: 60_000, log: (l) => lines.push(l) });
    try {
      w.api.failNext(5, 500);
      purges.purgeSite(SITE_A);
      await until(async () => lines.some((l) => l.includes("giving up")));
      expect(w.api.refused).toBe(2);
    } finally {
      purges.stop();
      await w.proxy.close();
      await w.api.close();
    }
  });

  it("sites changed together go out as one request, and each site is purged once more after the settle delay", async () => {
    const w = await world("cloudflare");
    const purges = createCdnPurges(w.purger, { settleMs: 100 });
    try {
      purges.purgeSite(SITE_A);
      purges.purgeSite(SITE_B);
      purges.purgeSite(SITE_A);
      await until(async () => w.api.purges.length === 2);
      expect(w.api.purges[0]!.tags.sort()).toEqual([siteCacheTag(SITE_A), siteCacheTag(SITE_B)].sort());
      expect(w.api.purges[1]!.tags.sort()).toEqual([siteCacheTag(SITE_A), siteCacheTag(SITE_B)].sort());
    } finally {
      purges.stop();
      await w.proxy.close();
      await w.api.close();
    }
  });

  it("without CDN_PURGE there is no purger, and purging is a no-op", () => {
    expect(createCdnPurger({ CDN_PURGE: undefined, CDN_API_TOKEN: undefined, CDN_API_BASE: undefined })).toBeNull();
    expect(() => createCdnPurges(null).purgeSite(SITE_A)).not.toThrow();
  });
});

describe("the caching proxy stand-in", () => {
  it("keeps only what a shared cache may keep", () => {
    expect(sharedLifetime({ "cache-control": "public, max-age=0, s-maxage=30" })).toBe(30);
    expect(sharedLifetime({ "cache-control": "public, max-age=300" })).toBe(300);
    expect(sharedLifetime({ "cache-control": "private, no-store" })).toBe(0);
    expect(sharedLifetime({ "cache-control": "private, no-cache" })).toBe(0);
    expect(sharedLifetime({ "cache-control": "no-store" })).toBe(0);
    expect(sharedLifetime({ "cache-control": "public, s-maxage=60", "set-cookie": ["a=b"] })).toBe(0);
    expect(sharedLifetime({})).toBe(0);
  });
});
