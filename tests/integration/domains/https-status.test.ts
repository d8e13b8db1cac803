import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainState } from "@/core/domains/domain-state";
import { startDnsResponder, type DnsResponder } from "../../helpers/dns-responder";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";

/**
 * "HTTPS: pending" / "HTTPS: active since …" on the Domain screen (review D12). Behind one trusted proxy
 * (TRUST_PROXY=1): the first visit whose X-Forwarded-Proto says https stamps the verified domain, once; a new domain
 * starts pending again and is stamped when the TLS front's ask approves it.
 */

let dns: DnsResponder;
let s: SitesApp;
let url: string;
let a: CookieJar;
let blogId: string;

const state = async (): Promise<DomainState> => {
  const reply = await rpc(url, a, "site", "getSiteDomain", { siteId: blogId });
  if (reply.body.error) throw new Error(reply.body.error.message);
  return reply.body.result as DomainState;
};
const visit = (proto?: string) =>
  rawRequest(`${url}/`, { host: `news.acme.test:${s.app.port}`, headers: proto ? { "x-forwarded-proto": proto, "x-forwarded-for": "198.51.100.7" } : {} });

beforeAll(async () => {
  dns = await startDnsResponder();
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog, settings: { name: "Acme Blog" }, customDomain: "news.acme.test" }], {
    env: { TRUST_PROXY: "1", DNS_SERVERS: dns.server },
  });
  url = s.app.url;
  blogId = s.siteIds[0]!;
  a = await signedIn(url, s.ownerEmails[0]!);
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await dns?.close();
});

describe("HTTPS status of a custom domain", () => {
  it("is pending for a verified domain nobody reached over https yet, also after plain http visits", async () => {
    expect(await state()).toMatchObject({ domain: "news.acme.test", verified: true, httpsActiveSince: null });
    expect((await visit()).status).toBe(200);
    expect((await visit("http")).status).toBe(200);
    expect((await state()).httpsActiveSince).toBeNull();
  });

  it("becomes active at the first visit over https, and later visits don't move the date", async () => {
    const before = Date.now();
    expect((await visit("https")).status).toBe(200);
    await until(async () => (await state()).httpsActiveSince !== null, 20_000);
    const since = (await state()).httpsActiveSince!;
    expect(Date.parse(since)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(since)).toBeLessThanOrEqual(Date.now());
    for (let i = 0; i < 3; i++) expect((await visit("https")).status).toBe(200);
    // After the cached lookup expires too (5 s), the stored date is the first one.
    await new Promise((r) => setTimeout(r, 5_500));
    expect((await visit("https")).status).toBe(200);
    expect((await state()).httpsActiveSince).toBe(since);
  });

  it("starts pending again for a new domain, and is stamped when the TLS front's ask approves it once verified", async () => {
    const set = await rpc(url, a, "site", "updateSiteDomain", { siteId: blogId, domain: "blog.acme.test" });
    const token = (set.body.result as DomainState).records[0]!.value;
    expect(set.body.result).toMatchObject({ domain: "blog.acme.test", verified: false, httpsActiveSince: null });
    // Not verified: the ask refuses it and nothing is stamped.
    expect((await fetch(`${url}/api/domains/allow?domain=blog.acme.test`)).status).toBe(404);

    dns.set("_site-verify.blog.acme.test", { TXT: [token] });
    dns.set("blog.acme.test", { CNAME: `${s.hosts[0]!.replace(/:\d+$/, "")}.` });
    const verified = await rpc(url, a, "site", "verifySiteDomain", { siteId: blogId });
    expect(verified.body.result).toMatchObject({ verified: true, httpsActiveSince: null });

    const before = Date.now();
    expect((await fetch(`${url}/api/domains/allow?domain=blog.acme.test`)).status).toBe(200);
    const since = (await state()).httpsActiveSince;
    expect(since).not.toBeNull();
    expect(Date.parse(since!)).toBeGreaterThanOrEqual(before - 5_000);
    // A second ask writes nothing new.
    expect((await fetch(`${url}/api/domains/allow?domain=blog.acme.test`)).status).toBe(200);
    expect((await state()).httpsActiveSince).toBe(since);
  });
});
