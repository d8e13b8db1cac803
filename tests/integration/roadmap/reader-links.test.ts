import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rawRequest } from "../../helpers/raw-request";
import { linkIn, waitForMails } from "../../helpers/plunk";
import { rpc, signedIn } from "../../helpers/rpc-client";

/**
 * A reader's confirmation links over real HTTP: a link works once (a second opening says so and offers a new link,
 * it does not sign that browser in), and a link confirms only what it names — an idea filed under someone else's
 * address does not reach the owner when that person confirms a vote of their own.
 */

const SLACK = "ade1cb83-84f6-451d-b8fc-0cc29edc2ec0"; // "Slack alerts", Planned
let plunk: PlunkStub;
let s: SitesApp;
let ip = 0;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp([{ siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { name: "Lumen Roadmap" } }], {
    env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", TRUST_PROXY: "1" },
  });
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

const post = (path: string, form: Record<string, string>) =>
  rawRequest(`${s.app.url}${path}`, {
    host: s.hosts[0]!,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", referer: `http://${s.hosts[0]}/`, "x-forwarded-for": `10.8.0.${++ip}` },
    body: new URLSearchParams(form).toString(),
  });
const open = (link: string) => {
  const url = new URL(link);
  return s.get(s.hosts[0]!, `${url.pathname}${url.search}`);
};

describe("reader confirmation links", () => {
  it("work once: the second opening signs nobody in, says the link was used and offers a new one mailed to the same address", async () => {
    const asked = await post("/_/vote", { item: SLACK, vote: "1", email: "once@example.com" });
    expect(asked.status, asked.body).toBe(200);
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "once@example.com");
    const link = linkIn(mail!, "/_/vote/confirm");
    const first = await open(link);
    expect(first.status).toBe(303);
    expect(String(first.headers["set-cookie"]?.[0])).toMatch(/^voter=/);

    const second = await open(link);
    expect(second.status).toBe(410);
    expect(second.headers["set-cookie"]).toBeUndefined();
    expect(second.body).toContain("This link was already used");
    expect(second.body).toContain('action="/_/link/new"');
    const token = new URL(link).searchParams.get("token")!;
    expect(second.body).toContain(`name="token" value="${token}"`);

    const again = await post("/_/link/new", { token });
    expect(again.status).toBe(200);
    expect(again.body).toContain("Check your inbox");
    const mails = await waitForMails(plunk.url, (m) => m.to === "once@example.com", 2);
    const fresh = linkIn(mails[1]!, "/_/vote/confirm");
    expect(fresh).not.toBe(link);
    expect((await open(fresh)).status).toBe(303);
    expect((await open(fresh)).status).toBe(410);
  });

  it("confirm only what they name: an idea filed under a victim's address stays away from the owner when the victim confirms a vote", async () => {
    // The victim asks to vote (a mail with a vote link) …
    expect((await post("/_/vote", { item: SLACK, vote: "1", email: "victim@example.com" })).status).toBe(200);
    const [voteMail] = await waitForMails(plunk.url, (m) => m.to === "victim@example.com");
    // … someone else files an idea with the victim's address …
    const filed = await post("/_/ideas", { title: "Buy cheap pills here", details: "spam", email: "victim@example.com" });
    expect(filed.status).toBe(200);
    // … and the idea's own mail says what it confirms.
    const mails = await waitForMails(plunk.url, (m) => m.to === "victim@example.com", 2);
    expect(mails[1]!.subject).toBe("Confirm your email to send your idea");
    // The victim confirms their vote: the vote counts, the idea does not reach the owner.
    expect((await open(linkIn(voteMail!, "/_/vote/confirm"))).status).toBe(303);
    const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
    const feedback = (await rpc(s.app.url, owner, "site", "getRoadmapFeedback", { siteId: s.siteIds[0] })).body.result as { ideas: { title: string }[]; items: { itemId: string; votes: number }[] };
    expect(feedback.ideas.map((i) => i.title)).not.toContain("Buy cheap pills here");
    expect(feedback.items.find((i) => i.itemId === SLACK)?.votes).toBeGreaterThan(0);
    // Only the idea's own link sends it.
    const sent = await open(linkIn(mails[1]!, "/_/vote/confirm"));
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Thanks for your idea");
    const after = (await rpc(s.app.url, owner, "site", "getRoadmapFeedback", { siteId: s.siteIds[0] })).body.result as { ideas: { title: string }[] };
    expect(after.ideas.map((i) => i.title)).toContain("Buy cheap pills here");
  });

  it("a HEAD (a mail scanner) does not use a link up", async () => {
    expect((await post("/_/vote", { item: SLACK, vote: "1", email: "scanned@example.com" })).status).toBe(200);
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "scanned@example.com");
    const link = new URL(linkIn(mail!, "/_/vote/confirm"));
    const head = await rawRequest(`${s.app.url}${link.pathname}${link.search}`, { host: s.hosts[0]!, method: "HEAD" });
    expect(head.headers["set-cookie"]).toBeUndefined();
    expect((await open(link.href)).status).toBe(303);
  });
});
