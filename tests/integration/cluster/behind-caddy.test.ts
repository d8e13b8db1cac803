import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubControl } from "../../../tools/notion-stub/control";
import { freePort, startApp, type AppProcess } from "../../helpers/app-server";
import { caddyPath, PIN_HEADER, SERVED_BY_HEADER, startCaddy, type CaddyBalancer } from "../../helpers/caddy";
import { rawRequest, type RawResponse } from "../../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync, type CookieJar } from "../../helpers/rpc-client";
import { startS3Server, type S3Server } from "../../helpers/s3-server";
import { pageIdOf, startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { awayFromMinuteEdge } from "../../helpers/usage-window";

/**
 * The cluster as an operator runs it (docs/operations.md, "Behind Caddy"): two processes on one PostgreSQL and one
 * S3 server, behind Caddy balancing between them. Every request goes through Caddy; a test pins one to a process
 * ("through A", "served by B") with PIN_HEADER, and Caddy says which process answered.
 */

let s3: S3Server;
let s: SitesApp;
let a: AppProcess;
let b: AppProcess;
let caddy: CaddyBalancer;
let owner: CookieJar;

beforeAll(async () => {
  caddyPath(); // fails at once, with what to install, when Caddy is missing
  s3 = await startS3Server();
  const port = await freePort();
  // The public address is Caddy's: both processes are told so, as behind any load balancer.
  const env = {
    APP_URL: `http://localhost:${port}`,
    APPS_DOMAIN: `localhost:${port}`,
    TRUST_PROXY: "1",
    REVALIDATE_SECONDS: "1",
    REFRESH_LEASE_SECONDS: "3",
    ...s3.env,
  };
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "simple", page: workspaceIndex.simple!, password: "open sesame" },
      { siteType: "blog", page: workspaceIndex.blog! },
    ],
    { env },
  );
  a = s.app;
  b = await startApp({ databaseUrl: a.databaseUrl, env: { ...env, NOTION_API_BASE: s.stub.apiBaseUrl, NOTION_FILE_HOSTS: s.stub.url } });
  caddy = await startCaddy(port, { a: a.port, b: b.port });
  owner = await signedIn(caddy.url, s.ownerEmails[0]!);
}, 300_000);
afterAll(async () => {
  await caddy?.stop();
  await b?.stop();
  await s?.stop();
  await s3?.close();
});

type Process = "a" | "b";
/** The n-th seeded site's host as visitors reach it: on Caddy's port. */
const host = (n: number) => s.hosts[n]!.replace(`:${a.port}`, `:${caddy.port}`);

/** A request through Caddy, pinned to one process (or balanced when `to` is undefined). */
function via(to: Process | undefined, siteHost: string, path = "/", opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawResponse> {
  return rawRequest(`${caddy.url}${path}`, { ...opts, host: siteHost, headers: { ...opts.headers, ...(to ? { [PIN_HEADER]: to } : {}) } });
}
const servedBy = (res: RawResponse) => String(res.headers[SERVED_BY_HEADER] ?? "");
const rpcVia = (to: Process, jar: CookieJar, method: string, params: unknown) => rpc(caddy.url, jar, "site", method, params, { headers: { [PIN_HEADER]: to } });
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

/** Polls until `check` holds; fails after `withinMs`. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not true within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("two processes behind Caddy", () => {
  it("balances between the two processes", async () => {
    // Seeded sites have no snapshot yet: the first read takes it (a site created in the dashboard syncs right away).
    expect((await via("a", host(0))).status).toBe(200);
    const answers = await Promise.all([0, 1, 2, 3].map(() => via(undefined, host(0))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map(servedBy))).toEqual(new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]));
    expect(servedBy(await via("b", host(0)))).toBe(`127.0.0.1:${b.port}`);
  });

  it("a site created through A is served by B", async () => {
    const created = await rpcVia("a", owner, "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "through-caddy" });
    expect(created.body.error).toBeUndefined();
    const { url } = created.body.result as { url: string };
    const siteHost = new URL(url).host;
    expect(siteHost.endsWith(`.localhost:${caddy.port}`)).toBe(true);
    // A's first sync runs on after the answer; B serves the site once it is stored.
    await waitForFirstSync(caddy.url, owner, (created.body.result as { siteId: string }).siteId);
    const onB = await via("b", siteHost);
    expect(onB.status).toBe(200);
    expect(servedBy(onB)).toBe(`127.0.0.1:${b.port}`);
  });

  it("an upload through A is served by B (files on S3)", async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#aa1177" } }).png().toBuffer();
    const up = await rpcVia("a", owner, "uploadFile", { siteId: s.siteIds[0], kind: "logo", fileName: "logo.png", contentType: "image/png", dataBase64: png.toString("base64") });
    const { url } = up.body.result as { url: string };
    const file = new URL(url);
    const onB = await via("b", file.host, file.pathname + file.search);
    expect(onB.status).toBe(200);
    expect(servedBy(onB)).toBe(`127.0.0.1:${b.port}`);
    expect(onB.bytes.equals(png)).toBe(true);
  });

  it("a password set and removed through A takes effect on B within a second", async () => {
    const siteId = s.siteIds[0]!;
    expect((await via("b", host(0))).status).toBe(200);
    await rpcVia("a", owner, "updateSitePassword", { siteId, password: "a new secret" });
    await within(1_000, async () => (await via("b", host(0))).status === 401);
    await rpcVia("a", owner, "updateSitePassword", { siteId, password: null });
    await within(1_000, async () => (await via("b", host(0))).status === 200);
  });

  it("a site deleted through A is gone from B within a second", async () => {
    const third = await signedIn(caddy.url, s.ownerEmails[2]!);
    expect((await via("b", host(2))).status).toBe(200);
    const deleted = await rpcVia("a", third, "deleteSite", { siteId: s.siteIds[2] });
    expect(deleted.body.error).toBeUndefined();
    await within(1_000, async () => (await via("b", host(2))).status === 404);
  });

  it("limits password attempts across both processes", async () => {
    await awayFromMinuteEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await via(i % 2 ? "b" : "a", host(1), "/_/password", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password: `guess ${i}`, next: "/" }).toString(),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it("a stale site read on both processes at once is refreshed once across both", async () => {
    const control = stubControl(s.stub.url);
    const docs = host(0);
    // Slow Notion down for this page so both processes see the refresh under way.
    await control.fault({ mode: "latency", latencyMs: 800, endpoint: "loadPageChunk", pageId: pageIdOf(workspaceIndex.docs!), times: 5 });
    await control.touch(pageIdOf(workspaceIndex.docs!), "Refreshed once");
    await new Promise((r) => setTimeout(r, 1_200));
    const before = (await control.calls()).byEndpoint.loadPageChunk ?? 0;
    await Promise.all(Array.from({ length: 6 }, (_, i) => via(i % 2 ? "b" : "a", docs)));
    await within(10_000, async () => titleOf((await via("a", docs)).body).includes("Refreshed once") && titleOf((await via("b", docs)).body).includes("Refreshed once"));
    // One changed page, read once for the whole cluster.
    expect((await control.calls()).byEndpoint.loadPageChunk! - before).toBe(1);
  });
});
