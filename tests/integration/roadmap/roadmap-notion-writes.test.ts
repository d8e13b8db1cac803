import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_CONNECTED_MESSAGE } from "@/core/roadmap/update-roadmap-settings";
import type { NotionApiStub } from "../../../tools/notion-api-stub/server";
import type { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import type { PlunkStub } from "../../../tools/plunk-stub/server";
import { startConnectedWorld, type ConnectedWorld } from "../../helpers/connected-world";
import { CookieJar } from "../../helpers/auth-client";
import { dataSourceOf, propertyOf as propertyIn, rowTitled as rowIn } from "../../helpers/notion-api-rows";
import { linkIn, waitForMails } from "../../helpers/plunk";
import { rawRequest, type RawResponse } from "../../helpers/raw-request";
import { rpc, signedIn, waitForFirstSync } from "../../helpers/rpc-client";
import { pageIdOf, workspaceIndex } from "../../helpers/sites";

/**
 * Back to Notion (issue 26) over real HTTP: a roadmap connected through the official-API stand-in gets each item's vote
 * count in the Number property its owner chose, and approved ideas as new rows with their details as the page body;
 * a write Notion refuses is shown on the Votes screen and lands on the next push. A public-page roadmap keeps votes
 * in our database and may not pick a property.
 */

const SLACK = "ade1cb83-84f6-451d-b8fc-0cc29edc2ec0"; // "Slack alerts", Planned
const SSO = "da854e29-2f8a-4b8a-96d5-2ad5f69635ff"; // "Single sign-on (SAML)", Planned
const ROADMAP_DB = pageIdOf(workspaceIndex.roadmap!);

let world: ConnectedWorld;
let api: NotionApiStub;
let control: ReturnType<typeof notionApiStubControl>;
let plunk: PlunkStub;
let url: string;
let owner: CookieJar;
let other: CookieJar;
let siteId: string;
let host: string;
let publicSiteId: string;
let voter = "";
let ip = 0;

type Reply = Awaited<ReturnType<typeof rpc>>;
const call = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const result = <T>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
const errorOf = (reply: Reply) => ({ code: reply.body.error?.data?.code, message: reply.body.error?.message });
const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  rawRequest(`${url}${path}`, {
    host,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", referer: `http://${host}/`, "x-forwarded-for": `10.8.0.${++ip}`, accept: "application/json", ...headers },
    body: new URLSearchParams(form).toString(),
  });
const vote = (item: string, on: boolean): Promise<RawResponse> => post("/_/vote", { item, vote: on ? "1" : "0" }, { cookie: voter });

const dataSourceId = () => dataSourceOf(api, ROADMAP_DB);
const propertyOf = (pageId: string, name: string) => propertyIn(api, pageId, name);
const rowTitled = (title: string) => rowIn(api, ROADMAP_DB, title);

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await check()).toBe(true);
}

beforeAll(async () => {
  world = await startConnectedWorld({ email: true, env: { TRUST_PROXY: "1" } });
  ({ api, control, url } = world);
  plunk = world.plunk!;
  owner = await signedIn(url, "roadmap-writes@example.com");
  other = await signedIn(url, "roadmap-writes-other@example.com");
  const token = await control.createToken([ROADMAP_DB]);
  const { connectionId } = result<{ connectionId: string }>(await call(owner, "addNotionIntegrationSecret", { secret: token }));
  const created = result<{ siteId: string; url: string }>(await call(owner, "createNewSite", { siteType: "roadmap", notionPageUrl: workspaceIndex.roadmap, subdomain: "lumen-votes", connectionId }));
  siteId = created.siteId;
  host = new URL(created.url).host;
  publicSiteId = result<{ siteId: string }>(await call(owner, "createNewSite", { siteType: "roadmap", notionPageUrl: workspaceIndex.roadmap, subdomain: "lumen-public-votes" })).siteId;
  // createNewSite answers before the first sync ends: the tests start from published sites.
  for (const id of [siteId, publicSiteId]) await waitForFirstSync(url, owner, id);
  // The owner adds a Number property for the counts in Notion.
  await control.addProperty(dataSourceId(), "Votes", "number");
}, 300_000);
afterAll(async () => {
  await world?.stop();
});

describe("roadmap votes back to Notion", () => {
  it("accepts only a Number property of the roadmap database, on a connected roadmap, for its owner", async () => {
    expect(errorOf(await call(owner, "updateRoadmapSettings", { siteId, roadmap: { votesProperty: "Area" } }))).toEqual({
      code: "VALIDATION",
      message: "“Area” is not a Number property of your roadmap database: choose “Votes”",
    });
    expect(errorOf(await call(owner, "updateRoadmapSettings", { siteId, roadmap: { votesProperty: "Nope" } })).code).toBe("VALIDATION");
    expect(errorOf(await call(owner, "updateRoadmapSettings", { siteId: publicSiteId, roadmap: { votesProperty: "Votes" } }))).toEqual({ code: "VALIDATION", message: NOT_CONNECTED_MESSAGE });
    expect(errorOf(await call(other, "updateRoadmapSettings", { siteId, roadmap: { votesProperty: "Votes" } })).code).toBe("NOT_FOUND");
    const saved = result<{ settings: { roadmap: { votesProperty: string; statusEmails: boolean } } }>(await call(owner, "updateRoadmapSettings", { siteId, roadmap: { votesProperty: "Votes" } }));
    expect(saved.settings.roadmap).toEqual({ statusEmails: true, votesProperty: "Votes" });

    const feedback = result<{ votesIn: string }>(await call(owner, "getRoadmapFeedback", { siteId }));
    expect(feedback.votesIn).toBe("notion");
    expect(result<{ votesIn: string }>(await call(owner, "getRoadmapFeedback", { siteId: publicSiteId })).votesIn).toBe("here");
  });

  it("writes an item's vote count to the property when a visitor votes and unvotes", async () => {
    const asked = await post("/_/vote", { item: SLACK, vote: "1", email: "grace@example.com" });
    expect(asked.status).toBe(202);
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "grace@example.com");
    const link = new URL(linkIn(mail!, "/_/vote/confirm"));
    const confirmed = await rawRequest(`${url}${link.pathname}${link.search}`, { host });
    expect(confirmed.status).toBe(303);
    voter = String(confirmed.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
    expect(propertyOf(SLACK, "Votes") ?? null).toBeNull(); // the demo row had no count
    await until(() => propertyOf(SLACK, "Votes") === 1);

    expect(JSON.parse((await vote(SLACK, false)).body)).toMatchObject({ voted: false, count: 0 });
    await until(() => propertyOf(SLACK, "Votes") === 0);
    expect(JSON.parse((await vote(SLACK, true)).body)).toMatchObject({ voted: true, count: 1 });
    await until(() => propertyOf(SLACK, "Votes") === 1);
    // Only what changed is written: the other rows were never touched.
    expect(propertyOf(SSO, "Votes") ?? null).toBeNull();
  });

  it("a write Notion refuses shows on the Votes screen, the vote is kept, and the next push writes it", async () => {
    await control.fault({ endpoint: "pages.update", status: 500, times: 1 });
    expect(JSON.parse((await vote(SSO, true)).body)).toMatchObject({ voted: true, count: 1 });
    await until(async () => result<{ notionFailures: unknown[] }>(await call(owner, "getRoadmapFeedback", { siteId })).notionFailures.length === 1);
    const failing = result<{ notionFailures: { itemId: string; title: string; error: string; attempts: number }[]; items: { itemId: string; votes: number }[] }>(
      await call(owner, "getRoadmapFeedback", { siteId }),
    );
    expect(failing.notionFailures).toEqual([{ itemId: SSO, title: "Single sign-on (SAML)", error: "Notion did not answer, please try again", attempts: 1 }]);
    expect(failing.items.find((i) => i.itemId === SSO)?.votes).toBe(1);
    expect(propertyOf(SSO, "Votes") ?? null).toBeNull();

    // A 429 waits out its Retry-After in the connection's queue and is sent again: nothing fails.
    await control.fault({ endpoint: "pages.update", status: 429, retryAfter: 0.2, times: 1 });
    await vote(SLACK, false);
    await until(() => propertyOf(SSO, "Votes") === 1 && propertyOf(SLACK, "Votes") === 0);
    await until(async () => result<{ notionFailures: unknown[] }>(await call(owner, "getRoadmapFeedback", { siteId })).notionFailures.length === 0);
  });

  it("an approved idea becomes a row with its title, the chosen column and its details as the page body", async () => {
    const sent = await post("/_/ideas", { title: "Funnel exports", details: "CSV of each step.\n\nAnd a PNG of the chart." }, { cookie: voter });
    expect(sent.status).toBeLessThan(400);
    const { ideas } = result<{ ideas: { ideaId: string; title: string }[] }>(await call(owner, "getRoadmapFeedback", { siteId }));
    const idea = ideas.find((i) => i.title === "Funnel exports")!;
    expect(errorOf(await call(other, "approveRoadmapIdea", { siteId, ideaId: idea.ideaId, column: "Planned" })).code).toBe("NOT_FOUND");
    expect(rowTitled("Funnel exports")).toBeUndefined();
    result(await call(owner, "approveRoadmapIdea", { siteId, ideaId: idea.ideaId, column: "Planned" }));

    await until(() => Boolean(rowTitled("Funnel exports")));
    const row = rowTitled("Funnel exports")!;
    const rowId = String(row.id);
    expect((propertyOf(rowId, "Status") as { name: string }).name).toBe("Planned");
    const body = (api.workspace().children.get(rowId) ?? []).map((id) => api.workspace().blocks.get(id)!);
    expect(body.map((b) => [b.type, ((b.paragraph as { rich_text: { plain_text: string }[] }).rich_text[0]!).plain_text])).toEqual([
      ["paragraph", "CSV of each step."],
      ["paragraph", "And a PNG of the chart."],
    ]);
    // Its author's vote moved to the new row, and the count followed.
    await until(() => propertyOf(rowId, "Votes") === 1);
    await until(async () => {
      const { items } = result<{ items: { itemId: string; title: string; votes: number }[] }>(await call(owner, "getRoadmapFeedback", { siteId }));
      return items.some((i) => i.itemId === rowId && i.title === "Funnel exports" && i.votes === 1);
    });
  });
});
