import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { outboxEmailProvider } from "@/integrations/email/outbox-provider";
import { confirmComment } from "@/core/comments/confirm-comment";
import { listSiteComments, shownCommentsOf } from "@/core/comments/list-comments";
import { moderateComment } from "@/core/comments/moderate-comment";
import { postComment, type CommentSite } from "@/core/comments/post-comment";
import type { CommentMode } from "@/core/comments/comment-rules";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/**
 * Comments against real PGlite and the outbox: a new reader's comment waits for its own reader link, then is held or
 * shown by the owner's mode; the owner approves, rejects, deletes or blocks; replies are one level deep; limits and the
 * keyword list are enforced.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(() => database?.close());

const PAGE = "11111111-2222-4333-8444-555555555555";
const deps = () => ({ db: database.db, email: outboxEmailProvider(database.db, { log: () => {} }) });
async function siteWith(mode: CommentMode, keywords: string[] = []): Promise<CommentSite> {
  const { site } = await insertSite(database, "blog", crypto.randomUUID());
  return { id: site.id, name: "Blog", origin: "http://blog.localhost", basePath: "", accentColor: "#2255dd", senderName: "", replyTo: null, commentMode: mode, keywords };
}
const reader = (knownEmail: string | null = null) => ({ knownEmail, addressKey: "10.0.0.1", isPage: (id: string) => id === PAGE });
async function linkMailedTo(to: string): Promise<string> {
  const mails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  const link = /http:\/\/blog\.localhost\/_\/comments\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text);
  return link![1]!;
}

describe("comments", () => {
  it("wait for the author's own link, then follow the mode: first comment held, later ones shown", async () => {
    const site = await siteWith("first-held");
    const first = await postComment(deps(), site, { pageId: PAGE, name: "Ada", email: "ada@example.com", body: "Lovely <b>post</b>" }, reader());
    expect(first).toEqual({ status: "unconfirmed" });
    expect(await shownCommentsOf(database.db, site.id, PAGE)).toEqual([]);
    const confirmed = await confirmComment(database.db, site, await linkMailedTo("ada@example.com"));
    expect(confirmed).toMatchObject({ state: "ok", email: "ada@example.com", comment: { status: "held" } });
    const [held] = await listSiteComments(database.db, site.id, "held");
    await moderateComment(database.db, site.id, { commentId: held!.id, action: "approve" });
    const shown = await shownCommentsOf(database.db, site.id, PAGE);
    expect(shown).toEqual([expect.objectContaining({ authorName: "Ada", body: "Lovely <b>post</b>", replies: [] })]);
    expect(JSON.stringify(shown)).not.toContain("ada@example.com");
    // From the confirmed browser, the next comment (a reply) is shown at once.
    const reply = await postComment(deps(), site, { pageId: PAGE, name: "Ada", email: "ada@example.com", body: "And a reply", replyTo: held!.id }, reader("ADA@example.com"));
    expect(reply).toEqual({ status: "approved" });
    expect((await shownCommentsOf(database.db, site.id, PAGE))[0]!.replies).toEqual([expect.objectContaining({ body: "And a reply" })]);
  });

  it("replies one level deep only, to a shown comment of the same page", async () => {
    const site = await siteWith("open");
    await postComment(deps(), site, { pageId: PAGE, name: "Bo", email: "bo@example.com", body: "Top" }, reader("bo@example.com"));
    const [top] = await listSiteComments(database.db, site.id);
    await postComment(deps(), site, { pageId: PAGE, name: "Bo", email: "bo@example.com", body: "Reply", replyTo: top!.id }, reader("bo@example.com"));
    const reply = (await listSiteComments(database.db, site.id)).find((c) => c.body === "Reply")!;
    await expect(postComment(deps(), site, { pageId: PAGE, name: "Bo", email: "bo@example.com", body: "Deeper", replyTo: reply.id }, reader("bo@example.com"))).rejects.toThrow("reply only to a comment shown");
    await expect(postComment(deps(), site, { pageId: "other", name: "Bo", email: "bo@example.com", body: "x" }, reader("bo@example.com"))).rejects.toThrow("no such page");
  });

  it("enforce the link and length limits and hold keyword hits whatever the mode", async () => {
    const site = await siteWith("open", ["casino"]);
    const known = reader("cy@example.com");
    await expect(postComment(deps(), site, { pageId: PAGE, name: "Cy", email: "cy@example.com", body: "https://a.example https://b.example www.c.example" }, known)).rejects.toThrow("at most 2 links");
    await expect(postComment(deps(), site, { pageId: PAGE, name: "Cy", email: "cy@example.com", body: "x".repeat(2001) }, known)).rejects.toThrow("at most 2000 characters");
    expect(await postComment(deps(), site, { pageId: PAGE, name: "Cy", email: "cy@example.com", body: "Best CASINO here" }, known)).toEqual({ status: "held" });
    expect(await postComment(deps(), site, { pageId: PAGE, name: "Cy", email: "cy@example.com", body: "Casinos are a topic" }, known)).toEqual({ status: "approved" });
  });

  it("are off unless the owner turns them on", async () => {
    const site = await siteWith("off");
    await expect(postComment(deps(), site, { pageId: PAGE, name: "D", email: "d@example.com", body: "hi" }, reader())).rejects.toThrow("Comments are off");
  });

  it("block an author: their waiting comments are rejected and later ones are dropped; another site's comment is not found", async () => {
    const site = await siteWith("held");
    const other = await siteWith("held");
    await postComment(deps(), site, { pageId: PAGE, name: "Ev", email: "ev@example.com", body: "one" }, reader("ev@example.com"));
    await postComment(deps(), site, { pageId: PAGE, name: "Ev", email: "ev+2@example.com", body: "two" }, reader("ev+2@example.com"));
    const one = (await listSiteComments(database.db, site.id, "held")).find((c) => c.body === "one");
    await expect(moderateComment(database.db, other.id, { commentId: one!.id, action: "approve" })).rejects.toThrow("no such comment");
    await moderateComment(database.db, site.id, { commentId: one!.id, action: "block" });
    expect((await listSiteComments(database.db, site.id, "held")).map((c) => c.body)).toEqual(["two"]);
    expect(await postComment(deps(), site, { pageId: PAGE, name: "Ev", email: "ev+3@example.com", body: "three" }, reader("ev+3@example.com"))).toEqual({ status: "held" });
    expect((await listSiteComments(database.db, site.id)).map((c) => c.body).sort()).toEqual(["one", "two"]);
    await moderateComment(database.db, site.id, { commentId: one!.id, action: "delete" });
    expect((await listSiteComments(database.db, site.id)).map((c) => c.body)).toEqual(["two"]);
  });
});
