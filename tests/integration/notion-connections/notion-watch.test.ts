import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { startConnectedWorld, untilNotionQuiet, type ConnectedWorld } from "../../helpers/connected-world";
import type { PlunkStub } from "../../../tools/plunk-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { CookieJar, fetchWithJar } from "../../helpers/auth-client";
import { sentMails } from "../../helpers/plunk";
import { rawRequest } from "../../helpers/raw-request";
import { expectWebhookVerification } from "../../helpers/webhook-verification";
import { rpc, signedIn, waitForFirstSync } from "../../helpers/rpc-client";
import { workspaceIndex, pageIdOf, type SitesApp } from "../../helpers/sites";

/**
 * The watch on Notion (issue 22) over real HTTP: /api/health with the canary page and the failing endpoint, a site
 * whose syncs keep failing (token revoked, page unshared in the official-API stand-in) — the dashboard says so,
 * the owner gets one email per run of failures (Plunk stand-in; for a revoked token one email for the refused
 * connection, see refused-renewal.test.ts), visitors keep the last good pages — and the
 * operator-only screen with the webhook verification token.
 */

let control: ReturnType<typeof notionApiStubControl>;
let plunk: PlunkStub;
let s: SitesApp;
let url: string;

const SIMPLE_ROOT = pageIdOf(workspaceIndex.simple);
const FAILING_SUBJECT = /can't be updated from Notion$/;

type Reply = Awaited<ReturnType<typeof rpc>>;
const site = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const result = <T>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
type Health = { ok: boolean; notion: { status: string; failing: { api: string; endpoint: string; reason: string }[]; canary: { ok: boolean | null; endpoint: string | null; error: string | null } | null } };
const health = async () => (await (await fetch(`${url}/api/health`)).json()) as Health;
const failingMailsTo = async (email: string) => (await sentMails(plunk.url)).filter((m) => m.to === email && FAILING_SUBJECT.test(m.subject));
/**
 * What the site's General screen is rendered from, as the owner's browser gets it: the screen is a client component,
 * so its data (the site overview) comes in the page's React payload; the words it shows are in general.tsx.
 */
async function dashboardSite(jar: CookieJar, siteId: string): Promise<{ lastSyncedAt: string | null; lastSyncError: string | null; syncFailures: number; failingSince: string | null }> {
  const html = await (await fetchWithJar(jar, `${url}/dashboard/sites/${siteId}`)).text();
  const payload = html.replace(/\\"/g, '"');
  const at = payload.indexOf(`"site":{"siteId":"${siteId}"`);
  expect(at, "the site's overview is in the page").toBeGreaterThan(-1);
  const pick = (key: string) => new RegExp(`"${key}":("(?:[^"\\\\]|\\\\.)*"|null|\\d+)`).exec(payload.slice(at))?.[1];
  return {
    lastSyncedAt: JSON.parse(pick("lastSyncedAt") ?? "null"),
    lastSyncError: JSON.parse(pick("lastSyncError") ?? "null"),
    syncFailures: Number(pick("syncFailures")),
    failingSince: JSON.parse(pick("failingSince") ?? "null"),
  };
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await check()).toBe(true);
}

/** A connected site of `jar`'s owner (the demo's simple page), read through an internal integration secret. */
async function connectedSite(jar: CookieJar, subdomain: string): Promise<{ siteId: string; host: string; token: string; home: string }> {
  const token = await control.createToken([SIMPLE_ROOT]);
  const { connectionId } = result<{ connectionId: string }>(await site(jar, "addNotionIntegrationSecret", { secret: token }));
  const created = result<{ siteId: string; url: string }>(await site(jar, "createNewSite", { siteType: "simple", notionPageUrl: workspaceIndex.simple, subdomain, connectionId }));
  const host = new URL(created.url).host;
  await waitForFirstSync(url, jar, created.siteId);
  const home = await rawRequest(`${url}/`, { host });
  expect(home.status).toBe(200);
  expect(home.body).toContain("<h1");
  return { siteId: created.siteId, host, token, home: home.body };
}

const syncFails = async (jar: CookieJar, siteId: string) => {
  const reply = await site(jar, "syncSiteNow", { siteId });
  expect(reply.body.error, JSON.stringify(reply.body)).toBeTruthy();
  return reply.body.error!.message;
};

let world: ConnectedWorld;

beforeAll(async () => {
  world = await startConnectedWorld({
    email: true,
    env: { NOTION_CANARY_PAGE: workspaceIndex.simple, NOTION_CANARY_INTERVAL_SECONDS: "1", ADMIN_EMAILS: "Ops@Example.com" },
  });
  ({ control, s, url } = world);
  plunk = world.plunk!;
}, 240_000);
afterAll(async () => {
  await world?.stop();
});

describe("GET /api/health", () => {
  it("reports Notion ok with the canary page read, degraded with the failing endpoint while Notion fails, ok again after", { timeout: 60_000 }, async () => {
    await until(async () => (await health()).notion.canary?.ok === true);
    expect(await health()).toMatchObject({ ok: true, notion: { status: "ok", failing: [], canary: { ok: true, endpoint: null, error: null } } });
    expect((await health()).notion.canary).toMatchObject({ pageId: SIMPLE_ROOT });

    // Notion's public API answers 502 to loadPageChunk: each canary read tries 3 times, so 6 make two failed reads.
    await stubControl(s.stub.url).fault({ mode: "status", status: 502, endpoint: "loadPageChunk", times: 6 });
    let degraded = await health();
    await until(async () => {
      degraded = await health();
      return degraded.notion.canary?.ok === false;
    });
    expect(degraded.ok).toBe(true);
    expect(degraded.notion.failing).toContainEqual(expect.objectContaining({ api: "public", endpoint: "loadPageChunk", reason: "HTTP 502" }));
    expect(degraded.notion.canary).toMatchObject({ ok: false, endpoint: "loadPageChunk" });

    await until(async () => (await health()).notion.status === "ok");
    expect((await health()).notion).toMatchObject({ failing: [], canary: { ok: true } });
  });
});

describe("a connected site whose syncs keep failing", () => {
  it("after the token is revoked: the connection is refused, the dashboard says so, the owner gets one email for it, visitors keep the last good pages", { timeout: 120_000 }, async () => {
    const jar = await signedIn(url, "revoked-owner@example.com");
    const { siteId, host, token, home: before } = await connectedSite(jar, "revoked-site");
    expect(await dashboardSite(jar, siteId)).toMatchObject({ lastSyncError: null, syncFailures: 0, failingSince: null, lastSyncedAt: expect.any(String) });

    await control.revoke(token);
    // An internal secret's 401 refuses the connection at once, in Notion's words (refused-renewal.test.ts has the rest).
    const revoked = "Notion no longer accepts this connection (Notion said: “API token is invalid.”): reconnect Notion on the site's General screen";
    for (let i = 0; i < 4; i++) expect(await syncFails(jar, siteId)).toContain(revoked);

    expect(await dashboardSite(jar, siteId)).toMatchObject({ lastSyncError: revoked, syncFailures: 4, failingSince: expect.any(String), lastSyncedAt: expect.any(String) });
    const home = await rawRequest(`${url}/`, { host });
    expect(home.status).toBe(200);
    expect(home.body).toBe(before);

    // One email for the refused connection instead of the per-site "can't be updated" one.
    expect(await failingMailsTo("revoked-owner@example.com")).toHaveLength(0);
    const mails = (await sentMails(plunk.url)).filter((m) => m.to === "revoked-owner@example.com" && /^Notion no longer accepts the connection/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("API token is invalid.");
    expect(mails[0]!.text).toContain("Visitors keep seeing the last good version of each site");
    expect(mails[0]!.text).toContain(`${url}/dashboard/sites/${siteId}`);
    // The official API's refusals are the token's, not Notion being down.
    expect((await health()).notion.failing.filter((f) => f.api === "official")).toEqual([]);
  });

  it("after the page is unshared: one email per run of failures — again only once a sync worked and then failed anew", { timeout: 120_000 }, async () => {
    const jar = await signedIn(url, "unshared-owner@example.com");
    const { siteId, host, token, home: before } = await connectedSite(jar, "unshared-site");
    await untilNotionQuiet(control);
    await control.unshare(token, SIMPLE_ROOT);
    for (let i = 0; i < 2; i++) await syncFails(jar, siteId);
    expect(await failingMailsTo("unshared-owner@example.com")).toHaveLength(0);
    expect(await syncFails(jar, siteId)).toMatch(/not shared with this connection/);
    expect(await failingMailsTo("unshared-owner@example.com")).toHaveLength(1);
    await syncFails(jar, siteId);
    expect(await failingMailsTo("unshared-owner@example.com")).toHaveLength(1);
    expect(await dashboardSite(jar, siteId)).toMatchObject({ lastSyncError: expect.stringMatching(/not shared with this connection/), syncFailures: 4 });
    expect((await rawRequest(`${url}/`, { host })).body).toBe(before);

    await control.share(token, SIMPLE_ROOT);
    result(await site(jar, "syncSiteNow", { siteId }));
    expect(await dashboardSite(jar, siteId)).toMatchObject({ lastSyncError: null, syncFailures: 0, failingSince: null });

    await control.unshare(token, SIMPLE_ROOT);
    for (let i = 0; i < 3; i++) await syncFails(jar, siteId);
    const mails = await failingMailsTo("unshared-owner@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("open the page's ••• menu → Connections and add Pagewright");
  });
});

describe("the admin screen", () => {
  it("shows the webhook verification token to operators only", { timeout: 60_000 }, async () => {
    const ops = await signedIn(url, "ops@example.com");
    const other = await signedIn(url, "someone@example.com");
    const before = await (await fetchWithJar(ops, `${url}/dashboard/admin`)).text();
    expect(before).toContain("No verification token yet");

    await expectWebhookVerification(url);

    const { verificationToken } = await control.webhooks({ url: `${url}/api/webhooks/notion` });
    await until(async () => (await control.deliveries()).deliveries.some((d) => d.kind === "verification" && d.status === 200));
    const page = await fetchWithJar(ops, `${url}/dashboard/admin`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(verificationToken);
    expect(html).toContain(`${url}/api/webhooks/notion`);

    // Next streams the dashboard's shell before the page decides: the answer is its not-found page, without the token.
    const refused = await (await fetchWithJar(other, `${url}/dashboard/admin`)).text();
    expect(refused).toContain("This page could not be found");
    expect(refused).not.toContain(verificationToken);
    expect(refused).not.toContain("Notion webhooks");
  });
});
