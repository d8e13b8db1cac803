import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { startApp, type AppProcess } from "../../helpers/app-server";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync } from "../../helpers/rpc-client";
import { testDbMode } from "../../helpers/test-database";
import { until } from "../../helpers/until";
import { pageIdOf, WORKSPACE, workspaceIndex } from "../../helpers/sites";

/**
 * A server killed (SIGKILL) in the middle of "Sync now" leaves the site's refresh lease behind. After a restart on the
 * same database the owner's first Sync now is accepted: on PGlite only this process can have held the lease, so one
 * from before its start is void; on PostgreSQL the dead holder has no session left on the server, so its lease is void
 * before it runs out.
 */

let stub: NotionStub;
let app: AppProcess;
const env = () => ({ NOTION_API_BASE: stub.apiBaseUrl, NOTION_FILE_HOSTS: stub.url });

beforeAll(async () => {
  stub = await createNotionStub({ dataDir: WORKSPACE });
  app = await startApp({ env: env() });
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await stub?.close();
});

describe("Sync now after a crash mid-sync", () => {
  it("is accepted after the restart, not refused as 'already syncing' for minutes", async () => {
    const control = stubControl(stub.url);
    let owner = await signedIn(app.url, "crash-owner@example.com");
    const created = await rpc(app.url, owner, "site", "createNewSite", { siteType: "docs", notionPageUrl: workspaceIndex.docs, subdomain: "crashdocs" });
    const { siteId } = created.body.result as { siteId: string };
    await waitForFirstSync(app.url, owner, siteId);
    // The first sync's own work after its write (search index, hooks) may still be under way: a Sync now waits it out.
    expect((await rpc(app.url, owner, "site", "syncSiteNow", { siteId })).body.error).toBeUndefined();

    // The root page changed in Notion; every request now waits a minute, so Sync now holds the lease until the kill.
    const rootPageId = pageIdOf(workspaceIndex.docs!);
    await control.reset();
    await control.touch(rootPageId, "Edited before the crash");
    await control.fault({ mode: "latency", latencyMs: 60_000 });
    let answered: unknown = null;
    const pending = rpc(app.url, owner, "site", "syncSiteNow", { siteId }).then(
      (reply) => (answered = reply.body),
      () => null, // the connection closes with the kill
    );
    await until(async () => (await control.calls()).maxInFlight >= 1 || answered !== null, 10_000);
    expect(answered, "Sync now is still running when the server is killed").toBeNull();

    const exited = new Promise((resolve) => app.child.once("exit", (_code, signal) => resolve(signal)));
    app.child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    await pending;
    await control.reset();
    await control.touch(rootPageId, "Edited before the crash");
    const killedAt = Date.now();

    app = await startApp({ dataDir: app.dataDir, databaseUrl: app.databaseUrl, env: env() });
    owner = await signedIn(app.url, "crash-owner@example.com");
    const syncNow = () => rpc(app.url, owner, "site", "syncSiteNow", { siteId });
    const first = await syncNow();
    expect(first.body.error).toBeUndefined();
    expect(first.body.result).toMatchObject({ status: "updated" });
    console.log(`[drill] kill -9 mid-sync (${testDbMode()}): Sync now accepted ${Date.now() - killedAt} ms after the kill (restart included)`);
    const page = await rawRequest(`${app.url}/`, { host: `crashdocs.localhost:${app.port}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Edited before the crash");
  }, 180_000);
});
