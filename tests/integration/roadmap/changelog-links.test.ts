import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sites } from "@/db/schema";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { plunkStubControl } from "../../../tools/plunk-stub/control";
import { stubControl } from "../../../tools/notion-stub/control";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rawRequest } from "../../helpers/raw-request";
import { linkIn, sentMails, waitForMails, type SentMail } from "../../helpers/plunk";

/**
 * Links between a changelog and a roadmap of the same owner (issue 26), over real HTTP against the Notion stand-in's
 * demo workspace, where the changelog entry "Lumen 2.0" mentions the roadmap item "Shareable funnels": the entry
 * shows the item, the item shows "Shipped in" the entry, and the item's voters get the entry in the email of its move
 * to Shipped. A changelog of another owner with the same mention links nothing.
 */

const SHAREABLE = "b040a4f3-e5f9-40c6-b36c-700348e963c4"; // "Shareable funnels", Shipped
const STATUS_KEY = "5b5c";
let plunk: PlunkStub;
let s: SitesApp;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp(
    [
      { siteType: "roadmap", page: workspaceIndex.roadmap!, settings: { name: "Lumen Roadmap" } },
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Own Changelog" } },
      { siteType: "changelog", page: workspaceIndex.changelog!, settings: { name: "Stranger's Changelog" } },
    ],
    {
      env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", REVALIDATE_SECONDS: "1", TRUST_PROXY: "1" },
      // The roadmap's owner also owns the first changelog; the second stays another owner's.
      beforeStart: async (db) => {
        const all = await db.select().from(sites);
        const named = (name: string) => all.find((site) => (site.settings as { name?: string }).name === name)!;
        await db.update(sites).set({ ownerId: named("Lumen Roadmap").ownerId }).where(eq(sites.id, named("Own Changelog").id));
      },
    },
  );
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Views the page until it contains `text` (syncs and the links that follow them run in the background). */
async function pageWith(host: string, path: string, text: string): Promise<string> {
  let body = "";
  for (let i = 0; i < 60 && !body.includes(text); i++) {
    if (i) await wait(500);
    body = (await s.get(host, path)).body;
  }
  return body;
}

describe("links between a changelog and a roadmap", () => {
  it("shows the roadmap item on the entry that mentions it, and 'Shipped in' the entry on the item's page", async () => {
    const [roadmap, changelog] = s.hosts as [string, string];
    await s.get(roadmap, "/");
    const entry = await pageWith(changelog, "/lumen-20", "Roadmap:");
    expect(entry).toMatch(new RegExp(`Roadmap:\\s*(<!-- -->)?\\s*<span><a href="http://${roadmap.replace(/[.]/g, "\\.")}/shareable-funnels">Shareable funnels</a>`));
    const item = await pageWith(roadmap, "/shareable-funnels", "Shipped in");
    expect(item).toMatch(new RegExp(`Shipped in\\s*(<!-- -->)?\\s*<span><a href="http://${changelog.replace(/[.]/g, "\\.")}/lumen-20">Lumen 2.0</a>`));
    // Items no entry names show nothing.
    expect((await s.get(roadmap, "/slack-alerts")).body).not.toContain("Shipped in");
  }, 60_000);

  it("links nothing across owners: another owner's changelog naming the same item shows no roadmap", async () => {
    const stranger = s.hosts[2]!;
    await pageWith(s.hosts[1]!, "/lumen-20", "Roadmap:"); // the owner's own links are in place by now
    const entry = (await s.get(stranger, "/lumen-20")).body;
    expect(entry).toContain("Lumen 2.0");
    expect(entry).not.toContain("Roadmap:");
    expect((await s.get(s.hosts[0]!, "/shareable-funnels")).body).not.toContain(stranger);
  }, 60_000);

  it("puts the entry in the voters' email when the item moves to Shipped, and only then", async () => {
    const [roadmap, changelog] = s.hosts as [string, string];
    await plunkStubControl(plunk.url).reset();
    const asked = await rawRequest(`${s.app.url}/_/vote`, {
      host: roadmap,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: `http://${roadmap}/`, "x-forwarded-for": "10.26.0.1" },
      body: new URLSearchParams({ item: SHAREABLE, vote: "1", email: "grace@example.com" }).toString(),
    });
    expect(asked.status).toBe(200);
    const [confirm] = await waitForMails(plunk.url, (m) => m.to === "grace@example.com");
    const link = new URL(linkIn(confirm!, "/_/vote/confirm"));
    expect((await s.get(roadmap, `${link.pathname}${link.search}`)).status).toBe(303);

    const statusMails = async (count: number) => {
      let mails: SentMail[] = [];
      for (let i = 0; i < 40 && mails.length < count; i++) {
        await s.get(roadmap, "/shareable-funnels");
        await wait(500);
        mails = (await sentMails(plunk.url)).filter((m) => m.to === "grace@example.com" && m.subject.startsWith("Shareable funnels:"));
      }
      return mails;
    };
    await stubControl(s.stub.url).touch(SHAREABLE, undefined, { [STATUS_KEY]: [["In progress"]] });
    const [moved] = await statusMails(1);
    expect(moved!.text).toContain("moved from Shipped to In progress");
    expect(moved!.text).not.toContain("Shipped in");

    await stubControl(s.stub.url).touch(SHAREABLE, undefined, { [STATUS_KEY]: [["Shipped"]] });
    const mails = await statusMails(2);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain("moved from In progress to Shipped");
    expect(mails[1]!.text).toContain("Shipped in Lumen 2.0");
    expect(linkIn(mails[1]!, "/lumen-20")).toBe(`http://${changelog}/lumen-20`);
  }, 90_000);
});
