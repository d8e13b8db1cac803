import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCdnPurger } from "../src/integrations/cdn";
import { createCdnPurges } from "../src/core/sites/cdn-purges";
import { cacheTagHeaders, siteCacheTag } from "../src/lib/cdn-tags";
import { createCachingProxy, type CachingProxy, type CdnKind } from "../tools/cdn-proxy-stub/server";
import type { PurgeApiStub } from "../tools/cdn-proxy-stub/purge-api";
import { createCloudflareStub } from "../tools/cloudflare-stub/server";
import { createFastlyStub } from "../tools/fastly-stub/server";
import { createBunnyStub } from "../tools/bunny-stub/server";
import { rawRequest } from "../tests/helpers/raw-request";
import { rpc, signedIn } from "../tests/helpers/rpc-client";
import { startSitesApp, workspaceIndex } from "../tests/helpers/sites";
import type { BenchRow } from "./sync";

/**
 * `npm run bench -- cdn`: what a purge costs us, against the stand-ins of the three CDNs' purge APIs on loopback (a
 * real CDN adds its network and propagation on top): one purge request; a changed site (`purgeSite`) until the caching
 * proxy stand-in answers the new page; and, through the real server behind the proxy, a setting saved until a visitor
 * of the CDN sees it (pages kept an hour at the edge, so only the purge can make it show).
 */

const SITE = "33333333-3333-4333-8333-333333333333";
const TOKEN = "bench-token";
const ROUNDS = 40;

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const ms = (n: number) => +n.toFixed(1);

async function standIn(kind: CdnKind, proxy: CachingProxy): Promise<{ api: PurgeApiStub; purge: string; base: (url: string) => string }> {
  const drop = (tags: string[] | string) => (Array.isArray(tags) ? proxy.purgeTags(tags) : tags === "everything" ? proxy.clear() : proxy.purgeTags([tags]));
  if (kind === "cloudflare") return { api: await createCloudflareStub({ zoneId: "zone", token: TOKEN, onPurge: drop }), purge: "cloudflare:zone", base: (u) => `${u}/client/v4` };
  if (kind === "fastly") return { api: await createFastlyStub({ serviceId: "service", token: TOKEN, onPurge: drop }), purge: "fastly:service", base: (u) => u };
  return { api: await createBunnyStub({ pullZoneId: "1", accessKey: TOKEN, onPurge: drop }), purge: "bunny:1", base: (u) => u };
}

/** Purge request latency and purge → fresh page through the proxy, per CDN, against an origin that counts versions. */
async function purgeLatency(kind: CdnKind): Promise<BenchRow[]> {
  let version = 0;
  const origin = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain", "cache-control": "public, max-age=0, s-maxage=3600", ...cacheTagHeaders([siteCacheTag(SITE)]) });
    res.end(`v${version}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
  const proxy = await createCachingProxy({ origin: `http://127.0.0.1:${(origin.address() as AddressInfo).port}`, cdn: kind });
  const { api, purge, base } = await standIn(kind, proxy);
  const purger = createCdnPurger({ CDN_PURGE: purge, CDN_API_TOKEN: TOKEN, CDN_API_BASE: base(api.url) })!;
  const purges = createCdnPurges(purger, { settleMs: 3_600_000 });
  try {
    const request: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      await purger.purgeTags([siteCacheTag(SITE)]);
      request.push(performance.now() - start);
    }
    const visible: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await rawRequest(`${proxy.url}/`, { host: "bench.test" });
      version++;
      const start = performance.now();
      purges.purgeSite(SITE);
      while ((await rawRequest(`${proxy.url}/`, { host: "bench.test" })).body !== `v${version}`) await new Promise((r) => setTimeout(r, 1));
      visible.push(performance.now() - start);
    }
    return [
      { name: `${kind}: one purge request (stand-in, loopback), ms`, p50: ms(percentile(request, 50)), p95: ms(percentile(request, 95)), rounds: ROUNDS },
      { name: `${kind}: site changed → new page through the CDN stand-in, ms`, p50: ms(percentile(visible, 50)), p95: ms(percentile(visible, 95)), rounds: ROUNDS },
    ];
  } finally {
    purges.stop();
    await api.close();
    await proxy.close();
    await new Promise<void>((resolve) => origin.close(() => resolve()));
  }
}

/** The real server behind the proxy (Cloudflare stand-in): a setting saved → visible to a CDN visitor. */
async function settingThroughCdn(): Promise<BenchRow> {
  let originUrl = "";
  const proxy = await createCachingProxy({ origin: () => originUrl, cdn: "cloudflare" });
  const { api, purge, base } = await standIn("cloudflare", proxy);
  const s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs! }], {
    env: { CDN_PURGE: purge, CDN_API_TOKEN: TOKEN, CDN_API_BASE: base(api.url), REVALIDATE_SECONDS: "3600" },
  });
  originUrl = s.app.url;
  try {
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const home = () => rawRequest(`${proxy.url}/`, { host: s.hosts[0]!, headers: { "accept-encoding": "br" } });
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      await home();
      if ((await home()).headers["x-cache"] !== "HIT") throw new Error("the home page is not kept at the edge");
      const name = `Edge docs ${i}`;
      const start = performance.now();
      const saved = await rpc(s.app.url, owner, "site", "updateSite", { siteId: s.siteIds[0], name });
      if (saved.body.error) throw new Error(saved.body.error.message);
      while (!(await rawRequest(`${proxy.url}/`, { host: s.hosts[0]! })).body.includes(name)) await new Promise((r) => setTimeout(r, 5));
      times.push(performance.now() - start);
    }
    return { name: "npm start behind the CDN stand-in: setting saved (RPC) → seen through the CDN, ms", p50: ms(percentile(times, 50)), p95: ms(percentile(times, 95)), rounds: times.length };
  } finally {
    await s.stop();
    await api.close();
    await proxy.close();
  }
}

export async function benchCdn(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const kind of ["cloudflare", "fastly", "bunny"] as const) rows.push(...(await purgeLatency(kind)));
  rows.push(await settingThroughCdn());
  return rows;
}
