import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { startConnectedWorld, untilNotionQuiet, type ConnectedWorld } from "../../helpers/connected-world";
import type { PlunkStub } from "../../../tools/plunk-stub/server";
import { CookieJar, fetchWithJar } from "../../helpers/auth-client";
import { sentMails, type SentMail } from "../../helpers/plunk";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync } from "../../helpers/rpc-client";
import { workspaceIndex, pageIdOf } from "../../helpers/sites";

/**
 * A Notion connection Notion refuses for good (issue 22), over real HTTP against the official-API and Plunk
 * stand-ins: an OAuth grant revoked in Notion (the renewal answers `invalid_grant`) and an internal secret revoked
 * (401 at once) mark the connection; from then on nothing is sent to Notion for it (counted at the stand-in),
 * visitors keep the last good pages, the owner gets ONE email naming every site on it (and no per-site "can't be
 * updated" email), and reconnecting puts the new tokens on the same connection and refreshes its sites. A renewal
 * that fails for now marks nothing.
 */

let control: ReturnType<typeof notionApiStubControl>;
let plunk: PlunkStub;
let url: string;

const SIMPLE_ROOT = pageIdOf(workspaceIndex.simple);
const DOCS_ROOT = pageIdOf(workspaceIndex.docs);
const GRANT_REVOKED = "The grant was revoked: the user removed the connection.";
const TOKEN_INVALID = "API token is invalid.";
const refusedMessage = (reason: string) => `Notion no longer accepts this connection (Notion said: “${reason}”): reconnect Notion on the site's General screen`;
const REFUSED_SUBJECT = /^Notion no longer accepts the connection to /;
const FAILING_SUBJECT = /can't be updated from Notion$/;

type Reply = Awaited<ReturnType<typeof rpc>>;
type Connection = { connectionId: string; kind: string; connected: boolean; refused: { at: string; reason: string | null } | null; lastError: string | null };
const site = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const result = <T>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
const errorOf = (reply: Reply) => ({ code: reply.body.error?.data?.code, message: reply.body.error?.message });
const mailsTo = async (email: string, subject: RegExp): Promise<SentMail[]> => (await sentMails(plunk.url)).filter((m) => m.to === email && subject.test(m.subject));
const apiCalls = async () => (await control.calls()).total;

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await check()).toBe(true);
}

/** What the site's General screen is rendered from (its overview, in the page's React payload). */
async function dashboardSite(jar: CookieJar, siteId: string): Promise<{ html: string; syncFailures: number; lastSyncError: string | null }> {
  const html = await (await fetchWithJar(jar, `${url}/dashboard/sites/${siteId}`)).text();
  const payload = html.replace(/\\"/g, '"');
  const at = payload.indexOf(`"site":{"siteId":"${siteId}"`);
  expect(at, "the site's overview is in the page").toBeGreaterThan(-1);
  const pick = (key: string) => new RegExp(`"${key}":("(?:[^"\\\\]|\\\\.)*"|null|\\d+)`).exec(payload.slice(at))?.[1];
  return { html: payload.slice(at), syncFailures: Number(pick("syncFailures")), lastSyncError: JSON.parse(pick("lastSyncError") ?? "null") };
}

/** The OAuth dance as a browser does it, from `start` (our connect route) through the stand-in's auto-approve to our callback. */
async function oauthDance(jar: CookieJar, start = "/api/notion/connect"): Promise<string> {
  const begin = await fetchWithJar(jar, `${url}${start}`);
  expect(begin.status).toBe(303);
  const authorize = await fetch(begin.headers.get("location")!, { redirect: "manual" });
  expect(authorize.status).toBe(302);
  const back = await fetchWithJar(jar, authorize.headers.get("location")!);
  expect(back.status).toBe(303);
  return back.headers.get("location")!;
}

async function publish(jar: CookieJar, connectionId: string, siteType: "simple" | "docs", notionPageUrl: string, subdomain: string): Promise<{ siteId: string; host: string; home: string }> {
  const created = result<{ siteId: string; url: string }>(await site(jar, "createNewSite", { siteType, notionPageUrl, subdomain, connectionId }));
  const host = new URL(created.url).host;
  await waitForFirstSync(url, jar, created.siteId);
  const home = await rawRequest(`${url}/`, { host });
  expect(home.status).toBe(200);
  return { siteId: created.siteId, host, home: home.body };
}

let world: ConnectedWorld;

beforeAll(async () => {
  world = await startConnectedWorld({ oauth: true, email: true });
  ({ control, url } = world);
  plunk = world.plunk!;
  await world.connectWebhooks();
}, 240_000);
afterAll(async () => {
  await world?.stop();
});

describe("an OAuth grant revoked in Notion", () => {
  it("marks the connection at the renewal's invalid_grant; nothing more reaches Notion; one email; reconnecting brings the sites back", { timeout: 180_000 }, async () => {
    const owner = await signedIn(url, "refused-oauth@example.com");
    await control.consent({ mode: "approve", pages: [SIMPLE_ROOT, DOCS_ROOT] });
    const connectionId = /\/new-site\?connection=([0-9a-f-]{36})$/.exec(await oauthDance(owner))![1]!;
    const simple = await publish(owner, connectionId, "simple", workspaceIndex.simple, "refused-simple");
    const docs = await publish(owner, connectionId, "docs", workspaceIndex.docs, "refused-docs");

    // The owner removes the integration in Notion: the access token answers 401, its refresh token invalid_grant.
    await untilNotionQuiet(control);
    expect(await control.revokeOAuth()).toBeGreaterThan(0);
    const renewalsBefore = (await control.calls()).byEndpoint["oauth.token"] ?? 0;
    const first = await site(owner, "syncSiteNow", { siteId: simple.siteId });
    expect(errorOf(first).message).toBe(refusedMessage(GRANT_REVOKED));
    expect((await control.calls()).byEndpoint["oauth.token"]).toBe(renewalsBefore + 1);
    const [listed] = result<Connection[]>(await site(owner, "listNotionConnections", {}));
    expect(listed).toMatchObject({ connectionId, connected: false, refused: { at: expect.any(String), reason: GRANT_REVOKED } });

    // From now on: syncs, the page list and webhooks fail at once with the stored reason, and send nothing to Notion.
    const calls = await apiCalls();
    for (let i = 0; i < 3; i++) expect(errorOf(await site(owner, "syncSiteNow", { siteId: simple.siteId })).message).toBe(refusedMessage(GRANT_REVOKED));
    expect(errorOf(await site(owner, "syncSiteNow", { siteId: docs.siteId })).message).toBe(refusedMessage(GRANT_REVOKED));
    expect(errorOf(await site(owner, "listNotionConnectionPages", { connectionId }))).toEqual({ code: "UNAUTHORIZED", message: refusedMessage(GRANT_REVOKED) });
    const failuresBefore = (await dashboardSite(owner, simple.siteId)).syncFailures;
    const delivered = (await control.deliveries()).deliveries.length;
    await control.editPage(SIMPLE_ROOT, { title: "Retitled while refused" });
    await until(async () => (await control.deliveries()).deliveries.slice(delivered).some((d) => d.kind === "event" && d.status === 200));
    await until(async () => (await dashboardSite(owner, simple.siteId)).syncFailures > failuresBefore);
    expect(await apiCalls()).toBe(calls);

    // Visitors keep the last good pages; the General screen says what happened, with the Reconnect link.
    for (const { host, home } of [simple, docs]) expect((await rawRequest(`${url}/`, { host })).body).toBe(home);
    const screen = await dashboardSite(owner, simple.siteId);
    expect(screen.html).toContain(`"notionConnection":{"kind":"oauth"`);
    expect(screen.html).toContain(`"reason":"${GRANT_REVOKED}"`);

    // ONE email, naming both sites; no per-site "can't be updated" email although syncs failed 4 times in a row.
    await until(async () => (await mailsTo("refused-oauth@example.com", REFUSED_SUBJECT)).length > 0);
    const mails = await mailsTo("refused-oauth@example.com", REFUSED_SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(GRANT_REVOKED);
    for (const sub of ["refused-simple", "refused-docs"]) expect(mails[0]!.text).toContain(sub);
    expect(mails[0]!.text).toContain(`${url}/dashboard/sites/${simple.siteId}`);
    expect(await mailsTo("refused-oauth@example.com", FAILING_SUBJECT)).toEqual([]);

    // Another owner can't reconnect it.
    const other = await signedIn(url, "refused-other@example.com");
    expect((await fetchWithJar(other, `${url}/api/notion/connect?reconnect=${connectionId}`)).status).toBe(404);

    // Reconnecting from the General screen: the new tokens go on the SAME connection, the mark is cleared, and both
    // sites are refreshed (the edit made meanwhile comes in); the owner is back on the site's screen.
    const back = await oauthDance(owner, `/api/notion/connect?reconnect=${connectionId}&site=${simple.siteId}`);
    expect(back).toBe(`${url}/dashboard/sites/${simple.siteId}?notionReconnected=1`);
    expect(result<Connection[]>(await site(owner, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId, connected: true, refused: null })]);
    await until(async () => (await rawRequest(`${url}/`, { host: simple.host })).body.includes("Retitled while refused"));
    await until(async () => (await dashboardSite(owner, docs.siteId)).syncFailures === 0);
    expect((await dashboardSite(owner, simple.siteId)).lastSyncError).toBeNull();
    expect(result(await site(owner, "syncSiteNow", { siteId: docs.siteId }))).toMatchObject({ status: "unchanged" });
    expect(await mailsTo("refused-oauth@example.com", REFUSED_SUBJECT)).toHaveLength(1);
  });
});

describe("an internal integration secret revoked in Notion", () => {
  it("is refused at the first 401 (no renewal); a new secret of the same integration reconnects the same connection", { timeout: 120_000 }, async () => {
    const owner = await signedIn(url, "refused-internal@example.com");
    const secret = await control.createToken([SIMPLE_ROOT]);
    const { connectionId } = result<{ connectionId: string }>(await site(owner, "addNotionIntegrationSecret", { secret }));
    const simple = await publish(owner, connectionId, "simple", workspaceIndex.simple, "refused-internal");

    // Edits made in Notion from here on reach the site only by the refresh after reconnecting (webhook events held).
    await control.webhooks({ outOfOrder: true });
    await untilNotionQuiet(control);
    await control.revoke(secret);
    const before = await control.calls();
    expect(errorOf(await site(owner, "syncSiteNow", { siteId: simple.siteId })).message).toBe(refusedMessage(TOKEN_INVALID));
    const after = await control.calls();
    // One request, its 401, and no renewal.
    expect({ unauthorized: after.unauthorized - before.unauthorized, renewals: (after.byEndpoint["oauth.token"] ?? 0) - (before.byEndpoint["oauth.token"] ?? 0) }).toEqual({ unauthorized: 1, renewals: 0 });
    for (let i = 0; i < 3; i++) expect(errorOf(await site(owner, "syncSiteNow", { siteId: simple.siteId })).message).toBe(refusedMessage(TOKEN_INVALID));
    expect((await control.calls()).total).toBe(after.total);
    expect((await rawRequest(`${url}/`, { host: simple.host })).body).toBe(simple.home);
    expect((await dashboardSite(owner, simple.siteId)).html).toContain(`"notionConnection":{"kind":"internal"`);
    await until(async () => (await mailsTo("refused-internal@example.com", REFUSED_SUBJECT)).length > 0);
    expect(await mailsTo("refused-internal@example.com", REFUSED_SUBJECT)).toHaveLength(1);
    expect(await mailsTo("refused-internal@example.com", FAILING_SUBJECT)).toEqual([]);

    // Another integration's secret changes nothing; the same integration's new secret reconnects and refreshes.
    const otherIntegration = await control.createToken([SIMPLE_ROOT]);
    expect(errorOf(await site(owner, "replaceNotionIntegrationSecret", { connectionId, secret: otherIntegration })).code).toBe("VALIDATION");
    expect(result<Connection[]>(await site(owner, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId, refused: expect.objectContaining({ reason: TOKEN_INVALID }) })]);
    await control.editPage(SIMPLE_ROOT, { title: "Retitled for the internal secret" });
    const rotated = await control.rotate(secret);
    const reconnected = result<Connection & { sites: { siteId: string; status: string }[] }>(await site(owner, "replaceNotionIntegrationSecret", { connectionId, secret: rotated }));
    expect(reconnected).toMatchObject({ connectionId, connected: true, refused: null, sites: [{ siteId: simple.siteId, status: "updated" }] });
    expect((await rawRequest(`${url}/`, { host: simple.host })).body).toContain("Retitled for the internal secret");
    expect(result<Connection[]>(await site(owner, "listNotionConnections", {}))).toHaveLength(1);
  });
});

describe("a renewal that fails for now", () => {
  it("marks nothing: the sync fails as Notion being unavailable, and the next one renews and works", { timeout: 120_000 }, async () => {
    const owner = await signedIn(url, "renewal-for-now@example.com");
    try {
      await control.consent({ mode: "approve", pages: [SIMPLE_ROOT], tokenTtlSeconds: 3600 });
      const connectionId = /connection=([0-9a-f-]{36})$/.exec(await oauthDance(owner))![1]!;
      const simple = await publish(owner, connectionId, "simple", workspaceIndex.simple, "renewal-for-now");
      // The token expires by Notion's clock; the token endpoint answers 503 once.
      await untilNotionQuiet(control);
      await control.clock({ offsetMs: 3600_000 + 5000 });
      await control.fault({ status: 503, endpoint: "oauth.token", times: 1 });
      expect(errorOf(await site(owner, "syncSiteNow", { siteId: simple.siteId })).message).toBe("Notion did not answer, please try again");
      expect(result<Connection[]>(await site(owner, "listNotionConnections", {}))).toEqual([expect.objectContaining({ connectionId, connected: true, refused: null })]);
      expect(result(await site(owner, "syncSiteNow", { siteId: simple.siteId }))).toMatchObject({ status: expect.stringMatching(/updated|unchanged/) });
      expect(await mailsTo("renewal-for-now@example.com", REFUSED_SUBJECT)).toEqual([]);
    } finally {
      await control.clock({ offsetMs: 0 });
      await control.consent({ tokenTtlSeconds: null });
    }
  });
});
