import sharp from "sharp";
import { desc, eq } from "drizzle-orm";
import { openDatabase } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, tempDataDir, type AppProcess } from "../../helpers/app-server";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startS3Server, type S3Server } from "../../helpers/s3-server";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * Two real server processes on one PostgreSQL database and one S3 server (PostgreSQL pass only: PGlite is one
 * process's). What one process changes, the other serves within a second; limits hold across both.
 */

let s3: S3Server;
let s: SitesApp;
let a: AppProcess;
let b: AppProcess;
let owner: CookieJar;

beforeAll(async () => {
  s3 = await startS3Server();
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "simple", page: workspaceIndex.simple!, password: "open sesame" },
      { siteType: "blog", page: workspaceIndex.blog! },
    ],
    { env: s3.env },
  );
  a = s.app;
  b = await startApp({ databaseUrl: a.databaseUrl, env: { NOTION_API_BASE: s.stub.apiBaseUrl, NOTION_FILE_HOSTS: s.stub.url, ...s3.env } });
  owner = await signedIn(a.url, s.ownerEmails[0]!);
}, 300_000);
afterAll(async () => {
  await b?.stop();
  await s?.stop();
  await s3?.close();
});

/** The n-th seeded site's host, on process B's port. */
const hostOnB = (n: number) => s.hosts[n]!.replace(`:${a.port}`, `:${b.port}`);
const getOnB = (n: number, path = "/") => rawRequest(`${b.url}${path}`, { host: hostOnB(n) });

/** Polls B until `done` holds; returns how long that took, or fails after `withinMs`. */
async function onBWithin(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`process B did not follow within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("two processes on one PostgreSQL", () => {
  it("a visit counted by B shows in the owner's analytics read through A within 10 s, long before the rollup", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const read = async () => (await rpc(a.url, owner, "site", "getSiteAnalytics", { siteId: s.siteIds[0], from: today, to: today })).body.result as { totals: { pageviews: number }; live: { visitors: number } };
    expect((await read()).totals.pageviews).toBe(0);
    const sent = await rawRequest(`${b.url}/_/view`, {
      host: hostOnB(0),
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36" },
      body: JSON.stringify({ p: "/", q: "", r: "" }),
    });
    expect(sent.status).toBeLessThan(300);
    await onBWithin(10_000, async () => (await read()).totals.pageviews === 1);
    expect((await read()).live.visitors).toBe(1);
  });


  it("a password set and removed through A takes effect on B within a second", async () => {
    const siteId = s.siteIds[0]!;
    // B has served (and cached) the open site.
    expect((await getOnB(0)).status).toBe(200);
    expect((await getOnB(0)).status).toBe(200);
    const set = await rpc(a.url, owner, "site", "updateSitePassword", { siteId, password: "a new secret" });
    expect(set.body.result).toMatchObject({ hasPassword: true });
    await onBWithin(1_000, async () => (await getOnB(0)).status === 401);
    await rpc(a.url, owner, "site", "updateSitePassword", { siteId, password: null });
    await onBWithin(1_000, async () => (await getOnB(0)).status === 200);
  });

  it("a site deleted through A is gone from B within a second", async () => {
    const third = await signedIn(a.url, s.ownerEmails[2]!);
    expect((await getOnB(2)).status).toBe(200);
    const deleted = await rpc(a.url, third, "site", "deleteSite", { siteId: s.siteIds[2] });
    expect(deleted.body.error).toBeUndefined();
    await onBWithin(1_000, async () => (await getOnB(2)).status === 404);
  });

  it("limits password attempts across both processes", async () => {
    await awayFromMinuteEdge();
    const tryOn = (app: AppProcess, n: number) =>
      rawRequest(`${app.url}/_/password`, {
        host: s.hosts[1]!.replace(`:${a.port}`, `:${app.port}`),
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password: `guess ${n}`, next: "/" }).toString(),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await tryOn(i % 2 ? b : a, i)).status);
    // Five tries a minute per visitor in all: alternating between the processes gives no more.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it("an upload through A is served by B (files on S3)", async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#11aa77" } }).png().toBuffer();
    const up = await rpc(a.url, owner, "site", "uploadFile", { siteId: s.siteIds[0], kind: "logo", fileName: "logo.png", contentType: "image/png", dataBase64: png.toString("base64") });
    const { url } = up.body.result as { url: string };
    const onB = await fetch(url.replace(a.url, b.url));
    expect(onB.status).toBe(200);
    expect(Buffer.from(await onB.arrayBuffer()).equals(png)).toBe(true);
  });

  it("a member removed through A loses the site on B within a second", async () => {
    const siteId = s.siteIds[0]!;
    const member = await signedIn(b.url, "member-on-b@example.com");
    expect((await rpc(a.url, owner, "site", "inviteSiteMember", { siteId, email: "member-on-b@example.com", role: "viewer" })).body.error).toBeUndefined();
    // No email provider here: the invitation is in the outbox, which both processes share.
    const database = await openDatabase({ dataDir: tempDataDir("outbox-"), databaseUrl: a.databaseUrl });
    const [mail] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, "member-on-b@example.com")).orderBy(desc(emailOutbox.createdAt)).limit(1);
    await database.close();
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? "")![1]!;
    expect((await rpc(b.url, member, "site", "acceptSiteInvitation", { token })).body.result).toEqual({ siteId, role: "viewer" });
    const memberId = ((await (await fetch(`${b.url}/api/auth/session`, { headers: { cookie: member.header() } })).json()) as { user: { id: string } }).user.id;
    expect((await rpc(b.url, member, "site", "getSiteAnalytics", { siteId })).body.error).toBeUndefined();
    expect((await rpc(a.url, owner, "site", "removeSiteMember", { siteId, userId: memberId })).body.result).toMatchObject({ removed: true });
    await onBWithin(1_000, async () => (await rpc(b.url, member, "site", "getSiteAnalytics", { siteId })).body.error?.data?.code === "NOT_FOUND");
  });

  it("an API key revoked through A is refused by B within a second", async () => {
    const made = await rpc(a.url, owner, "site", "createApiKey", { access: "read" });
    const { id, key } = made.body.result as { id: string; key: string };
    const withKeyOnB = () => rpc(b.url, null, "site", "listApiKeys", {}, { headers: { authorization: `Bearer ${key}` } });
    expect((await withKeyOnB()).body.error).toBeUndefined();
    expect((await rpc(a.url, owner, "site", "revokeApiKey", { id })).body.result).toMatchObject({ revoked: true });
    await onBWithin(1_000, async () => (await withKeyOnB()).body.error?.data?.code === "UNAUTHORIZED");
  });
});
