import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { siteSyncs } from "@/db/schema";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { createNotionGateway } from "@/notion/notion-gateway";
import { publicPageSource } from "@/notion/page-source";
import { createContentService, type ContentSite } from "@/notion/site-content";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { RecordMapBuilder } from "../../helpers/notion-records";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/**
 * The content service's side of the watch (issue 22), against the Notion stand-in and a real database: how often a
 * site polls is decided per site (a connected site with working webhooks rarely), and failed refreshes are counted
 * in a row for the owner's one email — a good refresh ends the run.
 */

let stub: NotionStub;
let database: Database;
let rootPageId: string;
const control = () => stubControl(stub.url);

beforeAll(async () => {
  const ws = new RecordMapBuilder();
  rootPageId = ws.page("Watched", [{ type: "text", text: "Hello" }]);
  stub = await createNotionStub({ dataDir: ws.write() });
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await stub?.close();
  await database?.close();
});

const gateway = () => createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 400, backoffMs: 5, maxAttempts: 1 });

async function newSite(connected: boolean): Promise<ContentSite> {
  const { site } = await insertSite(database, "simple", rootPageId);
  // A stand-in connection id: the service below reads "connected" sites through the same stand-in.
  return { ...contentSiteOf(site), notionConnectionId: connected ? "connection-under-test" : null };
}

describe("polling per site", () => {
  it("a connected site whose webhooks work is not refreshed by reads inside its longer interval; a public one is", async () => {
    const g = gateway();
    const content = createContentService({
      db: database.db,
      gateway: g,
      connectedSource: async () => publicPageSource(g),
      revalidateMs: 0,
      revalidateMsOf: (site) => (site.notionConnectionId ? 60_000 : 0),
      log: () => {},
    });
    const connected = await newSite(true);
    const plain = await newSite(false);
    expect((await content.refresh(connected)).status).toBe("updated");
    expect((await content.refresh(plain)).status).toBe("updated");
    await control().reset();
    await new Promise((r) => setTimeout(r, 20));

    await content.getContent(connected);
    await content.idle();
    expect((await control().calls()).total).toBe(0);

    await content.getContent(plain);
    await content.idle();
    expect((await control().calls()).total).toBeGreaterThan(0);
  });
});

describe("failed refreshes in a row", () => {
  it("are counted with when the run began, told to the hook each time, and reset by a good refresh", async () => {
    const failures: number[] = [];
    const content = createContentService({
      db: database.db,
      gateway: gateway(),
      revalidateMs: 60_000,
      log: () => {},
      onFailed: async (_site, failure) => void failures.push(failure.failureCount),
    });
    const site = await newSite(false);
    expect((await content.refresh(site)).status).toBe("updated");
    const state = async () => (await database.db.select().from(siteSyncs).where(eq(siteSyncs.siteId, site.id)))[0]!;

    await control().fault({ mode: "status", status: 502, times: 3 });
    for (let i = 0; i < 3; i++) expect((await content.refresh(site)).status).toBe("failed");
    expect(failures).toEqual([1, 2, 3]);
    const failing = await state();
    expect(failing.failureCount).toBe(3);
    expect(failing.failingSince).toBeInstanceOf(Date);
    expect(failing.lastError).toBe("Notion did not answer, please try again");

    await database.db.update(siteSyncs).set({ failureNotifiedAt: new Date() }).where(eq(siteSyncs.siteId, site.id));
    expect((await content.refresh(site)).status).toMatch(/updated|unchanged/);
    expect(await state()).toMatchObject({ failureCount: 0, failingSince: null, failureNotifiedAt: null, lastError: null });
  });
});
