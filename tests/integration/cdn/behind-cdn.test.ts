import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteCacheTag } from "@/lib/cdn-tags";
import { createCachingProxy, type CachingProxy } from "../../../tools/cdn-proxy-stub/server";
import type { PurgeApiStub } from "../../../tools/cdn-proxy-stub/purge-api";
import { createCloudflareStub } from "../../../tools/cloudflare-stub/server";
import { startConnectedWorld, type ConnectedWorld } from "../../helpers/connected-world";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync, type CookieJar } from "../../helpers/rpc-client";
import { workspaceIndex, pageIdOf } from "../../helpers/sites";
import { until } from "../../helpers/until";

/**
 * A webhook-connected blog behind a CDN (the caching proxy stand-in playing Cloudflare, purged through the Cloudflare
 * API stand-in the product is pointed at with CDN_PURGE / CDN_API_TOKEN / CDN_API_BASE). Pages are kept an hour at
 * the edge (REVALIDATE_SECONDS=3600 in this world), so only a purge makes a change show: an edit in Notion, a
 * setting, a password and a deletion each reach visitors through the CDN within 3 s, and a locked site is never
 * answered from it.
 */

const ZONE = "0123456789abcdef0123456789abcdef";
const TOKEN = "cloudflare-stand-in-token";
const DASHBOARDS_POST = "12671a2d-0c48-4c9f-abff-a8aa1c4d76ce";
const VISIBLE_WITHIN_MS = 3_000;

let world: ConnectedWorld;
let proxy: CachingProxy;
let cloudflare: PurgeApiStub;
let owner: CookieJar;
let siteId: string;
let host: string;
let originUrl = "";

const viaCdn = (path = "/") => rawRequest(`${proxy.url}${path}`, { host, headers: { "accept-encoding": "br, gzip" } });
const homeText = async () => {
  const res = await rawRequest(`${proxy.url}/`, { host });
  return { cache: res.headers["x-cache"], body: res.body, status: res.status };
};

beforeAll(async () => {
  proxy = await createCachingProxy({ origin: () => originUrl, cdn: "cloudflare" });
  cloudflare = await createCloudflareStub({ zoneId: ZONE, token: TOKEN, onPurge: (tags) => (tags === "everything" ? proxy.clear() : proxy.purgeTags(tags)) });
  world = await startConnectedWorld({ env: { CDN_PURGE: `cloudflare:${ZONE}`, CDN_API_TOKEN: TOKEN, CDN_API_BASE: `${cloudflare.url}/client/v4` } });
  originUrl = world.url;
  owner = await signedIn(world.url, "behind-cdn@example.com");
  const token = await world.control.createToken([pageIdOf(workspaceIndex.blog)]);
  const added = await rpc(world.url, owner, "site", "addNotionIntegrationSecret", { secret: token });
  const connectionId = (added.body.result as { connectionId: string }).connectionId;
  const created = await rpc(world.url, owner, "site", "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "behind-cdn", connectionId });
  if (created.body.error) throw new Error(created.body.error.message);
  ({ siteId } = created.body.result as { siteId: string });
  host = new URL((created.body.result as { url: string }).url).host;
  await waitForFirstSync(world.url, owner, siteId);
  await world.connectWebhooks();
}, 240_000);
afterAll(async () => {
  await world?.stop();
  await proxy?.close();
  await cloudflare?.close();
});

describe("a published site behind a CDN", () => {
  it("its pages are kept at the edge, tagged with the site and the page", async () => {
    const first = await rawRequest(`${world.url}/`, { host });
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=3600, stale-while-revalidate=86400, stale-if-error=86400");
    expect(first.headers.vary).toBe("Accept-Encoding");
    const tags = String(first.headers["cache-tag"]).split(",");
    expect(tags[0]).toBe(siteCacheTag(siteId));
    expect(tags[1]).toMatch(/^pw-page-[\w-]{16}$/);
    expect(first.headers["surrogate-key"]).toBe(tags.join(" "));
    expect(first.headers["cdn-tag"]).toBe(tags.join(","));
    await viaCdn();
    const again = await viaCdn();
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.headers["cache-tag"]).toBeUndefined();
  });

  it("an edit in Notion shows through the CDN within 3 s of the webhook (a purge by the site's tag)", async () => {
    await homeText();
    expect((await homeText()).cache).toBe("HIT");
    const purgesBefore = cloudflare.purges.length;
    const started = Date.now();
    await world.control.editPage(DASHBOARDS_POST, { title: "Dashboards, faster at the edge" });
    await until(async () => (await homeText()).body.includes("Dashboards, faster at the edge"), VISIBLE_WITHIN_MS);
    expect(Date.now() - started).toBeLessThanOrEqual(VISIBLE_WITHIN_MS);
    expect(cloudflare.purges.slice(purgesBefore).some((p) => p.tags.includes(siteCacheTag(siteId)))).toBe(true);
    // The new page is kept at the edge again.
    await homeText();
    expect((await homeText()).cache).toBe("HIT");
  });

  it("a refused purge does not fail the edit: it is tried again and the change still shows", async () => {
    cloudflare.failNext(1, 503);
    const refusedBefore = cloudflare.refused;
    await world.control.editPage(DASHBOARDS_POST, { title: "Dashboards, after a refused purge" });
    await until(async () => (await homeText()).body.includes("Dashboards, after a refused purge"), 10_000);
    expect(cloudflare.refused).toBe(refusedBefore + 1);
  });

  it("a setting shows through the CDN within 3 s", async () => {
    await homeText();
    expect((await homeText()).cache).toBe("HIT");
    const saved = await rpc(world.url, owner, "site", "updateSite", { siteId, name: "Lumen at the edge" });
    expect(saved.body.error).toBeUndefined();
    await until(async () => (await homeText()).body.includes("Lumen at the edge"), VISIBLE_WITHIN_MS);
  });

  it("a password locks the site at the edge at once, and a locked site is never answered from the CDN", async () => {
    await homeText();
    expect((await homeText()).cache).toBe("HIT");
    const locked = await rpc(world.url, owner, "site", "updateSitePassword", { siteId, password: "edge secret 42" });
    expect(locked.body.error).toBeUndefined();
    await until(async () => !(await homeText()).body.includes("Lumen at the edge"), VISIBLE_WITHIN_MS);
    for (const path of ["/", "/feed.xml", "/sitemap.xml", "/index.md", "/no-such-page", "/_/search?q=dashboards"]) {
      for (let i = 0; i < 2; i++) {
        const res = await viaCdn(path);
        expect(res.headers["x-cache"], path).toBe("PASS");
        expect(res.body).not.toContain("Dashboards, after a refused purge");
      }
    }
    expect(proxy.storedTags()).not.toContain(siteCacheTag(siteId));
  });

  it("a deleted site is gone from the CDN within 3 s", async () => {
    const open = await rpc(world.url, owner, "site", "updateSitePassword", { siteId, password: null });
    expect(open.body.error).toBeUndefined();
    await until(async () => (await homeText()).body.includes("Lumen at the edge"), VISIBLE_WITHIN_MS);
    await homeText();
    expect((await homeText()).cache).toBe("HIT");
    const deleted = await rpc(world.url, owner, "site", "deleteSite", { siteId });
    expect(deleted.body.error).toBeUndefined();
    await until(async () => (await homeText()).status === 404, VISIBLE_WITHIN_MS);
  });
});
