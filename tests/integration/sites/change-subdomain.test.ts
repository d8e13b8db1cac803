import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteFormerHosts, sites } from "@/db/schema";
import { SUBDOMAIN_FORMAT_ERROR, SUBDOMAIN_RESERVED_ERROR } from "@/lib/site-address";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * Change subdomain (review D9): creation's checks and messages, the old address 301s to the new one with path and
 * query for 90 days (the TLS ask allows it meanwhile), nobody else can take it, and the site may take it back.
 * Owner A has a blog, owner C another blog; A's blog also has a former address whose 90 days are over.
 */

const TAKEN = "This address is already taken, please choose another subdomain";
let s: SitesApp;
let url: string;
let a: CookieJar;
let c: CookieJar;
let blogId: string;
let otherBlogId: string;
let firstSubdomain: string;
let otherSubdomain: string;

type Reply = Awaited<ReturnType<typeof rpc>>;
const call = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const result = <T>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
const error = (reply: Reply) => ({ code: reply.body.error?.data?.code, message: reply.body.error?.message });
const blogHost = (subdomain: string) => `blog.${subdomain}.localhost:${s.app.port}`;
const allow = (domain: string) => fetch(`${url}/api/domains/allow?domain=${encodeURIComponent(domain)}`).then((r) => r.status);
type Moved = { siteId: string; subdomain: string; url: string; formerUrl: string | null; redirectsUntil: string | null };

beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog, settings: { name: "Acme Blog" } },
      { siteType: "blog", page: workspaceIndex.blog, settings: { name: "Cee Blog" } },
    ],
    {
      // A former address of A's blog whose redirect ended yesterday.
      beforeStart: async (db) => {
        const [first] = await db.select().from(sites).limit(1);
        await db.insert(siteFormerHosts).values({ hostKey: "blog.long-gone", siteId: first!.id, expiresAt: new Date(Date.now() - 86_400_000) });
      },
    },
  );
  url = s.app.url;
  [blogId, otherBlogId] = s.siteIds as [string, string];
  firstSubdomain = /^blog\.([^.]+)\./.exec(s.hosts[0]!)![1]!;
  otherSubdomain = /^blog\.([^.]+)\./.exec(s.hosts[1]!)![1]!;
  a = await signedIn(url, s.ownerEmails[0]!);
  c = await signedIn(url, s.ownerEmails[1]!);
}, 240_000);
afterAll(() => s?.stop());

describe("updateSiteSubdomain", () => {
  it("refuses what creation refuses, with creation's messages, and changes nothing", async () => {
    expect(error(await call(a, "updateSiteSubdomain", { siteId: blogId, subdomain: "-no" }))).toEqual({ code: "VALIDATION", message: SUBDOMAIN_FORMAT_ERROR });
    expect(error(await call(a, "updateSiteSubdomain", { siteId: blogId, subdomain: "www" }))).toEqual({ code: "VALIDATION", message: SUBDOMAIN_RESERVED_ERROR });
    expect(error(await call(a, "updateSiteSubdomain", { siteId: blogId, subdomain: otherSubdomain }))).toEqual({ code: "CONFLICT", message: TAKEN });
    expect((await rawRequest(`${url}/`, { host: blogHost(firstSubdomain) })).status).toBe(200);
  });

  it("moves the site: the new address serves it, the old one answers 301 with path and query for 90 days", async () => {
    const moved = result<Moved>(await call(a, "updateSiteSubdomain", { siteId: blogId, subdomain: " Acme-News " }));
    expect(moved).toMatchObject({ siteId: blogId, subdomain: "acme-news", url: `http://${blogHost("acme-news")}`, formerUrl: `http://${blogHost(firstSubdomain)}` });
    const days = (Date.parse(moved.redirectsUntil!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const page = await rawRequest(`${url}/`, { host: blogHost("acme-news") });
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Acme Blog</title>");
    const old = await rawRequest(`${url}/some/post?x=1&y=two`, { host: blogHost(firstSubdomain) });
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe(`http://${blogHost("acme-news")}/some/post?x=1&y=two`);
    // Cached like the host lookup: the next request answers the same.
    expect((await rawRequest(`${url}/`, { host: blogHost(firstSubdomain) })).headers.location).toBe(`http://${blogHost("acme-news")}/`);
    // The same subdomain again changes nothing.
    expect(result<Moved>(await call(a, "updateSiteSubdomain", { siteId: blogId, subdomain: "acme-news" }))).toMatchObject({ subdomain: "acme-news", formerUrl: null });
  });

  it("lets the TLS front get a certificate for the old address while it redirects, not after", async () => {
    expect(await allow(`blog.${firstSubdomain}.localhost`)).toBe(200);
    expect(await allow("blog.acme-news.localhost")).toBe(200);
    expect(await allow("blog.long-gone.localhost")).toBe(404);
    expect((await rawRequest(`${url}/`, { host: blogHost("long-gone") })).status).toBe(404);
  });

  it("keeps the old address from every other site meanwhile", async () => {
    expect(error(await call(c, "updateSiteSubdomain", { siteId: otherBlogId, subdomain: firstSubdomain }))).toEqual({ code: "CONFLICT", message: TAKEN });
    expect(result(await call(c, "doesDomainExist", { siteType: "blog", subdomain: firstSubdomain }))).toMatchObject({ exists: true });
    expect(error(await call(c, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: firstSubdomain }))).toEqual({ code: "CONFLICT", message: TAKEN });
    // Another type's address with the same subdomain is another host: free.
    expect(result(await call(c, "doesDomainExist", { siteType: "docs", subdomain: firstSubdomain }))).toMatchObject({ exists: false });
  });

  it("lists the former address on the site's overview (General screen)", async () => {
    const page = await fetch(`${url}/dashboard/sites/${blogId}`, { headers: { cookie: a.header() } }).then((r) => r.text());
    expect(page).toContain(`blog.${firstSubdomain}.localhost`);
  });

  it("lets the site take its own former address back, and then the other one redirects", async () => {
    result(await call(a, "updateSiteSubdomain", { siteId: blogId, subdomain: firstSubdomain }));
    expect((await rawRequest(`${url}/`, { host: blogHost(firstSubdomain) })).status).toBe(200);
    const back = await rawRequest(`${url}/p`, { host: blogHost("acme-news") });
    expect(back.status).toBe(301);
    expect(back.headers.location).toBe(`http://${blogHost(firstSubdomain)}/p`);
  });

  it("lets another site take an address whose redirect has ended", async () => {
    const taken = result<Moved>(await call(c, "updateSiteSubdomain", { siteId: otherBlogId, subdomain: "long-gone" }));
    expect(taken.subdomain).toBe("long-gone");
    const page = await rawRequest(`${url}/`, { host: blogHost("long-gone") });
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Cee Blog</title>");
  });
});
