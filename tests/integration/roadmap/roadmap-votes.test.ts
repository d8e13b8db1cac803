import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { plunkStubControl } from "../../../tools/plunk-stub/control";
import { stubControl } from "../../../tools/notion-stub/control";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rawRequest, type RawResponse } from "../../helpers/raw-request";
import { linkIn, sentMails, waitForMails } from "../../helpers/plunk";
import { rpc, signedIn } from "../../helpers/rpc-client";

/**
 * Roadmap votes and ideas over real HTTP (issue 26): the real server against the Notion stand-in's demo roadmap and
 * the Plunk stand-in. A visitor votes with an email, confirms by the mailed link (which sets the voter cookie), then
 * votes and unvotes in one click; suggests an idea that the owner approves into a column; the voter of an item gets
 * exactly one email when a sync sees it move; a locked roadmap answers none of it.
 */

const SLACK = "ade1cb83-84f6-451d-b8fc-0cc29edc2ec0"; // "Slack alerts", Planned
const SSO = "da854e29-2f8a-4b8a-96d5-2ad5f69635ff"; // "Single sign-on (SAML)", Planned
const STATUS_KEY = "5b5c";
let plunk: PlunkStub;
let s: SitesApp;
let ip = 0;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp(
    [
      { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { name: "Lumen Roadmap" } },
      { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { name: "Secret Roadmap" }, password: "open sesame" },
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Lumen Changelog" } },
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Secret Changelog" }, password: "open sesame" },
    ],
    { env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", REVALIDATE_SECONDS: "1", TRUST_PROXY: "1" } },
  );
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

const post = (host: string, path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  rawRequest(`${s.app.url}${path}`, {
    host,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", referer: `http://${host}/`, "x-forwarded-for": `10.9.0.${++ip}`, ...headers },
    body: new URLSearchParams(form).toString(),
  });
const cookieOf = (res: RawResponse) => String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
/** The vote count shown on an item's card in the board's HTML. */
const countOn = (html: string, itemId: string) => {
  const card = html.slice(html.indexOf(`id="vote-${itemId}"`));
  return Number(/class="vote-count">(\d+)</.exec(card)![1]);
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("roadmap votes", () => {
  let voter = "";

  it("asks for an email first, confirms it by the product's own mail, then counts the vote and sets a site-scoped HttpOnly cookie", async () => {
    const host = s.hosts[0]!;
    const board = await s.get(host, "/");
    expect(board.status).toBe(200);
    expect(countOn(board.body, SLACK)).toBe(0);
    expect(board.body).toContain('action="/_/ideas"');

    const noEmail = await post(host, "/_/vote", { item: SLACK });
    expect(noEmail.status).toBe(303);
    expect(noEmail.headers.location).toBe(`/_/vote?item=${SLACK}`);
    expect((await s.get(host, `/_/vote?item=${SLACK}`)).body).toContain('name="email"');

    const asked = await post(host, "/_/vote", { item: SLACK, vote: "1", email: "ada@example.com" });
    expect(asked.status).toBe(200);
    expect(asked.body).toContain("Check your inbox");
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "ada@example.com");
    expect(mail!.subject).toBe("Confirm your email to vote");
    expect(mail!.name).toBe(`${host} via Pagewright`);
    expect(mail!.text).not.toContain("Lumen Roadmap"); // no owner text in a mail anyone can trigger
    // Not counted before the link is clicked.
    expect(countOn((await s.get(host, "/")).body, SLACK)).toBe(0);

    const link = new URL(linkIn(mail!, "/_/vote/confirm"));
    const confirmed = await s.get(host, `${link.pathname}${link.search}`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(`/?voted=1#vote-${SLACK}`);
    const setCookie = String(confirmed.headers["set-cookie"]?.[0]);
    expect(setCookie).toMatch(/^voter=[A-Za-z0-9_-]{40,}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=31536000/);
    voter = cookieOf(confirmed);
    expect(countOn((await s.get(host, "/")).body, SLACK)).toBe(1);
    const itemPage = (await s.get(host, "/slack-alerts")).body;
    expect(/<form class="vote"[^]*?class="vote-count">(\d+)</.exec(itemPage)?.[1]).toBe("1");
    const mine = JSON.parse((await s.get(host, "/_/votes", { cookie: voter })).body) as { counts: Record<string, number>; mine: string[]; known: boolean };
    expect(mine).toEqual({ counts: { [SLACK]: 1 }, mine: [SLACK], known: true });
  });

  it("unvotes and votes again in one click; one vote per voter and item; a form without `vote` toggles", async () => {
    const host = s.hosts[0]!;
    const json = { cookie: voter, accept: "application/json" };
    expect(JSON.parse((await post(host, "/_/vote", { item: SLACK, vote: "1" }, json)).body)).toEqual({ item: SLACK, voted: true, count: 1 });
    expect(JSON.parse((await post(host, "/_/vote", { item: SLACK, vote: "0" }, json)).body)).toEqual({ item: SLACK, voted: false, count: 0 });
    const toggled = await post(host, "/_/vote", { item: SLACK }, { cookie: voter });
    expect(toggled.status).toBe(303);
    expect(toggled.headers.location).toBe(`/#vote-${SLACK}`);
    expect(countOn((await s.get(host, "/")).body, SLACK)).toBe(1);
    expect((await post(host, "/_/vote", { item: "not-an-item" }, json)).status).toBe(404);
    // A made-up cookie is nobody: asked for an email.
    expect((await post(host, "/_/vote", { item: SSO }, { cookie: "voter=forgedforgedforgedforgedforgedforged", accept: "application/json" })).status).toBe(401);
  });

  it("sorts a column by votes without JavaScript", async () => {
    const host = s.hosts[0]!;
    const sorted = (await s.get(host, "/?sort=votes")).body;
    const planned = sorted.slice(sorted.indexOf('id="col-planned"'));
    expect(planned.indexOf(`vote-${SLACK}`)).toBeLessThan(planned.indexOf(`vote-${SSO}`));
    const notion = (await s.get(host, "/")).body;
    const plannedInOrder = notion.slice(notion.indexOf('id="col-planned"'));
    expect(plannedInOrder.indexOf(`vote-${SLACK}`)).toBeLessThan(plannedInOrder.indexOf(`vote-${SSO}`)); // Notion's order has it first too
    expect(sorted).toContain(">Default order</a>");
  });

  it("takes an idea from a known voter; the owner approves it into a column and it shows on the board with its author's vote", async () => {
    const host = s.hosts[0]!;
    const sent = await post(host, "/_/ideas", { title: "Dark mode for embeds", details: "Our app is dark." }, { cookie: voter });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Thanks for your idea");
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const feedback = (await rpc(s.app.url, owner, "site", "getRoadmapFeedback", { siteId: s.siteIds[0] })).body.result as {
      votesIn: string; columns: string[]; items: { itemId: string; votes: number }[]; ideas: { ideaId: string; title: string; email: string }[];
    };
    expect(feedback.votesIn).toBe("here");
    expect(feedback.columns).toContain("Planned");
    expect(feedback.items[0]).toMatchObject({ itemId: SLACK, votes: 1 });
    expect(feedback.ideas).toEqual([expect.objectContaining({ title: "Dark mode for embeds", email: "ada@example.com" })]);
    const approved = await rpc(s.app.url, owner, "site", "approveRoadmapIdea", { siteId: s.siteIds[0], ideaId: feedback.ideas[0]!.ideaId, column: "Planned" });
    const itemId = (approved.body.result as { itemId: string }).itemId;
    expect(itemId).toBe(`idea:${feedback.ideas[0]!.ideaId}`);
    const again = await rpc(s.app.url, owner, "site", "approveRoadmapIdea", { siteId: s.siteIds[0], ideaId: feedback.ideas[0]!.ideaId, column: "Planned" });
    expect(again.body.error?.data?.code).toBe("NOT_FOUND"); // decided once
    const board = (await s.get(host, "/")).body;
    const planned = board.slice(board.indexOf('id="col-planned"'), board.indexOf('id="col-', board.indexOf('id="col-planned"') + 10));
    expect(planned).toContain("Dark mode for embeds");
    // A card as Canny shows one: the title, then a line of what it is about (the idea's details here).
    expect(planned).toContain('<span class="board-card-title">Dark mode for embeds</span><span class="board-card-desc">Our app is dark.</span>');
    expect(countOn(board, itemId)).toBe(1);
    const csv = (await rpc(s.app.url, owner, "site", "roadmapVotersToCsv", { siteId: s.siteIds[0] })).body.result as { csv: string };
    expect(csv.csv.split("\n")[0]).toBe("item,status,email,voted_at");
    expect(csv.csv).toContain("Slack alerts,Planned,ada@example.com,");
    expect(csv.csv).toContain("Dark mode for embeds,Planned,ada@example.com,");
  });

  it("mails each voter exactly once when a sync sees the item move, with an unsubscribe link", async () => {
    const host = s.hosts[0]!;
    await plunkStubControl(plunk.url).reset();
    await stubControl(s.stub.url).touch(SLACK, undefined, { [STATUS_KEY]: [["Shipped"]] });
    // Page views start background refreshes (REVALIDATE_SECONDS=1); several of them, one change.
    let mails: Awaited<ReturnType<typeof waitForMails>> = [];
    for (let i = 0; i < 40 && !mails.length; i++) {
      await s.get(host, "/slack-alerts");
      await wait(500);
      mails = (await sentMails(plunk.url)).filter((m) => m.to === "ada@example.com");
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Slack alerts: Shipped — Lumen Roadmap");
    expect(mails[0]!.text).toContain("moved from Planned to Shipped");
    expect(linkIn(mails[0]!, "/_/vote/unsubscribe?token=")).toContain(host);
    for (let i = 0; i < 4; i++) {
      await s.get(host, "/slack-alerts");
      await wait(600);
    }
    expect((await sentMails(plunk.url)).filter((m) => m.to === "ada@example.com")).toHaveLength(1);
  }, 60_000);

  it("moves an approved idea to another column (its voter is mailed once), and removes it; another owner can do neither", async () => {
    const host = s.hosts[0]!;
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const intruder = await signedIn(s.app.url, "intruder@example.com");
    type Feedback = { items: { itemId: string; title: string; status: string; votes: number; ideaId: string | null }[] };
    const feedback = async () => (await rpc(s.app.url, owner, "site", "getRoadmapFeedback", { siteId: s.siteIds[0] })).body.result as Feedback;
    const idea = (await feedback()).items.find((i) => i.title === "Dark mode for embeds")!;
    expect(idea).toMatchObject({ status: "Planned", ideaId: idea.itemId.slice("idea:".length) });
    const ref = { siteId: s.siteIds[0], ideaId: idea.ideaId };
    await plunkStubControl(plunk.url).reset();

    // Another owner: the spec's not-found, and nothing changes.
    expect((await rpc(s.app.url, intruder, "site", "updateRoadmapIdea", { ...ref, column: "Shipped" })).body.error?.data?.code).toBe("NOT_FOUND");
    expect((await rpc(s.app.url, intruder, "site", "removeRoadmapIdea", ref)).body.error?.data?.code).toBe("NOT_FOUND");
    expect((await feedback()).items.find((i) => i.itemId === idea.itemId)?.status).toBe("Planned");
    expect((await rpc(s.app.url, owner, "site", "updateRoadmapIdea", { ...ref, column: "Not a column" })).body.error?.data?.code).toBe("VALIDATION");

    const moved = await rpc(s.app.url, owner, "site", "updateRoadmapIdea", { ...ref, column: "In progress" });
    expect(moved.body.result).toMatchObject({ itemId: idea.itemId, column: "In progress", moved: true });
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "ada@example.com");
    expect(mail!.subject).toBe("Dark mode for embeds: In progress — Lumen Roadmap");
    expect(mail!.text).toContain("moved from Planned to In progress");
    const board = (await s.get(host, "/")).body;
    const inProgress = board.slice(board.indexOf('id="col-in-progress"'), board.indexOf('id="col-', board.indexOf('id="col-in-progress"') + 10));
    expect(inProgress).toContain("Dark mode for embeds");
    // The same column again moves nothing and mails nobody.
    expect((await rpc(s.app.url, owner, "site", "updateRoadmapIdea", { ...ref, column: "In progress" })).body.result).toMatchObject({ moved: false });

    expect((await rpc(s.app.url, owner, "site", "removeRoadmapIdea", ref)).body.result).toMatchObject({ itemId: idea.itemId, status: "removed" });
    expect((await feedback()).items.map((i) => i.title)).not.toContain("Dark mode for embeds");
    expect((await s.get(host, "/")).body).not.toContain("Dark mode for embeds");
    expect((await rpc(s.app.url, owner, "site", "removeRoadmapIdea", ref)).body.error?.data?.code).toBe("NOT_FOUND");
    await wait(300);
    expect((await sentMails(plunk.url)).filter((m) => m.to === "ada@example.com")).toHaveLength(1);
  });

  it("previews the status email with the address the real one links to", async () => {
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const preview = (await rpc(s.app.url, owner, "site", "previewRoadmapStatusEmail", { siteId: s.siteIds[0] })).body.result as { enabled: boolean; text: string };
    expect(preview.enabled).toBe(true);
    expect(preview.text).toContain(`http://${s.hosts[0]}/`);
    expect(preview.text).not.toContain(`https://${s.hosts[0]}`);
  });

  it("a locked roadmap answers votes, counts, ideas and confirmations with 401 and names nothing", async () => {
    const host = s.hosts[1]!;
    const answers = [
      await post(host, "/_/vote", { item: SLACK, email: "eve@example.com" }),
      await post(host, "/_/ideas", { title: "Leak please", email: "eve@example.com" }),
      await s.get(host, "/_/votes"),
      await s.get(host, `/_/vote?item=${SLACK}`),
      await s.get(host, "/_/vote/confirm?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).not.toContain("Slack");
      expect(res.body).not.toContain("Secret Roadmap");
    }
    expect((await sentMails(plunk.url)).filter((m) => m.to === "eve@example.com")).toEqual([]);
  });
});

describe("the What's-new widget's files and the changelog index", () => {
  it("serves the latest entries as JSON to any origin, and the script, on a changelog only", async () => {
    const host = s.hosts[2]!;
    const res = await s.get(host, "/_/whats-new.json", { origin: "https://app.acme.example" });
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    const feed = JSON.parse(res.body) as { name: string; url: string; entries: { id: string; title: string; date: string; tags: string[]; excerpt: string; url: string }[] };
    expect(feed.name).toBe("Lumen Changelog");
    expect(feed.entries.length).toBeGreaterThan(1);
    expect(feed.entries.length).toBeLessThanOrEqual(10);
    const dates = feed.entries.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates); // newest first
    expect(feed.entries[0]!.url).toMatch(new RegExp(`^http://${host.replace(/\./g, "\\.")}/`));
    expect(feed.entries.some((e) => e.excerpt.length > 0)).toBe(true);
    const script = await s.get(host, "/_/whats-new.js");
    expect(script.status).toBe(200);
    expect(script.headers["content-type"]).toContain("javascript");
    expect(script.headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
    expect((await s.get(s.hosts[0]!, "/_/whats-new.json")).status).toBe(404); // a roadmap has none
  });

  it("a locked changelog answers the widget's files with 401, no CORS header and no entry", async () => {
    const host = s.hosts[3]!;
    for (const path of ["/_/whats-new.json", "/_/whats-new.js"]) {
      const res = await s.get(host, path, { origin: "https://app.acme.example" });
      expect(res.status).toBe(401);
      expect(res.headers["access-control-allow-origin"]).toBeUndefined();
      expect(res.body).not.toContain("Secret Changelog");
    }
  });

  it("filters the index by tag without JavaScript and dates each entry for the since-your-last-visit marker", async () => {
    const html = (await s.get(s.hosts[2]!, "/")).body;
    const nav = /<nav class="tag-filter changelog-filter"[^]*?<\/nav>/.exec(html)![0];
    const firstTag = /href="(\/tag\/[^"]+)"/.exec(nav)![1]!;
    const tagPage = await s.get(s.hosts[2]!, firstTag);
    expect(tagPage.status).toBe(200);
    expect(html).toMatch(/<li data-entry-date="\d{4}-\d{2}-\d{2}">/);
    expect(html).toMatch(/<script type="module" src="\/_\/changelog\.js\?v=[0-9a-f]+"><\/script>/);
  });
});
