import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlunkStub, type PlunkStub } from "../../../tools/plunk-stub/server";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { rawRequest, type RawResponse } from "../../helpers/raw-request";
import { linkIn, sentMails, waitForMails } from "../../helpers/plunk";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { until } from "../../helpers/until";

/**
 * Comments over real HTTP on the demo blog: the form is in the cached post page and works without JavaScript; a new
 * address confirms its comment by its own single-use link; the owner's mode holds or shows it; what a reader typed is
 * escaped, its links are plain links; a reply from the confirmed browser needs no mail; a locked blog answers 401 to
 * every comment path and mails nobody; a blog without comments has no form and no endpoint.
 */

let plunk: PlunkStub;
let s: SitesApp;
let ip = 0;

beforeAll(async () => {
  plunk = await createPlunkStub();
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Open Blog", comments: "open" } },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Careful Blog", comments: "first-held" } },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Secret Blog", comments: "open" }, password: "open sesame" },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Quiet Blog" } },
    ],
    { env: { PLUNK_API_KEY: plunk.apiKey, PLUNK_API_BASE: plunk.url, EMAIL_FROM: "Pagewright <hello@pagewright.test>", TRUST_PROXY: "1" } },
  );
}, 300_000);
afterAll(async () => {
  await s?.stop();
  await plunk?.close();
});

const post = (host: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  rawRequest(`${s.app.url}/_/comments`, {
    host,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.7.0.${++ip}`, ...headers },
    body: new URLSearchParams(form).toString(),
  });
const open = (host: string, link: string, headers: Record<string, string> = {}) => {
  const url = new URL(link);
  return s.get(host, `${url.pathname}${url.search}`, headers);
};
const cookieOf = (res: RawResponse) => String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;

/** The first post of a blog: its path and the Notion page id its comment form names. */
async function firstPost(host: string): Promise<{ path: string; pageId: string; html: string }> {
  // The first view starts the blog's first sync ("Being published" until it ends).
  await until(async () => (await s.get(host, "/")).status === 200, 60_000);
  const home = await s.get(host, "/");
  const path = /<a[^>]+href="(\/[a-z0-9-]+)"/.exec(home.body.slice(home.body.indexOf("<main")))![1]!;
  const html = (await s.get(host, path)).body;
  return { path, pageId: /name="page" value="([^"]+)"/.exec(html)?.[1] ?? "", html };
}

describe("comments", () => {
  it("an open blog: the cached post carries the form; a new address confirms by its own link, then the comment shows, escaped, with its links", async () => {
    const host = s.hosts[0]!;
    const { path, pageId, html } = await firstPost(host);
    expect(html).toContain('<section class="comments"');
    expect(html).toContain('action="/_/comments"');
    expect(pageId).toMatch(/^[0-9a-f-]{32,36}$/);

    const body = "Great post <script>alert(1)</script>\n\nMore at https://example.com/notes.";
    const sent = await post(host, { page: pageId, name: "Ada <b>", email: "ada@example.com", body });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("Check your inbox");
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "ada@example.com");
    expect(mail!.subject).toBe("Confirm your email to post your comment");
    expect(mail!.text).not.toContain("Great post"); // no reader text in a mail anyone can trigger
    expect((await s.get(host, path)).body).not.toContain("Great post");

    const link = linkIn(mail!, "/_/comments/confirm");
    const confirmed = await open(host, link);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toMatch(new RegExp(`^${path}#comment-`));
    const reader = cookieOf(confirmed);
    expect(reader).toMatch(/^voter=/);
    expect((await open(host, link)).status).toBe(410);

    const page = (await s.get(host, path)).body;
    expect(page).toContain("Great post &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).not.toContain("<script>alert(1)");
    expect(page).toContain("Ada &lt;b&gt;");
    expect(page).toContain('<a href="https://example.com/notes" rel="nofollow ugc noopener noreferrer">https://example.com/notes</a>.');
    expect(page).not.toContain("ada@example.com");

    // From the confirmed browser a reply is shown at once, under its comment.
    const commentId = /id="comment-([^"]+)"/.exec(page)![1]!;
    const reply = await post(host, { page: pageId, name: "Ada", email: "ada@example.com", body: "A reply", replyTo: commentId }, { cookie: reader });
    expect(reply.status).toBe(303);
    const withReply = (await s.get(host, path)).body;
    expect(withReply.indexOf("A reply")).toBeGreaterThan(withReply.indexOf("Great post"));
    expect(withReply).toContain('class="comment-replies"');
    expect((await sentMails(plunk.url)).filter((m) => m.to === "ada@example.com")).toHaveLength(1);
  });

  it("a blog holding first comments tells the reader theirs waits for approval, and shows nothing yet", async () => {
    const host = s.hosts[1]!;
    const { path, pageId } = await firstPost(host);
    await post(host, { page: pageId, name: "Bo", email: "bo@example.com", body: "Held for sure" });
    const [mail] = await waitForMails(plunk.url, (m) => m.to === "bo@example.com");
    const confirmed = await open(host, linkIn(mail!, "/_/comments/confirm"));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toContain("Your comment is waiting for approval");
    expect((await s.get(host, path)).body).not.toContain("Held for sure");

    // The owner sees it on the Comments screen and approves it; another owner can neither list nor moderate it.
    const owner = await signedIn(s.app.url, s.ownerEmails[1]!);
    const stranger = await signedIn(s.app.url, s.ownerEmails[3]!);
    expect(s.ownerEmails[3]).not.toBe(s.ownerEmails[1]);
    type Listed = { mode: string; keptIn: string; comments: { id: string; body: string; email: string; status: string }[] };
    const listed = (await rpc(s.app.url, owner, "site", "listSiteComments", { siteId: s.siteIds[1], status: "held" })).body.result as Listed;
    expect(listed).toMatchObject({ mode: "first-held", keptIn: "here" });
    expect(listed.comments).toEqual([expect.objectContaining({ body: "Held for sure", email: "bo@example.com", status: "held" })]);
    const commentId = listed.comments[0]!.id;
    expect((await rpc(s.app.url, stranger, "site", "listSiteComments", { siteId: s.siteIds[1] })).body.error).toMatchObject({ message: "Site not found" });
    const foreign = await rpc(s.app.url, stranger, "site", "moderateComment", { siteId: s.siteIds[1], commentId, action: "approve" });
    expect(foreign.body.error).toMatchObject({ message: "Site not found" });
    const throughOwnSite = await rpc(s.app.url, stranger, "site", "moderateComment", { siteId: s.siteIds[3], commentId, action: "approve" });
    expect(throughOwnSite.body.error).toMatchObject({ message: "There is no such comment on this site" });
    expect((await s.get(host, path)).body).not.toContain("Held for sure");

    const approved = await rpc(s.app.url, owner, "site", "moderateComment", { siteId: s.siteIds[1], commentId, action: "approve" });
    expect(approved.body.result).toMatchObject({ commentId, status: "approved" });
    // The cached page follows at its next view.
    expect((await s.get(host, path)).body).toContain("Held for sure");
    await rpc(s.app.url, owner, "site", "moderateComment", { siteId: s.siteIds[1], commentId, action: "delete" });
    expect((await s.get(host, path)).body).not.toContain("Held for sure");
  });

  it("refuses links past the limit, HTML-free bodies over 2,000 characters, and pages the site doesn't have", async () => {
    const host = s.hosts[0]!;
    const { pageId } = await firstPost(host);
    const links = await post(host, { page: pageId, name: "Cy", email: "cy@example.com", body: "https://a.example https://b.example https://c.example" });
    expect(links.status).toBe(400);
    expect(links.body).toContain("at most 2 links");
    expect((await post(host, { page: pageId, name: "Cy", email: "cy@example.com", body: "x".repeat(2001) })).status).toBe(400);
    expect((await post(host, { page: "00000000-0000-4000-8000-000000000000", name: "Cy", email: "cy@example.com", body: "hi" })).status).toBe(404);
    expect((await sentMails(plunk.url)).filter((m) => m.to === "cy@example.com")).toEqual([]);
  });

  it("a locked blog answers every comment path with 401 and names nothing; a blog without comments has neither form nor endpoint", async () => {
    const locked = s.hosts[2]!;
    const answers = [
      await post(locked, { page: "x", name: "Eve", email: "eve@example.com", body: "leak?" }),
      await s.get(locked, "/_/comments/confirm?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body).not.toContain("Secret Blog");
    }
    expect((await sentMails(plunk.url)).filter((m) => m.to === "eve@example.com")).toEqual([]);
    // "Send a new link" answers behind the password too (a subscription's link works there), naming nothing.
    const again = await rawRequest(`${s.app.url}/_/link/new`, {
      host: locked,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    });
    expect(again.status).toBe(404);
    expect(again.body).toContain("This link is not valid");
    expect(again.body).not.toContain("Secret Blog");

    const quiet = s.hosts[3]!;
    const { html } = await firstPost(quiet);
    expect(html).not.toContain('class="comments"');
    expect((await post(quiet, { page: "x", name: "D", email: "d@example.com", body: "hi" })).status).toBe(404);
  });
});
