import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTION_PAGE_MESSAGES } from "@/lib/notion-page-rules";
import type { NotionApiStub } from "../../../tools/notion-api-stub/server";
import type { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { startConnectedWorld, type ConnectedWorld } from "../../helpers/connected-world";
import { CookieJar, fetchWithJar } from "../../helpers/auth-client";
import { rawRequest } from "../../helpers/raw-request";
import { expectWebhookVerification } from "../../helpers/webhook-verification";
import { rpc, signedIn, waitForFirstSync } from "../../helpers/rpc-client";
import { workspaceIndex, pageIdOf, type SitesApp } from "../../helpers/sites";

/**
 * "Connect Notion" end to end over real HTTP (issue 22): the product against both stand-ins. The docs page is left
 * out of the public-API stand-in, so it is NOT public there: only the connection (official API) can read it.
 */

let world: ConnectedWorld;
let api: NotionApiStub;
let control: ReturnType<typeof notionApiStubControl>;
let s: SitesApp;
let url: string;
let a: CookieJar;
let b: CookieJar;
let connectionId: string;
let docsSiteId: string;
let docsHost: string;

const DOCS_ROOT = pageIdOf(workspaceIndex.docs);
const SIMPLE_ROOT = pageIdOf(workspaceIndex.simple);
const ROOT_TEXT_BLOCK = "6e38ea3f-d5ba-411c-a455-8ec273e7f260";
const PLAIN_HTML_TEXT_BLOCK = "6f5c8f99-d8a4-4ee2-bbdd-768c7ddb7049";
const IMAGE_BLOCK = "6fea2a66-b476-49ef-9c46-97b0e233d87f";

type Reply = Awaited<ReturnType<typeof rpc>>;
const site = (jar: CookieJar | null, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const result = <T>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
const connectionErrorOf = (location: string | null) => new URL(location!).searchParams.get("connectionError");
const errorOf = (reply: Reply) => ({ code: reply.body.error?.data?.code, message: reply.body.error?.message });
const hmac = (body: string, key: string) => `sha256=${crypto.createHmac("sha256", key).update(body).digest("hex")}`;
const postWebhook = (body: string, signature?: string) =>
  fetch(`${url}/api/webhooks/notion`, { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "x-notion-signature": signature } : {}) }, body });

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await check()).toBe(true);
}

/** The OAuth dance as a browser does it: our connect route → the stand-in's authorize (auto-approve) → our callback. */
async function connectWithOAuth(jar: CookieJar): Promise<{ location: string; state: string | undefined }> {
  const start = await fetchWithJar(jar, `${url}/api/notion/connect`);
  expect(start.status).toBe(303);
  expect(start.headers.get("set-cookie")).toMatch(/notion_oauth_state=[^;]+; Path=\/api\/notion; HttpOnly; SameSite=Lax/);
  const authorize = await fetch(start.headers.get("location")!, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const callback = authorize.headers.get("location")!;
  expect(callback.startsWith(`${url}/api/notion/callback?`)).toBe(true);
  const state = jar.get("notion_oauth_state");
  const back = await fetchWithJar(jar, callback);
  expect(back.status).toBe(303);
  return { location: back.headers.get("location")!, state };
}

beforeAll(async () => {
  // The public-API stand-in serves the demo workspace without the docs page: it is not public.
  world = await startConnectedWorld({ oauth: true, privatePages: ["docs.json"] });
  ({ api, control, s, url } = world);
  a = await signedIn(url, "connected-a@example.com");
  b = await signedIn(url, "connected-b@example.com");
}, 240_000);
afterAll(async () => {
  await world?.stop();
});

describe("connecting Notion", () => {
  it("connects with OAuth: state bound to the owner's session, the code exchanged, the token never shown", async () => {
    await control.consent({ mode: "approve", pages: [DOCS_ROOT, SIMPLE_ROOT] });
    const { location } = await connectWithOAuth(a);
    const match = /\/new-site\?connection=([0-9a-f-]{36})$/.exec(location);
    expect(match, location).not.toBeNull();
    connectionId = match![1]!;
    const list = await site(a, "listNotionConnections", {});
    expect(result(list)).toEqual([expect.objectContaining({ connectionId, kind: "oauth", connected: true, lastError: null })]);
    expect(list.text).not.toMatch(/access_token|accessToken|Sealed|ntn_|secret_/i);
    expect(result(await site(b, "listNotionConnections", {}))).toEqual([]);
  });

  it("refuses a callback whose state is not this browser's, or was started by another owner", async () => {
    await control.consent({ mode: "approve", pages: [DOCS_ROOT] });
    // B's browser starts, then the callback is replayed in A's browser (A has no matching cookie).
    const startB = await fetchWithJar(b, `${url}/api/notion/connect`);
    const callback = (await fetch(startB.headers.get("location")!, { redirect: "manual" })).headers.get("location")!;
    const inA = await fetchWithJar(a, callback);
    expect(connectionErrorOf(inA.headers.get("location"))).toBe("not_started_here");
    // A's state cookie carried into B's session: bound to A, refused for B.
    const startA = await fetchWithJar(a, `${url}/api/notion/connect`);
    const callbackA = (await fetch(startA.headers.get("location")!, { redirect: "manual" })).headers.get("location")!;
    const bWithAState = await fetch(callbackA, { redirect: "manual", headers: { cookie: [...b.header().split("; ").filter((c) => !c.startsWith("notion_oauth_state=")), `notion_oauth_state=${a.get("notion_oauth_state")}`].join("; ") } });
    expect(connectionErrorOf(bWithAState.headers.get("location"))).toBe("other_account");
    // Notion denied: nothing stored.
    await control.consent({ mode: "deny" });
    const denied = await connectWithOAuth(b);
    expect(connectionErrorOf(denied.location)).toBe("denied");
    expect(result(await site(b, "listNotionConnections", {}))).toEqual([]);
    expect(result<unknown[]>(await site(a, "listNotionConnections", {}))).toHaveLength(1);
  });

  it("adds an internal integration secret only after Notion accepts it", async () => {
    const refused = await site(b, "addNotionIntegrationSecret", { secret: "ntn_not_a_real_secret_0123456789" });
    expect(errorOf(refused)).toEqual({ code: "VALIDATION", message: "Notion did not accept this secret: copy it again from the integration's Configuration tab" });
    expect(result(await site(b, "listNotionConnections", {}))).toEqual([]);
    const token = await control.createToken([pageIdOf(workspaceIndex.blog)]);
    const added = result<{ connectionId: string; kind: string; connected: boolean }>(await site(b, "addNotionIntegrationSecret", { secret: token }));
    expect(added).toMatchObject({ kind: "internal", connected: true });
    expect(JSON.stringify(added)).not.toContain(token);
    const pages = result<{ id: string; topLevel: boolean }[]>(await site(b, "listNotionConnectionPages", { connectionId: added.connectionId }));
    expect(pages.filter((p) => p.topLevel).map((p) => p.id)).toEqual([pageIdOf(workspaceIndex.blog)]);
  });

  it("lists the pages shared with the connection, and keeps other owners out of it", async () => {
    const pages = result<{ id: string; kind: string; title: string; topLevel: boolean }[]>(await site(a, "listNotionConnectionPages", { connectionId }));
    expect(pages.filter((p) => p.topLevel).map((p) => p.id).sort()).toEqual([DOCS_ROOT, SIMPLE_ROOT].sort());
    expect(pages.find((p) => p.id === DOCS_ROOT)).toMatchObject({ kind: "page", title: "Lumen Docs", topLevel: true });
    expect(pages.some((p) => p.id === pageIdOf(workspaceIndex.blog))).toBe(false);
    expect(errorOf(await site(b, "listNotionConnectionPages", { connectionId })).code).toBe("NOT_FOUND");
    expect(errorOf(await site(b, "deleteNotionConnection", { connectionId })).code).toBe("NOT_FOUND");
    expect(errorOf(await site(b, "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "stolen-docs", connectionId })).code).toBe("NOT_FOUND");
    expect(result(await site(a, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId, connected: true })]);
  });
});

describe("a site read through the connection", () => {
  it("is created from a page that is not public, with the page rules' messages for connected pages", async () => {
    expect(result(await site(a, "isNotionPagePublic", { notionPageUrl: workspaceIndex.docs }))).toEqual({ isPublic: false });
    const publicTry = await site(a, "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "lumen-public" });
    expect(errorOf(publicTry).message).toBe(NOTION_PAGE_MESSAGES.private);
    const notShared = await site(a, "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.blog, subdomain: "lumen-blog", connectionId });
    expect(errorOf(notShared)).toEqual({ code: "VALIDATION", message: NOTION_PAGE_MESSAGES.notShared });
    const wrongType = await site(a, "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.docs, subdomain: "lumen-blog", connectionId });
    expect(errorOf(wrongType)).toEqual({ code: "VALIDATION", message: NOTION_PAGE_MESSAGES.notDatabase });

    const created = result<{ siteId: string; url: string }>(await site(a, "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "lumen", connectionId }));
    docsSiteId = created.siteId;
    docsHost = new URL(created.url).host;
    // The answer comes before the first sync ends (a connected site reads at the connection's pace).
    await waitForFirstSync(url, a, docsSiteId);
    const home = await rawRequest(`${url}/`, { host: docsHost });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Lumen Docs");
    expect(home.body).toContain("Everything you need to install Lumen");
  });

  it("serves a connected page's image through a URL signed just now, and never the signed URL itself", async () => {
    const home = await rawRequest(`${url}/`, { host: docsHost });
    const link = /href="([^"]*building-a-dashboard[^"]*)"/.exec(home.body)?.[1];
    expect(link).toBeTruthy();
    const page = await rawRequest(`${url}${new URL(link!, "http://x").pathname}`, { host: docsHost });
    const src = new RegExp(`/_/img/${IMAGE_BLOCK}\\?[^"']+`).exec(page.body)?.[0]?.replace(/&amp;/g, "&");
    expect(src).toBeTruthy();
    expect(page.body).not.toMatch(/X-Signature|X-Expires/);
    // An hour later every signature the stand-in handed out before has expired; the route asks the block again.
    await control.clock({ offsetMs: 2 * 3600_000 });
    try {
      const image = await rawRequest(`${url}${src}`, { host: docsHost });
      expect(image.status).toBe(200);
      expect(image.headers["content-type"]).toMatch(/^image\//);
    } finally {
      await control.clock({ offsetMs: 0 });
    }
  });
});

describe("webhooks", () => {
  it("stores the verification token once; an edit then appears on the site, with no polling", async () => {
    await expectWebhookVerification(url);
    await control.webhooks({ url: `${url}/api/webhooks/notion` });
    await until(async () => (await control.deliveries()).deliveries.some((d) => d.kind === "verification" && d.status === 200));
    expect(s.app.output()).toContain(`webhook verification token received — paste it into your Notion integration's Webhooks settings: ${api.verificationToken}`);

    await control.editBlock(ROOT_TEXT_BLOCK, "Edited in Notion, delivered by webhook");
    await until(async () => (await rawRequest(`${url}/`, { host: docsHost })).body.includes("Edited in Notion, delivered by webhook"));

    // A sub-page: the webhook names it, and only it is read again.
    const before = (await control.calls()).total;
    await control.editBlock(PLAIN_HTML_TEXT_BLOCK, "Paste it anywhere, says the webhook");
    const home = await rawRequest(`${url}/`, { host: docsHost });
    const link = /href="([^"]*plain-html[^"]*)"/.exec(home.body)?.[1];
    expect(link).toBeTruthy();
    await until(async () => (await rawRequest(`${url}${new URL(link!, "http://x").pathname}`, { host: docsHost })).body.includes("Paste it anywhere, says the webhook"));
    const used = (await control.calls()).total - before;
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThan(10);
  });

  it("a forged, replayed or re-keyed webhook changes nothing", async () => {
    const deliveries = (await control.deliveries()).deliveries.filter((d) => d.kind === "event" && d.status === 200);
    const real = deliveries.at(-1)!;
    const home = async () => (await rawRequest(`${url}/`, { host: docsHost })).body;
    const before = await home();
    const callsBefore = (await control.calls()).total;

    // Replayed: the same body and a valid signature — recognised by its event id.
    const replay = await postWebhook(real.body, real.signature!);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ kind: "duplicate", eventId: JSON.parse(real.body).id });

    // Forged: a new event id, signed with a key that is not ours, or not signed at all.
    const forged = JSON.stringify({ ...JSON.parse(real.body), id: crypto.randomUUID() });
    expect((await postWebhook(forged, hmac(forged, "attacker-key"))).status).toBe(401);
    expect((await postWebhook(forged)).status).toBe(401);
    // The right key, one digit changed (a signature already ending in "0" gets a "1": it must differ).
    expect((await postWebhook(forged, hmac(forged, api.verificationToken).replace(/.$/, (last) => (last === "0" ? "1" : "0")))).status).toBe(401);

    // An unsigned "verification" request can't replace the key.
    const rekey = await postWebhook(JSON.stringify({ verification_token: "secret_attacker_chosen_token" }));
    expect(await rekey.json()).toEqual({ kind: "verification", stored: false });
    expect((await postWebhook(forged, hmac(forged, "secret_attacker_chosen_token"))).status).toBe(401);

    await new Promise((r) => setTimeout(r, 300));
    expect((await control.calls()).total).toBe(callsBefore);
    expect(await home()).toBe(before);
  });
});

describe("switching a site between a public page and the connection", () => {
  it("keeps its settings and redirects both ways, and reads the page through the chosen source", async () => {
    const created = result<{ siteId: string; url: string }>(await site(a, "createNewSite", { siteType: "simple", notionPageUrl: workspaceIndex.simple, subdomain: "switcher" }));
    const host = new URL(created.url).host;
    result(await site(a, "updateSite", { siteId: created.siteId, name: "Switcher" }));
    result(await site(a, "updateSiteRedirects", { siteId: created.siteId, redirects: [{ from: "/old", to: "https://example.com/new", permanent: true }] }));
    const check = async () => {
      const home = await rawRequest(`${url}/`, { host });
      expect(home.status).toBe(200);
      expect(home.body).toContain("Switcher");
      const redirect = await rawRequest(`${url}/old`, { host });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.location).toBe("https://example.com/new");
    };
    await check();

    // B can't move A's site, nor use A's connection for B's own site.
    expect(errorOf(await site(b, "updateSiteNotionSource", { siteId: created.siteId, connectionId: null, notionPageUrl: workspaceIndex.blog })).code).toBe("NOT_FOUND");
    const bSite = result<{ siteId: string }>(await site(b, "createNewSite", { siteType: "simple", notionPageUrl: workspaceIndex.simple, subdomain: "bee-simple" }));
    expect(errorOf(await site(b, "updateSiteNotionSource", { siteId: bSite.siteId, connectionId, notionPageUrl: workspaceIndex.docs })).code).toBe("NOT_FOUND");

    const before = (await control.calls()).total;
    const moved = result<{ connectionId: string; sync: { status: string } }>(await site(a, "updateSiteNotionSource", { siteId: created.siteId, connectionId, notionPageUrl: workspaceIndex.simple }));
    expect(moved).toMatchObject({ connectionId, sync: { status: expect.stringMatching(/updated|unchanged/) } });
    expect((await control.calls()).total).toBeGreaterThan(before);
    await check();
    // A page not shared with the connection is refused, and the site stays as it was.
    expect(errorOf(await site(a, "updateSiteNotionSource", { siteId: created.siteId, connectionId, notionPageUrl: workspaceIndex.blog })).message).toBe(NOTION_PAGE_MESSAGES.notShared);

    const back = result<{ connectionId: null }>(await site(a, "updateSiteNotionSource", { siteId: created.siteId, connectionId: null, notionPageUrl: workspaceIndex.simple }));
    expect(back.connectionId).toBeNull();
    const calls = (await control.calls()).total;
    result(await site(a, "syncSiteNow", { siteId: created.siteId }));
    expect((await control.calls()).total).toBe(calls);
    await check();
  });
});

describe("OAuth tokens that expire", () => {
  it("renews the access token with the stored refresh token: before it expires, and once on a 401", { timeout: 60_000 }, async () => {
    const owner = await signedIn(url, "expiring-owner@example.com");
    const calls = async () => {
      const c = await control.calls();
      return { renewals: c.byEndpoint["oauth.token"] ?? 0, unauthorized: c.unauthorized };
    };
    try {
      // Issued for 30 s, inside the renewal margin: the first use renews before it sends anything.
      await control.consent({ mode: "approve", pages: [SIMPLE_ROOT], tokenTtlSeconds: 30 });
      const { location } = await connectWithOAuth(owner);
      const id = /connection=([0-9a-f-]{36})$/.exec(location)![1]!;
      const topLevelPages = async () =>
        result<{ id: string; topLevel: boolean }[]>(await site(owner, "listNotionConnectionPages", { connectionId: id }))
          .filter((p) => p.topLevel)
          .map((p) => p.id);
      await control.consent({ tokenTtlSeconds: 3600 });
      const connected = await calls();
      expect(await topLevelPages()).toEqual([SIMPLE_ROOT]);
      expect(await calls()).toEqual({ renewals: connected.renewals + 1, unauthorized: connected.unauthorized });
      // The renewed token lasts an hour: used as is.
      expect(await topLevelPages()).toEqual([SIMPLE_ROOT]);
      expect((await calls()).renewals).toBe(connected.renewals + 1);

      // Notion's clock passes the hour, twice: each time the request gets a 401, the token is renewed with the refresh
      // token stored last time (Notion rotates it and refuses an old one), and the request is sent again.
      for (const [i, hours] of [1, 2].entries()) {
        await control.clock({ offsetMs: hours * 3600_000 + 5000 });
        expect(await topLevelPages()).toEqual([SIMPLE_ROOT]);
        expect(await calls()).toEqual({ renewals: connected.renewals + 2 + i, unauthorized: connected.unauthorized + 1 + i });
      }
      expect(result(await site(owner, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId: id, connected: true, lastError: null })]);
    } finally {
      await control.clock({ offsetMs: 0 });
      await control.consent({ tokenTtlSeconds: null });
    }
  });
});

describe("disconnecting", () => {
  it("deletes the token; the site keeps its last pages and says how to fix it", async () => {
    expect(result(await site(a, "deleteNotionConnection", { connectionId }))).toEqual({ connectionId, connected: false });
    expect(result(await site(a, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId, connected: false })]);
    const sync = await site(a, "syncSiteNow", { siteId: docsSiteId });
    expect(errorOf(sync).message).toMatch(/This Notion connection was disconnected: connect Notion again/);
    const home = await rawRequest(`${url}/`, { host: docsHost });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Edited in Notion, delivered by webhook");
  });
});
