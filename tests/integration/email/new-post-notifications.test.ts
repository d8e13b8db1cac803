import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { postNotifications, sites, subscribers } from "@/db/schema";
import { createPostNotifier, type PostNotifier } from "@/core/email/post-notifier";
import { notifyNewPosts } from "@/core/email/notify-new-posts";
import { deliverPostNotifications } from "@/core/email/deliver-post-notifications";
import { plunkEmailProvider } from "@/integrations/email/plunk-client";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createContentService, type ContentService, type ContentSite } from "@/notion/site-content";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { createPlunkStub, type PlunkStub, type RecordedRequest } from "../../../tools/plunk-stub/server";
import { plunkStubControl } from "../../../tools/plunk-stub/control";
import { insertSite, openTestDatabase } from "../../helpers/test-db";
import { pageIdOf, WORKSPACE, workspaceIndex } from "../../helpers/sites";

/**
 * New-post emails with the real pieces in one process: the Notion stand-in serving the demo blog, the content
 * service refreshing snapshots into PGlite/PostgreSQL, the notifier, and the real Plunk client against the Plunk
 * stand-in over HTTP.
 */

const DRAFT = "24221022-4d6a-4128-94bb-d7d3cb28ac18"; // "Draft: Lumen for mobile apps", hidden in the demo blog
const FUTURE = "9c9dcef3-2379-454c-9063-33dc4092e1ff"; // "Lumen in 2027: what we're planning", dated 2027-01-12
const HIDDEN_KEY = "2eda";
/** The draft's body in the demo workspace (tools/notion-stub/workspace/blog.json). */
const POST_SENTENCE = "This post is hidden until the SDKs are ready. It must never appear on the site.";
const APPS_DOMAIN = "apps.test";

let notion: NotionStub;
let plunk: PlunkStub;
let database: Database;
const email = () => plunkEmailProvider({ apiKey: plunk.apiKey, baseUrl: plunk.url, defaultFrom: "Pagewright <hello@pagewright.test>" });
const sends = async (): Promise<RecordedRequest[]> => (await plunkStubControl(plunk.url).requests()).filter((r) => r.endpoint === "send");
const body = (r: RecordedRequest) => r.body as { to: string; subject: string; body: string; text: string; name?: string; reply?: string; headers?: Record<string, string> };

beforeAll(async () => {
  notion = await createNotionStub({ dataDir: WORKSPACE });
  plunk = await createPlunkStub();
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await notion?.close();
  await plunk?.close();
  await database?.close();
});
beforeEach(async () => {
  await stubControl(notion.url).reset();
  await plunkStubControl(plunk.url).reset();
});

type World = { site: ContentSite; content: ContentService; notifier: PostNotifier };

async function blogWorld(settings: object, subscriberList: { email: string; status: string }[]): Promise<World> {
  const { site } = await insertSite(database, "blog", pageIdOf(workspaceIndex.blog!), settings);
  if (subscriberList.length) {
    await database.db.insert(subscribers).values(subscriberList.map((s, i) => ({ siteId: site.id, email: s.email, status: s.status, unsubscribeToken: `unsub-token-${site.id}-${i}-xxxxxxxx` })));
  }
  const notifier = createPostNotifier({ db: database.db, email: email(), appsDomain: APPS_DOMAIN, billingEnabled: false, log: () => {} });
  const content = createContentService({
    db: database.db,
    gateway: createNotionGateway({ apiBaseUrl: notion.apiBaseUrl, timeoutMs: 5000 }),
    revalidateMs: 0,
    log: () => {},
    onUpdated: async (s, _before, after) => notifier.afterUpdate(s, after),
    onUnchanged: (s, pages) => notifier.afterUnchanged(s, pages),
  });
  return { site: { id: site.id, siteType: "blog", notionPageId: site.notionPageId, settings: { versions: [] } }, content, notifier };
}

async function refresh(world: World) {
  const result = await world.content.refresh(world.site);
  await world.notifier.idle();
  return result;
}

const SUBSCRIBERS = [
  { email: "ada@example.com", status: "confirmed" },
  { email: "grace@example.com", status: "confirmed" },
  { email: "pending@example.com", status: "unconfirmed" },
  { email: "gone@example.com", status: "unsubscribed" },
];
const ON = { name: "Lumen Blog", email: { notifySubscribers: true, senderName: "Lumen Team", replyTo: "team@lumen.test" } };

describe("new-post notifications", () => {
  it("mail nobody on a site's first sync, then each confirmed subscriber once per new post", async () => {
    const world = await blogWorld(ON, SUBSCRIBERS);
    expect((await refresh(world)).status).toBe("updated");
    expect(await sends()).toEqual([]);

    await stubControl(notion.url).touch(DRAFT, undefined, { [HIDDEN_KEY]: [["No"]] });
    expect((await refresh(world)).status).toBe("updated");
    const mails = await sends();
    expect(mails.map((m) => body(m).to).sort()).toEqual(["ada@example.com", "grace@example.com"]);
    const [first] = mails;
    const mail = body(first!);
    expect(mail.subject).toBe("Draft: Lumen for mobile apps — Lumen Blog");
    expect(mail.name).toBe("Lumen Team");
    expect(mail.reply).toBe("team@lumen.test");
    expect(mail.body).toContain('href="https://');
    expect(mail.text).toMatch(/Read on the site: https:\/\/blog\.site\w+\.apps\.test\/draft-lumen-for-mobile-apps/);
    // The whole post travels, not just its title: its body's words are in both parts.
    expect(mail.text).toContain(POST_SENTENCE);
    expect(mail.body).toContain(POST_SENTENCE);
    expect(mail.body).not.toMatch(/<script|class="/);
    const unsubscribe = /Unsubscribe: (\S+)/.exec(mail.text)![1]!;
    expect(unsubscribe).toMatch(/^https:\/\/blog\.site\w+\.apps\.test\/_\/unsubscribe\?token=unsub-token-/);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    // Another edit of the same post, and a refresh that changes nothing: no second email.
    await stubControl(notion.url).touch(DRAFT, "Lumen for mobile apps", { [HIDDEN_KEY]: [["No"]] });
    expect((await refresh(world)).status).toBe("updated");
    expect((await refresh(world)).status).toBe("unchanged");
    expect(await sends()).toHaveLength(2);
    const rows = await database.db.select().from(postNotifications).where(eq(postNotifications.siteId, world.site.id));
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("remember posts while notifications are off, so turning them on later mails only what is new", async () => {
    const world = await blogWorld({ email: { notifySubscribers: false } }, SUBSCRIBERS);
    await refresh(world);
    await stubControl(notion.url).touch(DRAFT, undefined, { [HIDDEN_KEY]: [["No"]] });
    await refresh(world);
    expect(await sends()).toEqual([]);
    await database.db.update(sites).set({ settings: ON }).where(eq(sites.id, world.site.id));
    await stubControl(notion.url).touch(DRAFT, "Touched again");
    await refresh(world);
    expect(await sends()).toEqual([]);
  });

  it("never mail twice when two checks race, and retry a failed send once", async () => {
    const world = await blogWorld(ON, SUBSCRIBERS);
    await refresh(world);
    await stubControl(notion.url).touch(DRAFT, undefined, { [HIDDEN_KEY]: [["No"]] });
    const snapshot = await world.content.refresh(world.site).then(() => world.content.getSnapshot(world.site.id, { fresh: true }));
    await world.notifier.idle();
    await plunkStubControl(plunk.url).reset();
    await database.db.delete(postNotifications).where(eq(postNotifications.siteId, world.site.id));

    // Pretend the post is new again for two concurrent checks: the unique rows and the claim keep it to one mail each.
    const deps = { db: database.db, email: email(), appsDomain: APPS_DOMAIN, billingEnabled: false };
    await database.db.insert(postNotifications).values([
      ...(await database.db.select({ id: subscribers.id }).from(subscribers).where(and(eq(subscribers.siteId, world.site.id), eq(subscribers.status, "confirmed")))).map((s) => ({ siteId: world.site.id, pageId: DRAFT, subscriberId: s.id })),
    ]);
    await plunkStubControl(plunk.url).fault({ status: 503, message: "Try later", times: 1 });
    const results = await Promise.all([deliverPostNotifications(deps, world.site.id, snapshot!.pages), deliverPostNotifications(deps, world.site.id, snapshot!.pages)]);
    const retry = await deliverPostNotifications(deps, world.site.id, snapshot!.pages);
    const all = [...results, retry];
    // One send failed (and went back to pending, then was retried); two succeeded: one per subscriber, never more.
    expect(all.reduce((n, r) => n + r.failed, 0)).toBe(1);
    expect(all.reduce((n, r) => n + r.sent, 0)).toBe(2);
    const rows = await database.db.select().from(postNotifications).where(eq(postNotifications.siteId, world.site.id));
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
    expect(rows.find((r) => r.attempts === 2)!.lastError).toBeNull();
    const delivered = (await sends()).filter((r) => body(r).subject.startsWith("Draft"));
    expect(delivered).toHaveLength(3);
    expect(new Set(delivered.map((r) => body(r).to))).toEqual(new Set(["ada@example.com", "grace@example.com"]));
  });

  it("announce a future-dated post on its day, not before, and never on a password-protected site", async () => {
    const world = await blogWorld(ON, SUBSCRIBERS);
    await refresh(world);
    const snapshot = await world.content.getSnapshot(world.site.id, { fresh: true });
    const before = await notifyNewPosts(database.db, world.site, snapshot!.pages, new Date("2026-12-01T12:00:00Z"));
    expect(before.newPostIds).toEqual([]);
    expect(before.nextDueAt).toBe(Date.parse("2027-01-12T00:00:00Z"));
    const onTheDay = await notifyNewPosts(database.db, world.site, snapshot!.pages, new Date("2027-01-12T08:00:00Z"));
    expect(onTheDay.newPostIds).toEqual([FUTURE]);
    expect(onTheDay.queued).toBe(2);

    const locked = await blogWorld(ON, SUBSCRIBERS);
    await refresh(locked);
    await database.db.update(sites).set({ passwordHash: "scrypt$x" }).where(eq(sites.id, locked.site.id));
    const lockedSnapshot = await locked.content.getSnapshot(locked.site.id, { fresh: true });
    const check = await notifyNewPosts(database.db, locked.site, lockedSnapshot!.pages, new Date("2027-01-12T08:00:00Z"));
    expect(check.newPostIds).toEqual([FUTURE]);
    expect(check.queued).toBe(0);
  });
});
