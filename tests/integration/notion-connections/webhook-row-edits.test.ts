import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { startConnectedWorld, type ConnectedWorld } from "../../helpers/connected-world";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync } from "../../helpers/rpc-client";
import { workspaceIndex, pageIdOf } from "../../helpers/sites";
import { until } from "../../helpers/until";

/**
 * A webhook about a connected blog's post (issue 22): only that row is read again and patched into the snapshot —
 * the database's query is not re-run — and the index, the post page, hidden and deleted posts still come out right.
 * Notion requests are counted by the official-API stand-in.
 */

let control: ReturnType<typeof notionApiStubControl>;
let url: string;
let host: string;

const DASHBOARDS_POST = "12671a2d-0c48-4c9f-abff-a8aa1c4d76ce";
const DASHBOARDS_BODY_BLOCK = "8c4cd9b3-2ade-4cbb-8aaa-d1cdc5997268";
const PRICING_POST = "0513fa3b-52fa-4518-a73f-7c32cbf999ac";
const SOC2_POST = "e7ac9628-b524-46da-b486-d94b9390aa67";
/**
 * What reading the one post costs: its block and page, its blocks (3 lists with nested ones), its data source, the
 * page it mentions and its 2 people. Re-running the database's query, as before, added ~8 more (17 in the bench).
 */
const MAX_REQUESTS_PER_ROW_EDIT = 9;

const home = async () => (await rawRequest(`${url}/`, { host })).body;
const postPath = (html: string, slugPart: string) => {
  const href = new RegExp(`href="([^"]*${slugPart}[^"]*)"`).exec(html)?.[1];
  return href ? new URL(href, "http://x").pathname : null;
};

/** Makes the change, waits for the site to show it, and returns the Notion requests the webhook's refresh made. */
async function requestsFor(change: () => Promise<unknown>, shown: () => Promise<boolean>): Promise<{ total: number; byEndpoint: Record<string, number> }> {
  const before = await control.calls();
  await change();
  await until(shown);
  // The page shows the change once the snapshot is written; let any request still under way land before counting.
  let after = await control.calls();
  for (let settled = 0; settled < 3; ) {
    await new Promise((r) => setTimeout(r, 100));
    const now = await control.calls();
    settled = now.total === after.total ? settled + 1 : 0;
    after = now;
  }
  const byEndpoint = Object.fromEntries(
    Object.entries(after.byEndpoint)
      .map(([endpoint, n]) => [endpoint, (n ?? 0) - (before.byEndpoint[endpoint as keyof typeof before.byEndpoint] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  return { total: after.total - before.total, byEndpoint };
}

let world: ConnectedWorld;

beforeAll(async () => {
  world = await startConnectedWorld();
  ({ control, url } = world);
  const owner = await signedIn(url, "row-edits@example.com");
  const token = await control.createToken([pageIdOf(workspaceIndex.blog)]);
  const added = await rpc(url, owner, "site", "addNotionIntegrationSecret", { secret: token });
  const connectionId = (added.body.result as { connectionId: string }).connectionId;
  const created = await rpc(url, owner, "site", "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "row-edits", connectionId });
  if (created.body.error) throw new Error(created.body.error.message);
  host = new URL((created.body.result as { url: string }).url).host;
  await waitForFirstSync(url, owner, (created.body.result as { siteId: string }).siteId);
  expect(await home()).toContain("How we made dashboards 10× faster");
  await world.connectWebhooks();
}, 240_000);
afterAll(async () => {
  await world?.stop();
});

describe("a webhook about a blog post", () => {
  it("reads just that post: a new title shows on the index and on the post's page", async () => {
    const used = await requestsFor(
      () => control.editPage(DASHBOARDS_POST, { title: "Dashboards, ten times faster" }),
      async () => (await home()).includes("Dashboards, ten times faster"),
    );
    expect(used.byEndpoint).not.toHaveProperty("dataSources.query");
    expect(used.byEndpoint).not.toHaveProperty("views.list");
    expect(used.total, JSON.stringify(used.byEndpoint)).toBeLessThanOrEqual(MAX_REQUESTS_PER_ROW_EDIT);
    const index = await home();
    expect(index).not.toContain("How we made dashboards 10× faster");
    const path = postPath(index, "dashboards-ten-times-faster");
    expect(path).toBeTruthy();
    const post = await rawRequest(`${url}${path}`, { host });
    expect(post.status).toBe(200);
    expect(post.body).toContain("Dashboards, ten times faster");
    // Every other post is still listed.
    expect(index).toContain("Our pricing, explained");
    expect(index).toContain("Self-hosting Lumen on a $5 server");
  });

  it("reads just that post when its body is edited", async () => {
    const path = postPath(await home(), "dashboards-ten-times-faster")!;
    const used = await requestsFor(
      () => control.editBlock(DASHBOARDS_BODY_BLOCK, "One query per dashboard now, says the webhook"),
      async () => (await rawRequest(`${url}${path}`, { host })).body.includes("One query per dashboard now, says the webhook"),
    );
    expect(used.byEndpoint).not.toHaveProperty("dataSources.query");
    expect(used.total, JSON.stringify(used.byEndpoint)).toBeLessThanOrEqual(MAX_REQUESTS_PER_ROW_EDIT);
  });

  it("a post marked hidden leaves the index, and its page is gone", async () => {
    const path = postPath(await home(), "soc-2")!;
    expect(path).toBeTruthy();
    const used = await requestsFor(
      () => control.editPage(SOC2_POST, { properties: { Hidden: true } }),
      async () => !(await home()).includes("SOC 2 Type II compliant"),
    );
    expect(used.byEndpoint).not.toHaveProperty("dataSources.query");
    expect((await rawRequest(`${url}${path}`, { host })).status).toBe(404);
  });

  it("a deleted post disappears (the database is queried again)", async () => {
    const path = postPath(await home(), "pricing")!;
    expect(path).toBeTruthy();
    await requestsFor(
      () => control.deletePage(PRICING_POST),
      async () => !(await home()).includes("Our pricing, explained"),
    );
    expect((await rawRequest(`${url}${path}`, { host })).status).toBe(404);
    expect(await home()).toContain("Dashboards, ten times faster");
  });
});
