import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DomainState } from "@/core/domains/domain-state";
import { sites } from "@/db/schema";
import { startDnsResponder, type DnsResponder } from "../../helpers/dns-responder";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Custom domains end to end (CONTRACTS §4): the real server with DNS_SERVERS at a local DNS responder whose records
 * the test changes. Owner A has a blog, owner B a docs site; APPS_DOMAIN is localhost:PORT, whose addresses the
 * responder serves (203.0.113.10 and 2001:db8::10) for apex domains.
 */

const APPS_V4 = "203.0.113.10";
const APPS_V6 = "2001:db8::10";

let dns: DnsResponder;
let s: SitesApp;
let url: string;
let a: CookieJar;
let b: CookieJar;
let blogId: string;
let docsId: string;

type Reply = Awaited<ReturnType<typeof rpc>>;
const call = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const state = (reply: Reply): DomainState => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as DomainState;
};
const error = (reply: Reply) => ({ code: reply.body.error?.data?.code, message: reply.body.error?.message });
const host = (name: string) => `${name}:${s.app.port}`;
const blogHost = () => s.hosts[0]!;
const blogAddress = () => blogHost().replace(/:\d+$/, "");
const allow = (domain?: string) => fetch(`${url}/api/domains/allow${domain === undefined ? "" : `?domain=${encodeURIComponent(domain)}`}`).then(async (r) => ({ status: r.status, body: await r.text() }));

beforeAll(async () => {
  dns = await startDnsResponder();
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog, settings: { name: "Acme Blog" } },
      { siteType: "docs", page: workspaceIndex.docs, settings: { name: "Bee Docs" } },
    ],
    { env: { DNS_SERVERS: dns.server } },
  );
  url = s.app.url;
  [blogId, docsId] = s.siteIds as [string, string];
  a = await signedIn(url, s.ownerEmails[0]!);
  b = await signedIn(url, s.ownerEmails[1]!);
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await dns?.close();
});

describe("a subdomain-style domain (CNAME)", () => {
  let token = "";

  it("is stored unverified with the records to create, and not served yet", async () => {
    const set = state(await call(a, "updateSiteDomain", { siteId: blogId, domain: " Docs.Acme.TEST. " }));
    token = set.records[0]!.value;
    expect(token).toMatch(/^site-verify-[0-9a-f]{32}$/);
    expect(set).toEqual({
      domain: "docs.acme.test",
      verified: false,
      verifiedAt: null,
      httpsActiveSince: null,
      records: [
        { type: "TXT", name: "_site-verify.docs.acme.test", value: token, ok: null },
        { type: "CNAME", name: "docs.acme.test", value: blogAddress(), ok: null },
      ],
      problems: [],
    });
    expect(state(await call(a, "getSiteDomain", { siteId: blogId }))).toEqual(set);
    // Setting the same domain again keeps the token, so records already created stay valid.
    expect(state(await call(a, "updateSiteDomain", { siteId: blogId, domain: "docs.acme.test" })).records[0]!.value).toBe(token);
    expect((await rawRequest(`${url}/`, { host: host("docs.acme.test") })).status).toBe(404);
    expect((await rawRequest(`${url}/`, { host: blogHost() })).status).toBe(200);
  });

  it("is not verified without records, and says which are missing", async () => {
    const checked = state(await call(a, "verifySiteDomain", { siteId: blogId }));
    expect(checked.verified).toBe(false);
    expect(checked.records.map((r) => [r.type, r.ok])).toEqual([["TXT", false], ["CNAME", false]]);
    expect(checked.problems).toEqual([
      `No TXT record found at _site-verify.docs.acme.test: add one with the value ${token}.`,
      `No CNAME record found for docs.acme.test: add one pointing at ${blogAddress()}.`,
    ]);
  });

  it("is not verified with the TXT record alone, nor with a CNAME pointing elsewhere", async () => {
    dns.set("_site-verify.docs.acme.test", { TXT: ["some-other-verification=1", token] });
    const txtOnly = state(await call(a, "verifySiteDomain", { siteId: blogId }));
    expect(txtOnly.verified).toBe(false);
    expect(txtOnly.records.map((r) => [r.type, r.ok])).toEqual([["TXT", true], ["CNAME", false]]);
    expect(txtOnly.problems).toEqual([`No CNAME record found for docs.acme.test: add one pointing at ${blogAddress()}.`]);

    dns.set("docs.acme.test", { CNAME: "acme.github.io" });
    const elsewhere = state(await call(a, "verifySiteDomain", { siteId: blogId }));
    expect(elsewhere.verified).toBe(false);
    expect(elsewhere.problems).toEqual([`docs.acme.test is a CNAME for acme.github.io; it should point at ${blogAddress()}.`]);
    expect((await rawRequest(`${url}/`, { host: host("docs.acme.test") })).status).toBe(404);
  });

  it("is verified with the TXT record and the CNAME; the site is then served there and the subdomain 301s to it", async () => {
    dns.set("docs.acme.test", { CNAME: `${blogAddress()}.` });
    const verified = state(await call(a, "verifySiteDomain", { siteId: blogId }));
    expect(verified.verified).toBe(true);
    expect(Date.now() - Date.parse(verified.verifiedAt!)).toBeLessThan(60_000);
    expect(verified.records.map((r) => [r.type, r.ok])).toEqual([["TXT", true], ["CNAME", true]]);
    expect(verified.problems).toEqual([]);

    const page = await rawRequest(`${url}/`, { host: host("docs.acme.test") });
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Acme Blog</title>");
    expect(page.body).toContain('href="https://docs.acme.test/"'); // the canonical address is the custom domain
    const moved = await rawRequest(`${url}/some/post?x=1`, { host: blogHost() });
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("https://docs.acme.test/some/post?x=1");

    const stored = state(await call(a, "getSiteDomain", { siteId: blogId }));
    expect(stored).toMatchObject({ domain: "docs.acme.test", verified: true, verifiedAt: verified.verifiedAt, problems: [] });
    expect(stored.records.every((r) => r.ok === null)).toBe(true);
  });

  it("stays verified when a later check fails (records removed, or DNS not answering), listing what it found", async () => {
    const before = state(await call(a, "getSiteDomain", { siteId: blogId }));
    dns.remove("_site-verify.docs.acme.test");
    const gone = state(await call(a, "verifySiteDomain", { siteId: blogId }));
    expect(gone).toMatchObject({ verified: true, verifiedAt: before.verifiedAt });
    expect(gone.records.map((r) => [r.type, r.ok])).toEqual([["TXT", false], ["CNAME", true]]);
    expect(gone.problems).toEqual([`No TXT record found at _site-verify.docs.acme.test: add one with the value ${token}.`]);

    dns.fail("_site-verify.docs.acme.test", "timeout");
    const silent = state(await call(a, "verifySiteDomain", { siteId: blogId }));
    dns.fail("_site-verify.docs.acme.test", null);
    expect(silent).toMatchObject({ verified: true, verifiedAt: before.verifiedAt });
    expect(silent.records[0]!.ok).toBeNull();
    expect(silent.problems).toEqual([
      "Could not check the TXT record _site-verify.docs.acme.test: The DNS lookup of TXT _site-verify.docs.acme.test timed out. Try again in a minute.",
    ]);
    expect((await rawRequest(`${url}/`, { host: host("docs.acme.test") })).status).toBe(200);
    dns.set("_site-verify.docs.acme.test", { TXT: [token] });
  });
});

describe("an apex domain (A/AAAA)", () => {
  it("shows a clear note when APPS_DOMAIN's addresses can't be found", async () => {
    const none = state(await call(b, "updateSiteDomain", { siteId: docsId, domain: "bee-docs.test" }));
    expect(none.records.map((r) => r.type)).toEqual(["TXT"]);
    expect(none.problems).toEqual([
      "Could not find the IP addresses of localhost. Point the A/AAAA records of bee-docs.test at the same addresses as localhost, or use a subdomain such as www.bee-docs.test with a CNAME.",
    ]);
  });

  it("asks for A/AAAA records equal to APPS_DOMAIN's addresses, and verifies once they are there", async () => {
    dns.set("localhost", { A: [APPS_V4], AAAA: [APPS_V6] });
    const shown = state(await call(b, "getSiteDomain", { siteId: docsId }));
    const token = shown.records[0]!.value;
    expect(shown).toEqual({
      domain: "bee-docs.test",
      verified: false,
      verifiedAt: null,
      httpsActiveSince: null,
      records: [
        { type: "TXT", name: "_site-verify.bee-docs.test", value: token, ok: null },
        { type: "A", name: "bee-docs.test", value: APPS_V4, ok: null },
        { type: "AAAA", name: "bee-docs.test", value: APPS_V6, ok: null },
      ],
      problems: [],
    });

    dns.set("_site-verify.bee-docs.test", { TXT: [token] });
    const missing = state(await call(b, "verifySiteDomain", { siteId: docsId }));
    expect(missing.verified).toBe(false);
    expect(missing.problems).toEqual([`No A or AAAA records found for bee-docs.test: point them at ${APPS_V4}, ${APPS_V6}.`]);

    dns.set("bee-docs.test", { A: ["198.51.100.1"] });
    const wrong = state(await call(b, "verifySiteDomain", { siteId: docsId }));
    expect(wrong.verified).toBe(false);
    expect(wrong.problems).toEqual([`bee-docs.test points at 198.51.100.1, not at ${APPS_V4}, ${APPS_V6}.`]);

    dns.set("bee-docs.test", { A: [APPS_V4] });
    const verified = state(await call(b, "verifySiteDomain", { siteId: docsId }));
    expect(verified.verified).toBe(true);
    expect(verified.records.map((r) => [r.type, r.ok])).toEqual([["TXT", true], ["A", true], ["AAAA", false]]);
    expect(verified.problems).toEqual([]);
    const page = await rawRequest(`${url}/`, { host: host("bee-docs.test") });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Bee Docs");
  });
});

describe("rules", () => {
  it("refuses a domain another site has, however it is written", async () => {
    for (const domain of ["docs.acme.test", "DOCS.acme.test.", "bee-docs.test"]) {
      const site = domain.startsWith("bee") ? blogId : docsId;
      const jar = domain.startsWith("bee") ? a : b;
      expect(error(await call(jar, "updateSiteDomain", { siteId: site, domain }))).toEqual({ code: "CONFLICT", message: "This domain is already used by another site" });
    }
    // Nothing changed for either.
    expect(state(await call(b, "getSiteDomain", { siteId: docsId }))).toMatchObject({ domain: "bee-docs.test", verified: true });
  });

  it("validates the domain with messages an owner understands, changing nothing", async () => {
    const cases: [unknown, string][] = [
      ["https://docs.example.com", "domain: Enter the domain only, without http:// or https://"],
      ["docs.example.com/docs", "domain: Enter the domain only, without a path"],
      ["docs.example.com:8443", "domain: Enter the domain without a port"],
      ["example", "domain: Enter a full domain with a dot, like docs.example.com"],
      ["", "domain: Enter a domain, like docs.example.com"],
      ["192.0.2.1", "domain: Use a domain name, not an IP address"],
      ["bad_name.example.com", "domain: That is not a valid domain name; use letters, digits, hyphens and dots, like docs.example.com"],
      ["-bad.example.com", "domain: That is not a valid domain name; use letters, digits, hyphens and dots, like docs.example.com"],
      [`${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.example.com`, "domain: A domain can be at most 253 characters"],
      ["docs.localhost", "Addresses under localhost can't be custom domains; use a domain you own"],
      [blogAddress(), "Addresses under localhost can't be custom domains; use a domain you own"],
      [42, "domain: Invalid input: expected string, received number"],
    ];
    for (const [domain, message] of cases) {
      expect(error(await call(a, "updateSiteDomain", { siteId: blogId, domain })), String(domain)).toEqual({ code: "VALIDATION", message });
    }
    expect(error(await call(a, "updateSiteDomain", { siteId: blogId }))).toMatchObject({ code: "VALIDATION" });
    expect(error(await call(a, "verifySiteDomain", { siteId: blogId, domain: "x.test" }))).toMatchObject({ code: "VALIDATION" });
    expect(state(await call(a, "getSiteDomain", { siteId: blogId }))).toMatchObject({ domain: "docs.acme.test", verified: true });
  });

  it("keeps owners apart: someone else's site is not found", async () => {
    expect(error(await call(b, "getSiteDomain", { siteId: blogId })).code).toBe("NOT_FOUND");
    expect(error(await call(b, "verifySiteDomain", { siteId: blogId })).code).toBe("NOT_FOUND");
    expect(error(await call(b, "updateSiteDomain", { siteId: blogId, domain: null })).code).toBe("NOT_FOUND");
    expect((await rawRequest(`${url}/`, { host: host("docs.acme.test") })).status).toBe(200);
  });
});

describe("/api/domains/allow (Caddy's on-demand TLS ask)", () => {
  it("allows verified custom domains and the product's own hosts, nothing else", async () => {
    for (const domain of ["docs.acme.test", "DOCS.ACME.TEST", "bee-docs.test", "localhost", "www.localhost", blogAddress(), s.hosts[1]!.replace(/:\d+$/, "")]) {
      expect(await allow(domain), domain).toEqual({ status: 200, body: "ok" });
    }
    state(await call(a, "updateSiteDomain", { siteId: blogId, domain: "docs.acme.test" })); // unchanged, still verified
    for (const domain of ["unknown.test", "nosuchsite.localhost", "blog.nosuchsite.localhost", "acme.test", "docs.acme.test.evil.example", "bad host", "x".repeat(300)]) {
      expect((await allow(domain)).status, domain).toBe(404);
    }
    expect((await allow()).status).toBe(400);
    expect((await allow("")).status).toBe(400);
  });

  it("does not allow a domain until it is verified (here by a CNAME to another host under APPS_DOMAIN, the TXT value quoted)", async () => {
    const other = await signedIn(url, "owner-c@example.com");
    const created = await rpc(url, other, "site", "createNewSite", { siteType: "simple", notionPageUrl: workspaceIndex.simple, subdomain: "owner-c" });
    const siteId = (created.body.result as { siteId: string }).siteId;
    const set = state(await call(other, "updateSiteDomain", { siteId, domain: "www.later.test" }));
    expect(set.verified).toBe(false);
    expect((await allow("www.later.test")).status).toBe(404);
    expect((await allow("owner-c.localhost")).status).toBe(200);
    dns.set("_site-verify.www.later.test", { TXT: [`"${set.records[0]!.value}"`] }); // pasted with its quotes
    dns.set("www.later.test", { CNAME: "edge.localhost" });
    expect(state(await call(other, "verifySiteDomain", { siteId }))).toMatchObject({ verified: true, problems: [] });
    expect((await allow("www.later.test")).status).toBe(200);
    expect((await rawRequest(`${url}/`, { host: host("www.later.test") })).status).toBe(200);
  });
});

describe("removing a domain", () => {
  it("stops serving it at once; the subdomain serves the site again; a new domain gets a new token", async () => {
    const before = state(await call(a, "getSiteDomain", { siteId: blogId })).records[0]!.value;
    expect(state(await call(a, "updateSiteDomain", { siteId: blogId, domain: null }))).toEqual({ domain: null, verified: false, verifiedAt: null, httpsActiveSince: null, records: [], problems: [] });
    expect(state(await call(a, "getSiteDomain", { siteId: blogId }))).toEqual({ domain: null, verified: false, verifiedAt: null, httpsActiveSince: null, records: [], problems: [] });
    expect((await rawRequest(`${url}/`, { host: host("docs.acme.test") })).status).toBe(404);
    const home = await rawRequest(`${url}/`, { host: blogHost() });
    expect(home.status).toBe(200);
    expect(home.body).toContain("<title>Acme Blog</title>");
    expect((await allow("docs.acme.test")).status).toBe(404);
    expect(error(await call(a, "verifySiteDomain", { siteId: blogId }))).toEqual({ code: "VALIDATION", message: "Add a custom domain first" });

    // The domain is free again, for anyone; setting it again needs a new check with a new token.
    const taken = state(await call(b, "updateSiteDomain", { siteId: docsId, domain: "docs.acme.test" }));
    expect(taken.verified).toBe(false);
    expect(taken.records[0]!.value).not.toBe(before);
    expect((await rawRequest(`${url}/`, { host: host("bee-docs.test") })).status).toBe(404);
    expect((await rawRequest(`${url}/`, { host: host("docs.acme.test") })).status).toBe(404);
  });
});

describe("an unverified claim never blocks the domain's real owner (security review, finding 6)", () => {
  const newOwnerSite = async (email: string, subdomain: string) => {
    const jar = await signedIn(url, email);
    const created = await rpc(url, jar, "site", "createNewSite", { siteType: "simple", notionPageUrl: workspaceIndex.simple, subdomain });
    return { jar, siteId: (created.body.result as { siteId: string }).siteId };
  };

  it("lets the real owner claim a squatted domain, however written; the first whose DNS proves control wins and the squatter's claim is dropped", async () => {
    const squatter = await newOwnerSite("squatter@example.com", "squatter");
    const owner = await newOwnerSite("real-owner@example.com", "real-owner");
    const squat = state(await call(squatter.jar, "updateSiteDomain", { siteId: squatter.siteId, domain: "blog.alice-corp.test" }));
    expect(squat).toMatchObject({ domain: "blog.alice-corp.test", verified: false });
    const claim = state(await call(owner.jar, "updateSiteDomain", { siteId: owner.siteId, domain: "BLOG.ALICE-CORP.TEST." }));
    expect(claim).toMatchObject({ domain: "blog.alice-corp.test", verified: false });
    expect(claim.records[0]!.value).not.toBe(squat.records[0]!.value);

    // Only the real owner can put their token in the domain's DNS.
    dns.set("_site-verify.blog.alice-corp.test", { TXT: [claim.records[0]!.value] });
    dns.set("blog.alice-corp.test", { CNAME: "edge.localhost" });
    const squatterCheck = state(await call(squatter.jar, "verifySiteDomain", { siteId: squatter.siteId }));
    expect(squatterCheck.verified).toBe(false);
    expect(squatterCheck.problems[0]).toBe(`The TXT record at _site-verify.blog.alice-corp.test does not contain ${squat.records[0]!.value} (found: ${claim.records[0]!.value}).`);
    expect((await rawRequest(`${url}/`, { host: host("blog.alice-corp.test") })).status).toBe(404);

    expect(state(await call(owner.jar, "verifySiteDomain", { siteId: owner.siteId }))).toMatchObject({ domain: "blog.alice-corp.test", verified: true, problems: [] });
    const page = await rawRequest(`${url}/`, { host: host("blog.alice-corp.test") });
    expect(page.status).toBe(200);
    expect((await allow("blog.alice-corp.test")).status).toBe(200);

    // The squatter's claim is gone, and now the domain is taken.
    expect(state(await call(squatter.jar, "getSiteDomain", { siteId: squatter.siteId }))).toEqual({ domain: null, verified: false, verifiedAt: null, httpsActiveSince: null, records: [], problems: [] });
    expect(error(await call(squatter.jar, "updateSiteDomain", { siteId: squatter.siteId, domain: "blog.alice-corp.test" }))).toEqual({ code: "CONFLICT", message: "This domain is already used by another site" });
    expect(error(await call(squatter.jar, "verifySiteDomain", { siteId: squatter.siteId }))).toEqual({ code: "VALIDATION", message: "Add a custom domain first" });
  });

  it("either claimant may verify: when the squatter's token is the one in DNS, the squatter wins", async () => {
    const first = await newOwnerSite("first@example.com", "first-claim");
    const second = await newOwnerSite("second@example.com", "second-claim");
    const one = state(await call(first.jar, "updateSiteDomain", { siteId: first.siteId, domain: "shared.race.test" }));
    state(await call(second.jar, "updateSiteDomain", { siteId: second.siteId, domain: "shared.race.test" }));
    dns.set("_site-verify.shared.race.test", { TXT: [one.records[0]!.value] });
    dns.set("shared.race.test", { CNAME: "edge.localhost" });
    expect(state(await call(first.jar, "verifySiteDomain", { siteId: first.siteId })).verified).toBe(true);
    expect(state(await call(second.jar, "getSiteDomain", { siteId: second.siteId })).domain).toBeNull();
  });
});

describe("stale unverified claims", () => {
  // DOMAIN_CLAIM_TTL_DAYS, as docs/contracts.md states it.
  const DOMAIN_CLAIM_TTL_DAYS = 7;
  let old: SitesApp;
  beforeAll(async () => {
    old = await startSitesApp(
      [
        { siteType: "blog", page: workspaceIndex.blog },
        { siteType: "blog", page: workspaceIndex.blog },
      ],
      {
        env: { DNS_SERVERS: dns.server },
        beforeStart: async (db) => {
          const [stale, fresh] = await db.select().from(sites);
          const day = 86_400_000;
          await db.update(sites).set({ customDomain: "stale.claim.test", customDomainToken: "site-verify-stale", customDomainClaimedAt: new Date(Date.now() - (DOMAIN_CLAIM_TTL_DAYS * day + 60_000)) }).where(eq(sites.id, stale!.id));
          await db.update(sites).set({ customDomain: "fresh.claim.test", customDomainToken: "site-verify-fresh", customDomainClaimedAt: new Date(Date.now() - (DOMAIN_CLAIM_TTL_DAYS * day - 3_600_000)) }).where(eq(sites.id, fresh!.id));
        },
      },
    );
  }, 240_000);
  afterAll(() => old?.stop());

  it(`expire after ${DOMAIN_CLAIM_TTL_DAYS} days unverified, and the owner is told why`, async () => {
    const staleOwner = await signedIn(old.app.url, old.ownerEmails[0]!);
    const freshOwner = await signedIn(old.app.url, old.ownerEmails[1]!);
    const get = async (jar: CookieJar, siteId: string) => state(await rpc(old.app.url, jar, "site", "getSiteDomain", { siteId }));
    expect(await get(staleOwner, old.siteIds[0]!)).toEqual({
      domain: null,
      verified: false,
      verifiedAt: null,
      httpsActiveSince: null,
      records: [],
      problems: ["stale.claim.test was not verified within 7 days, so it was removed from this site. Add it again to get a new TXT value."],
    });
    expect(await get(staleOwner, old.siteIds[0]!)).toMatchObject({ domain: null, problems: [] });
    expect(await get(freshOwner, old.siteIds[1]!)).toMatchObject({ domain: "fresh.claim.test", verified: false, records: [expect.objectContaining({ value: "site-verify-fresh" }), expect.anything()] });
  });
});

describe("the ask on a production-style configuration", () => {
  let prod: SitesApp;
  beforeAll(async () => {
    prod = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog, customDomain: "blog.verified.test" }], {
      env: { APP_URL: "https://app.example.io", APPS_DOMAIN: "example.site", DNS_SERVERS: dns.server },
    });
  }, 240_000);
  afterAll(() => prod?.stop());

  it("answers on http://localhost:PORT/api/domains/allow even though localhost is not the app host", async () => {
    const ask = (domain: string) => fetch(`${prod.app.url}/api/domains/allow?domain=${domain}`).then((r) => r.status);
    const siteAddress = prod.hosts[0]!.replace(/\.localhost:\d+$/, ".example.site");
    expect(await ask("blog.verified.test")).toBe(200);
    expect(await ask("app.example.io")).toBe(200);
    expect(await ask("example.site")).toBe(200);
    expect(await ask("www.example.site")).toBe(200);
    expect(await ask(siteAddress)).toBe(200);
    expect(await ask("other.example.site")).toBe(404);
    expect(await ask("docs.acme.test")).toBe(404);
    // Only that path: other app pages are not served on localhost there.
    expect((await rawRequest(`${prod.app.url}/api/health`)).status).toBe(404);
    expect((await rawRequest(`${prod.app.url}/`, { host: "blog.verified.test" })).status).toBe(200);
  });
});
