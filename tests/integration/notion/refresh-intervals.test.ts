import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubControl } from "../../../tools/notion-stub/control";
import { rpc, signedIn, type CookieJar } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";

/**
 * Refresh intervals follow a site's life (docs/notion.md, "Freshness"): the demo workspace was last edited long ago, so its
 * blog is read for a while without a refresh; Sync now is immediate; once its newest edit is recent, reads refresh
 * it every REVALIDATE_SECONDS again.
 */

let s: SitesApp;
let blog: string;
let owner: CookieJar;
const control = () => stubControl(s.stub.url);
const SLUG = "/self-hosting-lumen-on-a-5-server";

beforeAll(async () => {
  s = await startSitesApp([{ siteType: "blog", page: workspaceIndex.blog! }], {
    // The product's defaults for the quiet and idle intervals (tests otherwise run every site at REVALIDATE_SECONDS).
    env: { REVALIDATE_SECONDS: "1", REVALIDATE_QUIET_SECONDS: "60", REVALIDATE_IDLE_SECONDS: "300" },
  });
  blog = s.hosts[0]!;
  owner = await signedIn(s.app.url, s.ownerEmails[0]!);
}, 240_000);
afterAll(() => s?.stop());

const rowTitled = (title: string) => [...s.stub.store().records.block.values()].find((b) => JSON.stringify(b.properties ?? {}).includes(title))!;
const requestsToNotion = async () => (await control().calls()).total;

describe("refresh intervals", () => {
  it("a site unchanged for days is not refreshed on every read past REVALIDATE_SECONDS", async () => {
    expect((await s.get(blog, SLUG)).status).toBe(200);
    const row = rowTitled("Self-hosting Lumen on a $5 server");
    await control().reset();
    await control().touch(row.id, "Self-hosting Lumen on a small server");
    // Three windows of REVALIDATE_SECONDS, read all along: an active site would have been refreshed by now.
    for (let i = 0; i < 6; i++) {
      expect((await s.get(blog, "/")).status).toBe(200);
      expect((await s.get(blog, SLUG)).body).toContain("Self-hosting Lumen on a $5 server");
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(await requestsToNotion()).toBe(0);
  });

  it("Sync now is immediate whatever the interval", async () => {
    const synced = await rpc(s.app.url, owner, "site", "syncSiteNow", { siteId: s.siteIds[0]! });
    expect(synced.body.error).toBeUndefined();
    expect((await s.get(blog, "/self-hosting-lumen-on-a-small-server")).status).toBe(200);
  });

  it("once edited lately, a read past REVALIDATE_SECONDS refreshes it again", async () => {
    const row = rowTitled("Self-hosting Lumen on a small server");
    await control().touch(row.id, "Self-hosting Lumen on a tiny server");
    // Readers on the blog's home page start the refresh; the renamed post then answers under its new slug.
    await until(async () => {
      expect((await s.get(blog, "/")).status).toBe(200);
      return (await s.get(blog, "/self-hosting-lumen-on-a-tiny-server")).status === 200;
    }, 20_000);
  });
});
