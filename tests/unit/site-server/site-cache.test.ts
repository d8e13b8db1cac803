import { describe, expect, it } from "vitest";
import { makeCachedResponse } from "@/http/page-cache";
import type { SiteSnapshot } from "@/notion/site-content";
import { createSiteCache } from "@/site-server/site-cache";
import type { PublishedSite } from "@/site-server/site-lookup";

// cached() reads only the site's id and stamp and the snapshot's version.
const siteA = { id: "site-a", stamp: "1" } as PublishedSite;
const siteB = { id: "site-b", stamp: "1" } as PublishedSite;
const snapshot = { version: 1 } as SiteSnapshot;

/** A cache of `bytes`, and a lookup that says whether it rendered (a miss). */
function cacheOf(bytes: number) {
  const cache = createSiteCache(bytes);
  const rendered = (site: PublishedSite, path: string, bodyBytes = 100) => {
    let missed = false;
    cache.cached(site, snapshot, path, () => {
      missed = true;
      // Random bytes do not compress, so the entry's size is about three times the body (body, gzip, brotli).
      return makeCachedResponse(200, "text/html", Buffer.from(Array.from({ length: bodyBytes }, () => Math.floor(Math.random() * 256))));
    });
    return missed;
  };
  return { cache, rendered };
}

describe("the site server's page cache", () => {
  it("keeps a rendered page: the second request is a hit", () => {
    const { rendered } = cacheOf(64 * 1024);
    expect(rendered(siteA, "/a")).toBe(true);
    expect(rendered(siteA, "/a")).toBe(false);
  });

  it("is bounded by bytes, least recently used out first", () => {
    // Each entry is ~330 bytes (100 of body and two incompressible encodings of it): five fit in 1,800, six don't.
    const { rendered } = cacheOf(1800);
    for (const path of ["/1", "/2", "/3", "/4", "/5"]) rendered(siteA, path);
    expect(rendered(siteA, "/1")).toBe(false); // a hit, so /2 is now the oldest
    rendered(siteA, "/6");
    expect(rendered(siteA, "/2")).toBe(true);
    expect(rendered(siteA, "/1")).toBe(false);
  });

  it("serves a response larger than a quarter of the cache without keeping it", () => {
    const { rendered } = cacheOf(4000);
    expect(rendered(siteA, "/big", 400)).toBe(true);
    expect(rendered(siteA, "/big", 400)).toBe(true);
    expect(rendered(siteA, "/small", 100)).toBe(true);
    expect(rendered(siteA, "/small", 100)).toBe(false);
  });

  it("forgets one site's pages and keeps the others'", () => {
    const { cache, rendered } = cacheOf(64 * 1024);
    rendered(siteA, "/a");
    rendered(siteB, "/a");
    cache.forget(siteA.id);
    expect(rendered(siteA, "/a")).toBe(true);
    expect(rendered(siteB, "/a")).toBe(false);
  });

  it("does not mistake a site whose id starts with another's for it", () => {
    const { cache, rendered } = cacheOf(64 * 1024);
    const siteA2 = { id: "site-a2", stamp: "1" } as PublishedSite;
    rendered(siteA2, "/a");
    cache.forget(siteA.id);
    expect(rendered(siteA2, "/a")).toBe(false);
  });
});
