import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notionConnections, redeemCodes, users } from "@/db/schema";
import { siteMethods } from "@/rpc/site-methods";
import { userMethods } from "@/rpc/user-methods";
import { stubControl } from "../../../tools/notion-stub/control";
import { rpc, signedIn, waitForFirstSync, type CookieJar } from "../../helpers/rpc-client";
import { fetchWithJar } from "../../helpers/auth-client";
import { rawRequest } from "../../helpers/raw-request";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * The owner's API over real HTTP (CONTRACTS §7): every method's success path, each error code, the walls between
 * owners, and a fuzz run. Owner A has sites; owner B tries to reach them; C is signed out.
 */

let s: SitesApp;
let url: string;
let a: CookieJar;
let b: CookieJar;
let blogId: string;
let docsId: string;
let bSiteId: string;
let png: Buffer;
/** Owner A's Notion connection (seeded: the walls are checked before any token is used). */
let aConnectionId: string;

const site = (jar: CookieJar | null, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const user = (jar: CookieJar | null, method: string, params: unknown) => rpc(url, jar, "user", method, params);
const result = <T>(reply: Awaited<ReturnType<typeof rpc>>): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
const errorCode = (reply: Awaited<ReturnType<typeof rpc>>) => reply.body.error?.data?.code;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#4455ee" } }).png().toBuffer();
  s = await startSitesApp([], {
    beforeStart: async (db) => {
      await db.insert(redeemCodes).values([{ code: "LIFETIME-ONE" }, { code: "LIFETIME-TWO" }]);
      const [owner] = await db.insert(users).values({ email: "owner-a@example.com", createdVia: "test-login" }).returning();
      const [connection] = await db
        .insert(notionConnections)
        .values({ ownerId: owner!.id, kind: "internal", workspaceName: "A's workspace", accessTokenSealed: "v1.sealed.elsewhere.never-opened-here" })
        .returning();
      aConnectionId = connection!.id;
    },
  });
  url = s.app.url;
  a = await signedIn(url, "owner-a@example.com");
  b = await signedIn(url, "owner-b@example.com");
  blogId = result<{ siteId: string }>(await site(a, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "acme", name: "Acme Blog" })).siteId;
  docsId = result<{ siteId: string }>(await site(a, "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "acme-docs" })).siteId;
  bSiteId = result<{ siteId: string }>(await site(b, "createNewSite", { siteType: "changelog", notionPageUrl: workspaceIndex.changelog, subdomain: "bee" })).siteId;
  // createNewSite answers before the first sync ends; these tests start from published sites.
  for (const [jar, siteId] of [[a, blogId], [a, docsId], [b, bSiteId]] as const) await waitForFirstSync(url, jar, siteId);
}, 240_000);
afterAll(() => s?.stop());

const blogHost = () => `blog.acme.localhost:${s.app.port}`;

describe("the envelope", () => {
  it("refuses non-JSON, batches, bad envelopes, unknown methods and oversized bodies with the contract's codes", async () => {
    const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
      fetch(`${url}/api/site`, { method: "POST", headers, body }).then(async (r) => ({ status: r.status, json: (await r.json()) as { error?: { code: number } } }));
    expect((await post("{}", { "content-type": "text/plain" })).status).toBe(415);
    expect((await post("{not json")).json.error?.code).toBe(-32700);
    expect((await post('[{"jsonrpc":"2.0","id":1,"method":"getUserSites"}]')).json.error?.code).toBe(-32600);
    expect((await post('{"jsonrpc":"1.0","id":1,"method":"getUserSites"}')).json.error?.code).toBe(-32600);
    expect((await site(a, "noSuchMethod", {})).body.error?.code).toBe(-32601);
    expect((await site(a, "__proto__", {})).body.error?.code).toBe(-32601);
    const big = await fetch(`${url}/api/user`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "trackUserData", params: { signupReason: "x".repeat(1_100_000) } }) });
    expect(big.status).toBe(413);
  });

  it("answers signed-out calls to every method with UNAUTHORIZED", async () => {
    for (const name of Object.keys(siteMethods)) expect((await site(null, name, {})).body.error?.code, name).toBe(-32001);
    for (const name of Object.keys(userMethods)) expect((await user(null, name, {})).body.error?.code, name).toBe(-32001);
  });

  it("answers bad params with VALIDATION, naming the field", async () => {
    const reply = await site(a, "updateSite", { siteId: blogId, settings: { showBadge: "yes" } });
    expect(reply.body.error).toMatchObject({ code: -32602, data: { code: "VALIDATION" } });
    expect(reply.body.error?.message).toMatch(/showBadge/);
    expect(errorCode(await site(a, "getUserSites", { extra: 1 }))).toBe("VALIDATION");
    const domain = await site(a, "updateSiteDomain", { siteId: blogId, domain: "https://docs.acme.example" });
    expect(domain.body.error).toMatchObject({ code: -32602, message: "domain: Enter the domain only, without http:// or https://", data: { code: "VALIDATION" } });
    expect(errorCode(await site(a, "updateSiteDomain", { siteId: blogId }))).toBe("VALIDATION");
    expect(errorCode(await site(a, "verifySiteDomain", { siteId: blogId, domain: "docs.acme.example" }))).toBe("VALIDATION");
    expect(errorCode(await site(a, "getSiteDomain", {}))).toBe("VALIDATION");
  });
});

describe("sites", () => {
  it("creates sites after checking the page and the address, and publishes them at once", async () => {
    const sites = result<{ siteId: string; subdomain: string }[]>(await site(a, "getUserSites", {}));
    expect(sites.map((x) => x.subdomain).sort()).toEqual(["acme", "acme-docs"]);
    const home = await rawRequest(`${url}/`, { host: blogHost() });
    expect(home.status).toBe(200);
    expect(home.body).toContain("<title>Acme Blog</title>");
    // The same rules as the form (docs/product.md §5), on the server.
    const notDb = await site(a, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.notDatabase, subdomain: "acme2" });
    expect(notDb.body.error?.message).toBe("Notion page must be a database, please duplicate the Notion template first");
    const notUrl = await site(a, "createNewSite", { siteType: "docs", notionPageUrl: "notion.so/x", subdomain: "acme3" });
    expect(notUrl.body.error?.message).toBe("Needs to be an url");
    expect(errorCode(await site(a, "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "www" }))).toBe("VALIDATION");
    // The whole host is unique: blog.acme is taken, changelog.acme is not.
    const taken = await site(b, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "acme" });
    expect(taken.body.error).toMatchObject({ code: -32009, data: { code: "CONFLICT" } });
    expect(result<{ exists: boolean; host: string }>(await site(b, "doesDomainExist", { subdomain: "acme", siteType: "blog" }))).toEqual({ exists: true, host: `blog.acme.localhost:${s.app.port}` });
    expect(result<{ exists: boolean }>(await site(b, "doesDomainExist", { subdomain: "acme", siteType: "changelog" })).exists).toBe(false);
  });

  it("updates settings and the published site follows", async () => {
    const updated = result<{ settings: { name: string; theme: { accentColor: string; font: string } } }>(
      await site(a, "updateSite", { siteId: blogId, name: "Acme Journal", settings: { theme: { accentColor: "#aa3300" }, navigation: [{ label: "Home", href: "https://acme.example" }] } }),
    );
    expect(updated.settings.name).toBe("Acme Journal");
    expect(updated.settings.theme).toMatchObject({ accentColor: "#aa3300", font: "system" });
    result(await site(a, "upsertAnalyticsCustomization", { siteId: blogId, analytics: { plausibleDomain: "acme.example" } }));
    result(await site(a, "upsertWidget", { siteId: blogId, widget: { enabled: true, position: "bottom-left" } }));
    result(await site(a, "upsertAiCustomization", { siteId: blogId, ai: { enabled: true, assistantName: "Acme bot" } }));
    result(await site(a, "updateSiteEmailSettings", { siteId: blogId, email: { senderName: "Acme" } }));
    const versions = result<{ settings: { versions: unknown[] } }>(await site(a, "updateSiteVersions", { siteId: docsId, versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }] }));
    expect(versions.settings.versions).toHaveLength(1);
    // A new version's page passes the page check first: a private page is refused by name and nothing is stored.
    const privateVersion = await site(a, "updateSiteVersions", {
      siteId: docsId,
      versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v0", notionPageUrl: workspaceIndex.private }],
    });
    expect(privateVersion.body.error?.message).toBe('Version "v0": The Notion page is not public, you need to share it to web first');
    const overview = result<{ settings: { versions: { label: string }[] } }>(await site(a, "updateSite", { siteId: docsId }));
    expect(overview.settings.versions.map((v) => v.label)).toEqual(["v2"]);
    const home = await rawRequest(`${url}/`, { host: blogHost() });
    expect(home.body).toContain("<title>Acme Journal</title>");
    expect(home.body).toContain("--accent:#aa3300");
    expect(home.body).toContain('data-domain="acme.example"');
    // A bad value changes nothing.
    expect(errorCode(await site(a, "updateSite", { siteId: blogId, settings: { theme: { accentColor: "red" } } }))).toBe("VALIDATION");
    expect((await rawRequest(`${url}/`, { host: blogHost() })).body).toContain("--accent:#aa3300");
  });

  it("maps a NotionNext blog database's own properties, type-checked, and the site reads them (issue 21 item 8)", async () => {
    const m = await signedIn(url, "owner-m@example.com"); // its own budget of Notion calls
    // Aliases find title, summary, tags, date and status (Published); nothing is called author, so the spec's message stays.
    const refused = await site(m, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.notionNextBlog, subdomain: "notes" });
    expect(refused.body.error?.message).toBe("Missing required properties in Notion page, please duplicate the Notion template. Missing authors");
    // A mapping naming a property of the wrong type is refused, and no site is made.
    const wrongType = await site(m, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.notionNextBlog, subdomain: "notes", propertyMap: { authors: null, date: "summary" } });
    expect(wrongType.body.error?.message).toBe("summary is a text property and cannot be used as date: when the entry was published (a date)");
    expect(result<{ subdomain: string }[]>(await site(m, "getUserSites", {})).map((x) => x.subdomain)).not.toContain("notes");
    const created = result<{ siteId: string }>(
      await site(m, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.notionNextBlog, subdomain: "notes", propertyMap: { authors: null } }),
    );
    const host = `blog.notes.localhost:${s.app.port}`;
    const home = await rawRequest(`${url}/`, { host });
    expect(home.status).toBe(200);
    // Posts at status Published and type Post only, at their own slug property, with their summary.
    expect(home.body).toContain("Walking the Kumano Kodo");
    expect(home.body).toContain("Five days on the old pilgrimage trails of the Kii peninsula.");
    expect(home.body).not.toContain("Half-written draft");
    expect(home.body).not.toContain("About this blog");
    expect((await rawRequest(`${url}/kumano-kodo`, { host })).status).toBe(200);
    expect((await rawRequest(`${url}/tag/photography`, { host })).status).toBe(200);

    const mapping = result<{ propertyMap: object; problem: string | null; fields: { field: string; current: string | null | undefined; candidates: { name: string }[] }[] }>(
      await site(m, "getSitePropertyMap", { siteId: created.siteId }),
    );
    expect(mapping.problem).toBeNull();
    expect(mapping.propertyMap).toEqual({ authors: null });
    expect(mapping.fields.find((f) => f.field === "description")).toMatchObject({ current: "summary", candidates: [{ name: "slug" }, { name: "summary" }] });
    expect(mapping.fields.find((f) => f.field === "tags")?.current).toBe("tags");

    // Later, in the dashboard: tags from the category select instead; a wrong type or an unknown property changes nothing.
    expect((await site(m, "updateSitePropertyMap", { siteId: created.siteId, propertyMap: { authors: null, tags: "date" } })).body.error?.message).toBe(
      "date is a date property and cannot be used as tags: tags (a multi-select or select)",
    );
    expect((await site(m, "updateSitePropertyMap", { siteId: created.siteId, propertyMap: { authors: null, tags: "Nope" } })).body.error?.message).toBe(
      "The database has no property called Nope",
    );
    expect((await site(m, "updateSitePropertyMap", { siteId: created.siteId, propertyMap: { tags: null } })).body.error?.message).toBe(
      "Missing required properties in Notion page, please duplicate the Notion template. Missing authors",
    );
    expect((await rawRequest(`${url}/tag/journal`, { host })).status).toBe(404);
    result(await site(m, "updateSitePropertyMap", { siteId: created.siteId, propertyMap: { authors: null, tags: "category" } }));
    expect((await rawRequest(`${url}/tag/journal`, { host })).status).toBe(200);
    expect((await rawRequest(`${url}/tag/photography`, { host })).status).toBe(404);
    // The general settings patch can't set it around the check.
    expect(errorCode(await site(m, "updateSite", { siteId: created.siteId, settings: { propertyMap: { date: "summary" } } }))).toBe("VALIDATION");
    // A docs site has no database to map.
    expect(errorCode(await site(a, "getSitePropertyMap", { siteId: docsId }))).toBe("VALIDATION");
    result(await site(m, "deleteSite", { siteId: created.siteId }));
  });

  it("sets redirects, refusing cycles and self-redirects, and the site applies them", async () => {
    const cycle = await site(a, "updateSiteRedirects", { siteId: blogId, redirects: [{ from: "/a", to: "/b", permanent: true }, { from: "/b", to: "/a", permanent: true }] });
    expect(cycle.body.error?.message).toBe("The redirects from /a go round in a circle");
    expect((await site(a, "updateSiteRedirects", { siteId: blogId, redirects: [{ from: "/a", to: "/a", permanent: true }] })).body.error?.message).toBe("The redirect from /a points to itself");
    expect((await site(a, "updateSiteRedirects", { siteId: blogId, redirects: [{ from: "/a", to: "javascript:alert(1)", permanent: true }] })).body.error?.message).toMatch(/Must be an url/);
    result(await site(a, "updateSiteRedirects", { siteId: blogId, redirects: [{ from: "/launch/", to: "/introducing-lumen-20", permanent: true }] }));
    const res = await rawRequest(`${url}/launch`, { host: blogHost() });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/introducing-lumen-20");
  });

  it("sets and removes a password", async () => {
    expect(result(await site(a, "updateSitePassword", { siteId: docsId, password: "open sesame" }))).toEqual({ siteId: docsId, hasPassword: true });
    expect((await rawRequest(`${url}/`, { host: `acme-docs.localhost:${s.app.port}` })).status).toBe(401);
    expect(result(await site(a, "updateSitePassword", { siteId: docsId, password: null }))).toEqual({ siteId: docsId, hasPassword: false });
    expect(errorCode(await site(a, "updateSitePassword", { siteId: docsId, password: "abc" }))).toBe("VALIDATION");
  });

  it("creates, lists and revokes agent tokens, showing the token only once", async () => {
    const made = result<{ tokenId: string; name: string; hint: string; token: string }>(await site(a, "createAgentToken", { siteId: docsId, name: "  Claude Code  " }));
    expect(made.name).toBe("Claude Code");
    expect(made.token).toMatch(/^pwa_[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(made.hint)).toBe(true);
    const listed = result<Record<string, unknown>[]>(await site(a, "listAgentTokens", { siteId: docsId }));
    expect(listed).toEqual([{ tokenId: made.tokenId, name: "Claude Code", hint: made.hint, createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(made.token);
    expect(errorCode(await site(a, "createAgentToken", { siteId: docsId, name: " " }))).toBe("VALIDATION");
    expect(result(await site(a, "revokeAgentToken", { siteId: docsId, tokenId: made.tokenId }))).toEqual({ tokenId: made.tokenId, revoked: true });
    expect(errorCode(await site(a, "revokeAgentToken", { siteId: docsId, tokenId: made.tokenId }))).toBe("NOT_FOUND");
    expect(result(await site(a, "listAgentTokens", { siteId: docsId }))).toEqual([]);
    expect(result(await site(a, "getAgentRequestCounts", { siteId: docsId }))).toMatchObject({ days: [], totals: { mcp: 0, markdown: 0, llms: 0, ask: 0 } });
  });

  it("sets and removes a custom domain (unverified: DNS is not asked)", async () => {
    const set = result<{ domain: string; verified: boolean; records: { type: string; name: string; value: string; ok: null }[] }>(
      await site(a, "updateSiteDomain", { siteId: blogId, domain: "news.acme.example" }),
    );
    expect(set).toMatchObject({ domain: "news.acme.example", verified: false, verifiedAt: null, problems: [] });
    expect(set.records).toEqual([
      { type: "TXT", name: "_site-verify.news.acme.example", value: expect.stringMatching(/^site-verify-[0-9a-f]{32}$/), ok: null },
      { type: "CNAME", name: "news.acme.example", value: "blog.acme.localhost", ok: null },
    ]);
    expect(result(await site(a, "getSiteDomain", { siteId: blogId }))).toEqual(set);
    expect(result(await site(a, "updateSiteDomain", { siteId: blogId, domain: null }))).toEqual({ domain: null, verified: false, verifiedAt: null, httpsActiveSince: null, records: [], problems: [] });
    expect((await rawRequest(`${url}/`, { host: blogHost() })).status).toBe(200);
  });

  it("uploads images by content, refusing SVG and other files", async () => {
    const up = result<{ fileId: string; url: string; contentType: string }>(
      await site(a, "uploadFile", { siteId: blogId, kind: "logo", fileName: "logo.png", contentType: "image/png", dataBase64: png.toString("base64") }),
    );
    expect(up.contentType).toBe("image/png");
    const file = await fetch(up.url);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString("base64");
    expect((await site(a, "uploadFile", { siteId: blogId, kind: "logo", fileName: "x.svg", contentType: "image/png", dataBase64: svg })).body.error?.message).toBe(
      "Only PNG, JPEG, WebP, GIF and ICO images can be uploaded",
    );
    const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    tooBig.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await site(a, "uploadFile", { siteId: blogId, kind: "logo", fileName: "big.png", contentType: "image/png", dataBase64: tooBig.toString("base64") })).body.error?.message).toBe("Files can be at most 5 MB");
  });

  it("reads Notion pages for the create-site form", async () => {
    expect(result(await site(a, "safeGetNotionPageState", { notionPageUrl: workspaceIndex.missingProperties }))).toMatchObject({ state: "valid", isCollection: true, collectionType: "table" });
    expect(result(await site(a, "isNotionPagePublic", { notionPageUrl: workspaceIndex.private }))).toEqual({ isPublic: false });
    const data = result<{ title: string; pages: { title: string }[] }>(await site(a, "getNotionData", { notionPageUrl: workspaceIndex.help_desk }));
    expect(data.title).toBe("Lumen Help Center");
    expect(data.pages.map((p) => p.title)).toEqual(["Account & billing", "Installing the script", "Privacy & compliance", "Dashboards & reports"]);
    const pages = result<{ siteId: string; title: string }[]>(await site(a, "getAllNotionPages", {}));
    expect(pages.some((p) => p.siteId === docsId && p.title === "Quick start")).toBe(true);
    expect(pages.some((p) => p.siteId === bSiteId)).toBe(false);
    // Notion failing is an upstream error: HTTP 502 with a message the client shows.
    await stubControl(s.stub.url).fault({ mode: "status", status: 500, times: 20 });
    const down = await site(a, "safeGetNotionPageState", { notionPageUrl: workspaceIndex.docs });
    await stubControl(s.stub.url).reset();
    expect(down.status).toBe(502);
    expect(down.body.error?.message).toBe("Something went wrong, please try again");
  });

  it("exports subscribers, lists feedback, syncs now and records cancellation reasons", async () => {
    // The form takes subscribers only while the owner emails them about new posts.
    result(await site(a, "updateSiteEmailSettings", { siteId: blogId, email: { notifySubscribers: true } }));
    const form = await rawRequest(`${url}/_/subscribe`, { host: blogHost(), method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=-cmd%40example.com" });
    expect(form.status).toBe(303);
    const csv = result<{ fileName: string; csv: string }>(await site(a, "siteSubscribersToCsv", { siteId: blogId }));
    expect(csv.fileName).toBe("acme-subscribers.csv");
    expect(csv.csv.split("\n")[0]).toBe("email,status,subscribed_at,confirmed_at");
    expect(csv.csv).toContain("'-cmd@example.com,unconfirmed,"); // a spreadsheet formula defused
    expect(result(await site(a, "getTextFeedback", { siteId: docsId }))).toEqual([]);
    expect(result(await site(a, "syncSiteNow", { siteId: blogId }))).toMatchObject({ status: "unchanged", fetchedPages: 1 });
    expect(result(await site(a, "sendCancellationReason", { siteId: blogId, reason: "too_expensive", text: "Just testing" }))).toEqual({ received: true });
  });

  it("pauses a site, which then says so at its address, and publishes it again", async () => {
    expect(result(await site(a, "updateSiteStatus", { siteId: blogId, status: "paused" }))).toEqual({ siteId: blogId, status: "paused" });
    const paused = await rawRequest(`${url}/`, { host: blogHost() });
    expect(paused.status).toBe(503);
    expect(paused.headers["retry-after"]).toBe("3600");
    expect(paused.body).toContain("The owner has paused this site for now.");
    expect(result<{ siteId: string; status: string }[]>(await site(a, "getUserSites", {})).find((x) => x.siteId === blogId)?.status).toBe("paused");
    expect(errorCode(await site(a, "updateSiteStatus", { siteId: blogId, status: "archived" }))).toBe("VALIDATION");
    expect(result(await site(a, "updateSiteStatus", { siteId: blogId, status: "published" }))).toEqual({ siteId: blogId, status: "published" });
    expect((await rawRequest(`${url}/`, { host: blogHost() })).status).toBe(200);
  });

  it("waits for a subscription, as JSON or as an event stream (billing off: active at once)", async () => {
    expect(result(await site(a, "waitForSubscription", { siteId: blogId }))).toEqual({ siteId: blogId, active: true, billing: "off" });
    const stream = await rpc(url, a, "site", "waitForSubscription", { siteId: blogId }, { headers: { accept: "text/event-stream" } });
    expect(stream.text).toMatch(/^event: result\ndata: \{"jsonrpc":"2.0","id":\d+,"result":\{"siteId":"[^"]+","active":true,"billing":"off"\}\}\n\n$/);
  });
});

describe("user methods", () => {
  it("redeems a code once, and lists the lifetime subscription", async () => {
    expect(result(await user(a, "redeemCode", { code: "lifetime-one", siteId: blogId }))).toMatchObject({ siteId: blogId, plan: "pro" });
    expect(errorCode(await user(a, "redeemCode", { code: "LIFETIME-ONE", siteId: docsId }))).toBe("CONFLICT");
    expect(errorCode(await user(a, "redeemCode", { code: "NO-SUCH-CODE", siteId: docsId }))).toBe("NOT_FOUND");
    const subs = result<{ siteId: string; provider: string; paddleUserId?: string }[]>(await user(a, "getSubscriptions", {}));
    expect(subs).toEqual([expect.objectContaining({ siteId: blogId, provider: "lifetime", status: "active" })]);
    expect(subs[0]).not.toHaveProperty("paddleUserId");
    expect(result(await user(b, "getSubscriptions", {}))).toEqual([]);
  });

  it("tracks sign-up data and lists no products with billing off", async () => {
    expect(result(await user(a, "trackUserData", { signupReason: "blog", utcOffset: 2 }))).toEqual({ saved: true });
    expect(errorCode(await user(a, "trackUserData", { utcOffset: 99 }))).toBe("VALIDATION");
    expect(result(await user(a, "getProductsForChangePlan", {}))).toEqual({ billing: "off", products: [], currentPlan: null });
  });
});

describe("walls between owners", () => {
  /** Every method that names a site, with params aimed at owner A's blog. */
  /** One of A's agent tokens, made in the cross-owner test, which B tries to revoke. */
  let aTokenId = "";
  const aimed = (): [string, "site" | "user", Record<string, unknown>][] => [
    ["createAgentToken", "site", { siteId: blogId, name: "Evil agent" }],
    ["listAgentTokens", "site", { siteId: blogId }],
    ["revokeAgentToken", "site", { siteId: blogId, tokenId: aTokenId }],
    ["revokeAgentToken", "site", { siteId: bSiteId, tokenId: aTokenId }],
    ["getAgentRequestCounts", "site", { siteId: blogId }],
    ["updateSite", "site", { siteId: blogId, name: "Hijacked" }],
    ["updateSitePassword", "site", { siteId: blogId, password: "hijacked" }],
    ["getSitePasswordLockout", "site", { siteId: blogId }],
    ["liftSitePasswordLockout", "site", { siteId: blogId }],
    ["updateSiteRedirects", "site", { siteId: blogId, redirects: [{ from: "/", to: "https://evil.example", permanent: true }] }],
    ["upsertWidget", "site", { siteId: blogId, widget: { enabled: false } }],
    ["upsertAiCustomization", "site", { siteId: blogId, ai: { enabled: false } }],
    ["upsertAnalyticsCustomization", "site", { siteId: blogId, analytics: { plausibleDomain: "evil.example" } }],
    ["updateSiteEmailSettings", "site", { siteId: blogId, email: { senderName: "Evil" } }],
    ["updateSiteVersions", "site", { siteId: blogId, versions: [] }],
    ["uploadFile", "site", { siteId: blogId, kind: "logo", fileName: "x.png", contentType: "image/png", dataBase64: png.toString("base64") }],
    ["sendCancellationReason", "site", { siteId: blogId, reason: "other" }],
    ["siteSubscribersToCsv", "site", { siteId: blogId }],
    ["getTextFeedback", "site", { siteId: blogId }],
    ["updateRoadmapSettings", "site", { siteId: blogId, roadmap: { statusEmails: false } }],
    ["getRoadmapFeedback", "site", { siteId: blogId }],
    ["approveRoadmapIdea", "site", { siteId: blogId, ideaId: "00000000-0000-0000-0000-000000000000", column: "Planned" }],
    ["mergeRoadmapIdea", "site", { siteId: blogId, ideaId: "00000000-0000-0000-0000-000000000000", intoItemId: "x" }],
    ["rejectRoadmapIdea", "site", { siteId: blogId, ideaId: "00000000-0000-0000-0000-000000000000", reply: "no" }],
    ["updateRoadmapIdea", "site", { siteId: blogId, ideaId: "00000000-0000-0000-0000-000000000000", column: "Planned" }],
    ["removeRoadmapIdea", "site", { siteId: blogId, ideaId: "00000000-0000-0000-0000-000000000000" }],
    ["roadmapVotersToCsv", "site", { siteId: blogId }],
    ["previewRoadmapStatusEmail", "site", { siteId: blogId }],
    ["getSiteAnalytics", "site", { siteId: blogId }],
    ["waitForSubscription", "site", { siteId: blogId, timeoutMs: 0 }],
    ["syncSiteNow", "site", { siteId: blogId }],
    ["startSiteSync", "site", { siteId: blogId }],
    ["getSiteSyncState", "site", { siteId: blogId }],
    ["safeGetNotionPageState", "site", { notionPageUrl: workspaceIndex.docs, connectionId: aConnectionId }],
    ["askSiteAssistant", "site", { siteId: blogId, messages: [{ role: "user", content: "Remove the password" }] }],
    ["updateSiteStatus", "site", { siteId: blogId, status: "paused" }],
    ["updateSiteDomain", "site", { siteId: blogId, domain: "hijacked.example.com" }],
    ["verifySiteDomain", "site", { siteId: blogId }],
    ["getSiteDomain", "site", { siteId: blogId }],
    ["deleteSite", "site", { siteId: blogId }],
    ["updateSiteSubdomain", "site", { siteId: blogId, subdomain: "hijacked-by-b" }],
    ["updateSiteNotionSource", "site", { siteId: blogId, connectionId: null, notionPageUrl: workspaceIndex.changelog }],
    ["getSitePropertyMap", "site", { siteId: blogId }],
    ["updateSitePropertyMap", "site", { siteId: blogId, propertyMap: { description: null } }],
    ["listNotionConnectionPages", "site", { connectionId: aConnectionId }],
    ["deleteNotionConnection", "site", { connectionId: aConnectionId }],
    ["replaceNotionIntegrationSecret", "site", { connectionId: aConnectionId, secret: "ntn_stub_internal_secret_0000000000000000000000" }],
    ["createNewSite", "site", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "b-through-a", connectionId: aConnectionId }],
    ["redeemCode", "user", { code: "LIFETIME-TWO", siteId: blogId }],
    ["getProductsForChangePlan", "user", { siteId: blogId }],
    ["changeSubscriptionPlan", "user", { siteId: blogId, priceId: "pri_pro_yearly" }],
    ["cancelSubscription", "user", { siteId: blogId }],
    ["listSiteMembers", "site", { siteId: blogId }],
    ["inviteSiteMember", "site", { siteId: blogId, email: "owner-b@example.com", role: "admin" }],
    ["revokeSiteInvitation", "site", { siteId: blogId, invitationId: "00000000-0000-0000-0000-000000000000" }],
    ["acceptSiteInvitation", "site", { token: "a-token-b-never-got" }],
    ["updateSiteMember", "site", { siteId: blogId, userId: "00000000-0000-0000-0000-000000000000", role: "admin" }],
    ["removeSiteMember", "site", { siteId: blogId, userId: "00000000-0000-0000-0000-000000000000" }],
    ["leaveSite", "site", { siteId: blogId }],
    ["transferSiteOwnership", "site", { siteId: blogId, userId: null }],
    ["acceptSiteOwnership", "site", { siteId: blogId }],
    ["getSiteAuditLog", "site", { siteId: blogId }],
    ["siteAuditLogToCsv", "site", { siteId: blogId }],
    ["createApiKey", "site", { siteId: blogId, access: "write" }],
    ["revokeApiKey", "site", { id: "00000000-0000-0000-0000-000000000000" }],
    ["createWebhookEndpoint", "site", { siteId: blogId, url: "https://evil.example/hook", events: ["site.synced"] }],
    ["deleteWebhookEndpoint", "site", { siteId: blogId, endpointId: "00000000-0000-0000-0000-000000000000" }],
    ["listWebhookDeliveries", "site", { siteId: blogId }],
    ["replayWebhookDelivery", "site", { siteId: blogId, deliveryId: "00000000-0000-0000-0000-000000000000" }],
    ["addSiteLanguage", "site", { siteId: blogId, language: "ja", notionPageUrl: "https://www.notion.so/Lumen-d8b372b19a2b496abd80a8fe30ef32bb" }],
    ["removeSiteLanguage", "site", { siteId: blogId, language: "ja" }],
    ["getSiteLanguages", "site", { siteId: blogId }],
    ["listSiteComments", "site", { siteId: blogId }],
    ["moderateComment", "site", { siteId: blogId, commentId: "00000000-0000-0000-0000-000000000000", action: "approve" }],
    ["previewPostEmail", "site", { siteId: blogId, postId: "00000000-0000-0000-0000-000000000000" }],
    ["sendPostEmail", "site", { siteId: blogId, postId: "00000000-0000-0000-0000-000000000000" }],
    ["postEmailLog", "site", { siteId: blogId, postId: "00000000-0000-0000-0000-000000000000" }],
    // Operators only: any other account is told nothing exists.
    ["expectNotionWebhookVerification", "user", {}],
  ];

  it("another owner gets NOT_FOUND on every method that names a site, and nothing changes", async () => {
    const before = await rawRequest(`${url}/`, { host: blogHost() });
    aTokenId = result<{ tokenId: string }>(await site(a, "createAgentToken", { siteId: blogId, name: "A's agent" })).tokenId;
    for (const [name, endpoint, params] of aimed()) {
      const reply = await rpc(url, b, endpoint, name, params);
      expect(reply.body.error?.data?.code, name).toBe("NOT_FOUND");
    }
    // A's agent token is still there, and B's revoke through B's own site did not reach it.
    expect(result<{ tokenId: string; name: string }[]>(await site(a, "listAgentTokens", { siteId: blogId }))).toEqual([expect.objectContaining({ tokenId: aTokenId, name: "A's agent" })]);
    expect(result<unknown[]>(await site(b, "listAgentTokens", { siteId: bSiteId }))).toEqual([]);
    const after = await rawRequest(`${url}/`, { host: blogHost() });
    expect(after.status).toBe(200);
    expect(after.body).toBe(before.body);
    const mine = result<{ siteId: string; name: string }[]>(await site(a, "getUserSites", {}));
    expect(mine.find((x) => x.siteId === blogId)?.name).toBe("Acme Journal");
    expect(result(await site(a, "getSiteDomain", { siteId: blogId }))).toMatchObject({ domain: null });
    // B's subdomain change did not move A's blog: the address B named is still free.
    expect(result(await site(a, "doesDomainExist", { siteType: "blog", subdomain: "hijacked-by-b" }))).toMatchObject({ exists: false });
    expect((await site(a, "getTextFeedback", { siteId: blogId })).body.error).toBeUndefined();
    // A's Notion connection is still connected, and B sees none of it.
    expect(result(await site(a, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId: aConnectionId, connected: true })]);
    expect(result(await site(b, "listNotionConnections", {}))).toEqual([]);
    expect(result<{ siteId: string }[]>(await site(b, "getUserSites", {})).map((x) => x.siteId)).toEqual([bSiteId]);
    // The code B tried to use on A's site is still unused.
    expect(errorCode(await user(b, "redeemCode", { code: "LIFETIME-TWO", siteId: bSiteId }))).toBeUndefined();
  });

  it("lists only one's own sites and pages", async () => {
    const bSites = result<{ siteId: string }[]>(await site(b, "getUserSites", {}));
    expect(bSites.map((x) => x.siteId)).toEqual([bSiteId]);
    const bPages = result<{ siteId: string }[]>(await site(b, "getAllNotionPages", {}));
    expect(bPages.every((p) => p.siteId === bSiteId)).toBe(true);
    const bTrends = result<{ siteId: string }[]>(await site(b, "getViewTrends", {}));
    expect(bTrends.map((x) => x.siteId)).toEqual([bSiteId]);
  });

  it("covers every method of both endpoints", () => {
    const covered = new Set(aimed().map(([name]) => name));
    const unscoped = ["getAllNotionPages", "doesDomainExist", "createNewSite", "getNotionData", "safeGetNotionPageState", "isNotionPagePublic", "getUserSites", "deleteSite", "listNotionConnections", "addNotionIntegrationSecret", "getViewTrends", "listApiKeys"];
    const userScoped = ["getSubscriptions", "getProductsForChangePlan", "trackUserData", "trackConversionEvent", "deleteUser", "redeemCode"];
    for (const name of Object.keys(siteMethods)) expect(covered.has(name) || unscoped.includes(name), name).toBe(true);
    for (const name of Object.keys(userMethods)) expect(covered.has(name) || userScoped.includes(name), name).toBe(true);
  });
});

describe("per-owner limits on reaching Notion (security review, finding 7)", () => {
  // NOTION_CALLS_PER_MINUTE: the page inspections share one budget, syncSiteNow has its own; an owner without a site
  // yet (onboarding) may inspect ONBOARDING_CALLS_PER_MINUTE pages a minute.
  const PER_MINUTE = 10;
  const ONBOARDING = 30;
  /** Our own limit, said as ours, with the seconds until the next minute (also in `data.retryAfter`). */
  const refusal = (what: string) => ({
    status: 200, // an RPC error is HTTP 200 (CONTRACTS §7)
    rpc: -32029,
    message: expect.stringMatching(new RegExp(`^You've ${what} in a short time\\. That's Pagewright's own limit, not Notion's: try again in ([1-9]|[1-5][0-9]|60) s\\.$`)),
    retryAfter: expect.any(Number),
  });

  /** Calls until refused, at most 2×limit+1 times: fixed one-minute windows, so one of them overflows. */
  const callUntilRefused = async (jar: CookieJar, calls: [string, Record<string, unknown>][], limit = PER_MINUTE) => {
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 2 * limit + 1; i++) {
      const [name, params] = calls[i % calls.length]!;
      const reply = await site(jar, name, params);
      codes.push(errorCode(reply));
      const error = reply.body.error as { code: number; message: string; data?: { code: string; retryAfter?: number } } | undefined;
      if (error?.data?.code === "RATE_LIMITED") return { codes, refused: { status: reply.status, rpc: error.code, message: error.message, retryAfter: error.data.retryAfter } };
    }
    return { codes, refused: null };
  };

  it("refuses the page inspections past the limit with RATE_LIMITED, per owner; a burst while onboarding", async () => {
    const c = await signedIn(url, "owner-c@example.com");
    const inspections: [string, Record<string, unknown>][] = [
      ["safeGetNotionPageState", { notionPageUrl: workspaceIndex.blog }],
      ["isNotionPagePublic", { notionPageUrl: workspaceIndex.blog }],
      ["getNotionData", { notionPageUrl: workspaceIndex.blog }],
      ["getAllNotionPages", {}],
    ];
    // Owner C has no site yet: the onboarding burst.
    const { codes, refused } = await callUntilRefused(c, inspections, ONBOARDING);
    expect(codes.slice(0, ONBOARDING)).toEqual(Array(ONBOARDING).fill(undefined));
    expect(refused).toEqual(refusal("checked a lot of pages"));
    // Another owner is not affected.
    const d = await signedIn(url, "owner-d@example.com");
    expect(result(await site(d, "isNotionPagePublic", { notionPageUrl: workspaceIndex.blog }))).toEqual({ isPublic: true });
  });

  it("refuses syncSiteNow past the limit", async () => {
    const e = await signedIn(url, "owner-e@example.com");
    const siteId = result<{ siteId: string }>(await site(e, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "eee" })).siteId;
    const { codes, refused } = await callUntilRefused(e, [["syncSiteNow", { siteId }]]);
    expect(codes.slice(0, PER_MINUTE)).toEqual(Array(PER_MINUTE).fill(undefined));
    expect(refused).toEqual(refusal("synced a lot"));
    // With a site, the page inspections have the usual budget.
    const inspected = await callUntilRefused(e, [["isNotionPagePublic", { notionPageUrl: workspaceIndex.blog }]]);
    expect(inspected.codes.slice(0, PER_MINUTE)).toEqual(Array(PER_MINUTE).fill(undefined));
    expect(inspected.refused).toEqual(refusal("checked a lot of pages"));
  });
});

describe("fuzz", () => {
  const nasty: unknown[] = ["", " ", "a".repeat(10_000), "../../etc/passwd", "<script>alert(1)</script>", "日本語", "\u0000", -1, 0, 1e308, 2 ** 53, true, null, [], {}, [1, "x"], { nested: { deep: [null] } }];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const keys = ["siteId", "domain", "subdomain", "siteType", "notionPageUrl", "name", "settings", "password", "redirects", "widget", "ai", "analytics", "email", "versions", "kind", "fileName", "contentType", "dataBase64", "reason", "text", "code", "confirm", "timeoutMs", "signupReason", "utcOffset"];

  it("random and boundary params never produce INTERNAL errors or stack traces", async () => {
    const calls: [string, "site" | "user"][] = [
      ...Object.keys(siteMethods).map((m) => [m, "site"] as [string, "site"]),
      ...Object.keys(userMethods).map((m) => [m, "user"] as [string, "user"]),
    ];
    let count = 0;
    for (const [name, endpoint] of calls) {
      for (let i = 0; i < 12; i++) {
        const params = i === 0 ? pick(["x", 1, null, [], true]) : Object.fromEntries(Array.from({ length: 1 + (i % 4) }, () => [pick(keys), pick(nasty)]));
        const reply = await rpc(url, b, endpoint, name, params);
        count++;
        expect(reply.status, `${name} ${JSON.stringify(params).slice(0, 200)}`).not.toBe(500);
        expect(reply.body.error?.data?.code, `${name} ${JSON.stringify(params).slice(0, 200)}: ${reply.body.error?.message}`).not.toBe("INTERNAL");
        expect(reply.text).not.toMatch(/\n\s+at /);
      }
    }
    expect(count).toBeGreaterThan(300);
    // B still exists and still has its site.
    expect(result<{ siteId: string }[]>(await site(b, "getUserSites", {})).map((x) => x.siteId)).toEqual([bSiteId]);
    // 12 calls per method, over 400 in all: about 25 s alone on the shared 2-core machine, more under load.
  }, 120_000);

  it("answers deeply nested params with 400 VALIDATION, not a 500 (security review, finding 13)", async () => {
    const depth = 200_000;
    const body = `{"jsonrpc":"2.0","id":7,"method":"updateSite","params":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    const res = await fetchWithJar(a, `${url}/api/site`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(res.status).toBe(400);
    const reply = (await res.json()) as { id: unknown; error: { data: { code: string }; message: string } };
    expect(reply.id).toBe(7);
    expect(reply.error.data.code).toBe("VALIDATION");
    expect(reply.error.message).toMatch(/nested/i);
    // Objects too, and at the envelope level (a deep `meta`).
    const deepObject = `{"jsonrpc":"2.0","id":8,"method":"getUserSites","params":{},"meta":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`;
    const objectRes = await fetchWithJar(a, `${url}/api/site`, { method: "POST", headers: { "content-type": "application/json" }, body: deepObject });
    expect(objectRes.status).toBe(400);
    expect(((await objectRes.json()) as { error: { data: { code: string } } }).error.data.code).toBe("VALIDATION");
    // Ordinary nesting still works.
    expect(errorCode(await site(a, "updateSite", { siteId: blogId, settings: { email: { senderName: "Acme" } } }))).toBeUndefined();
  });

  it("answers a lone surrogate with VALIDATION and reports no error (security review, finding 13)", async () => {
    const before = s.app.output().length;
    // JSON escapes in the raw body: fetch would turn a real lone surrogate into U+FFFD before it left.
    for (const name of ["\\ud800", "x\\udfffy", "\\udc00\\ud800"]) {
      const body = `{"jsonrpc":"2.0","id":9,"method":"updateSite","params":{"siteId":"${blogId}","name":"${name}"}}`;
      const res = await fetchWithJar(a, `${url}/api/site`, { method: "POST", headers: { "content-type": "application/json" }, body });
      const reply = (await res.json()) as { error?: { data: { code: string }; message: string } };
      expect(reply.error?.data.code, name).toBe("VALIDATION");
      expect(reply.error?.message, name).toMatch(/lone surrogate/);
    }
    // A key can carry one too.
    const keyBody = `{"jsonrpc":"2.0","id":10,"method":"updateSite","params":{"siteId":"${blogId}","settings":{"\\ud800":1}}}`;
    const keyRes = await fetchWithJar(a, `${url}/api/site`, { method: "POST", headers: { "content-type": "application/json" }, body: keyBody });
    expect(((await keyRes.json()) as { error?: { message: string } }).error?.message).toMatch(/lone surrogate/);
    // A proper pair (an emoji) is fine.
    expect(result<{ settings: { name: string } }>(await site(a, "updateSite", { siteId: blogId, name: "Acme Journal 🚀" })).settings.name).toBe("Acme Journal 🚀");
    expect(result<{ settings: { name: string } }>(await site(a, "updateSite", { siteId: blogId, name: "Acme Journal" })).settings.name).toBe("Acme Journal");
    await new Promise((r) => setTimeout(r, 300));
    expect(s.app.output().slice(before)).not.toContain('"level":"error"');
  });
});

describe("deleting", () => {
  it("deletes a site: its pages 404 at once", async () => {
    expect(result(await site(a, "deleteSite", { siteId: docsId }))).toEqual({ siteId: docsId, deleted: true });
    expect((await rawRequest(`${url}/`, { host: `acme-docs.localhost:${s.app.port}` })).status).toBe(404);
    expect(errorCode(await site(a, "getTextFeedback", { siteId: docsId }))).toBe("NOT_FOUND");
  });

  it("deletes a user with everything they own", async () => {
    expect(errorCode(await user(a, "deleteUser", {}))).toBe("VALIDATION");
    expect(result(await user(a, "deleteUser", { confirm: "DELETE" }))).toEqual({ deleted: true, sites: 1 });
    expect((await rawRequest(`${url}/`, { host: blogHost() })).status).toBe(404);
    // B's site is untouched.
    expect((await rawRequest(`${url}/`, { host: `changelog.bee.localhost:${s.app.port}` })).status).toBe(200);
  });
});
