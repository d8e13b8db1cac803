import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rpc, signedIn } from "../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../helpers/sites";

/**
 * Error reporting over real HTTP (docs/product.md §8): the real server with BUGSNAG_API_KEY and BUGSNAG_ENDPOINT at a local
 * collector that records what Bugsnag's notifier posts. An unexpected failure (Notion answering 500 while a page is
 * checked) is reported in production; a validation error is not; a "preview" release stage sends nothing.
 */

type Received = { path: string; apiKey: string | undefined; body: { events: { exceptions: { errorClass: string; message: string }[]; app: { releaseStage: string }; metaData: { context?: Record<string, unknown> } }[] } };

let collector: http.Server;
let collectorUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ path: req.url ?? "", apiKey: req.headers["bugsnag-api-key"] as string | undefined, body: JSON.parse(body || "{}") as Received["body"] });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => collector.close(r));
});

async function withApp(releaseStage: string, fn: (s: SitesApp) => Promise<void>) {
  const s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog }], {
    env: { BUGSNAG_API_KEY: "0123456789abcdef0123456789abcdef", BUGSNAG_ENDPOINT: collectorUrl, RELEASE_STAGE: releaseStage },
  });
  try {
    await fn(s);
  } finally {
    await s.stop();
  }
}

const failNotion = (s: SitesApp) =>
  fetch(`${s.stub.url}/__stub/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mode: "status", status: 500, times: 20 }) });

describe("error reporting", () => {
  it("reports an unexpected failure in production, with its context, and not a validation error", async () => {
    await withApp("production", async (s) => {
      const jar = await signedIn(s.app.url, s.ownerEmails[0]!);
      const invalid = await rpc(s.app.url, jar, "site", "updateSite", { siteId: s.siteIds[0], settings: { theme: { accentColor: "red" } } });
      expect(invalid.body.error?.data?.code).toBe("VALIDATION");
      await failNotion(s);
      const failed = await rpc(s.app.url, jar, "site", "safeGetNotionPageState", { notionPageUrl: workspaceIndex.docs });
      expect(failed.body.error?.message).toBe("Something went wrong, please try again");
      await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1000));
      const events = received.flatMap((r) => r.body.events ?? []);
      expect(received.every((r) => r.apiKey === "0123456789abcdef0123456789abcdef")).toBe(true);
      expect(events.map((e) => e.metaData.context?.operation)).toEqual(["safeGetNotionPageState"]);
      expect(events[0]!.app.releaseStage).toBe("production");
      expect(events[0]!.metaData.context).toMatchObject({ operation: "safeGetNotionPageState", notionPageUrl: workspaceIndex.docs });
    });
  }, 240_000);

  it("sends nothing when the release stage is preview", async () => {
    received.length = 0;
    await withApp("preview", async (s) => {
      const jar = await signedIn(s.app.url, s.ownerEmails[0]!);
      await failNotion(s);
      const failed = await rpc(s.app.url, jar, "site", "safeGetNotionPageState", { notionPageUrl: workspaceIndex.docs });
      expect(failed.body.error?.message).toBe("Something went wrong, please try again");
      expect(s.app.output()).toContain('"operation":"safeGetNotionPageState"');
      await new Promise((r) => setTimeout(r, 2000));
      expect(received).toEqual([]);
    });
  }, 240_000);
});
