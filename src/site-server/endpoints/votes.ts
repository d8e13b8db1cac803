import type { IncomingMessage, ServerResponse } from "node:http";
import { askToConfirmIdea, askToVote, VOTE_CONFIRM_PATH, voterEmailInput } from "@/core/roadmap/ask-to-vote";
import { confirmVoter } from "@/core/roadmap/confirm-voter";
import { VOTER_UNSUBSCRIBE_PATH } from "@/core/roadmap/deliver-status-emails";
import { approvedIdeasOf, roadmapItemsOf } from "@/core/roadmap/roadmap-items";
import { ideaInput, submitIdea } from "@/core/roadmap/submit-idea";
import { unsubscribeVoter } from "@/core/roadmap/unsubscribe-voter";
import { itemsVotedBy, setVote, voteCountsOf, voterOfSession } from "@/core/roadmap/votes";
import { subscriptionSiteOf, type SubscriptionSite } from "@/core/subscribers/subscription-site";
import type { Db } from "@/db/client";
import type { EmailProvider } from "@/integrations/email";
import { canonicalMailbox } from "@/lib/mailbox";
import { safeLocalPath } from "@/lib/safe-local-path";
import { siteTypeHas } from "@/lib/site-types";
import { clientProtocol } from "@/http/client-address";
import { cookiesOf } from "../password-gate";
import { isFormPost, wantsJson } from "../request";
import { readSmallBody, sendError, sendPlainHtml } from "../respond";
import type { PublishedSite } from "../site-lookup";
import { contentOrUnavailable, ipOf, MAX_FORM_BYTES, type Endpoint, type EndpointContext } from "./context";
import { sendSiteNotice, sendSpentLink } from "./subscription";

/**
 * Roadmap votes and ideas, on the site's own host. A visitor is known by a site-scoped HttpOnly cookie set
 * by the confirmation link; without it, voting asks for an email first. Everything works as plain forms; the board's
 * island (browser/votes.ts) posts the same forms with `Accept: application/json`.
 */

type Deps = { db: Db; email: EmailProvider };

const VOTER_COOKIE = "voter";
const YEAR = 365 * 24 * 3600;

const onlyRoadmaps = (res: ServerResponse, site: PublishedSite) => {
  if (siteTypeHas(site.siteType, "votes")) return true;
  sendPlainHtml(res, 404, "Not found", "This site has no votes.");
  return false;
};

function voterCookie(ctx: EndpointContext, req: IncomingMessage, site: PublishedSite, token: string): string {
  const secure = site.origin.startsWith("https:") && clientProtocol(req, ctx.runtime.env.TRUST_PROXY) === "https";
  return `${VOTER_COOKIE}=${token}; Path=${site.basePath || "/"}; HttpOnly; SameSite=Lax; Max-Age=${YEAR}${secure ? "; Secure" : ""}`;
}

const voterOf = (ctx: EndpointContext, req: IncomingMessage, site: PublishedSite) => voterOfSession(ctx.runtime.db, site.id, cookiesOf(req).get(VOTER_COOKIE));

/** The items a visitor may vote for: the board's cards and approved ideas. */
async function itemIdsOf(ctx: EndpointContext, res: ServerResponse, site: PublishedSite): Promise<Set<string> | null> {
  const content = await contentOrUnavailable(ctx, res, site);
  if (!content) return null;
  return new Set(roadmapItemsOf(content.model, await approvedIdeasOf(ctx.runtime.db, site.id)).map((i) => i.itemId));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** Back to the page the form was on (same host only), else the board. */
function backTo(req: IncomingMessage, site: PublishedSite, hash: string): string {
  try {
    const url = new URL(String(req.headers.referer ?? ""));
    // A page opened as `//slug` would make `//slug#…`, a protocol-relative address: only a plain local path returns.
    const path = url.host === req.headers.host ? safeLocalPath(url.pathname) : null;
    if (path) return `${path}${hash}`;
  } catch {
    // no usable referer
  }
  return `${site.basePath}/${hash}`;
}

async function readForm(req: IncomingMessage, res: ServerResponse): Promise<URLSearchParams | null> {
  if (!isFormPost(req)) {
    sendPlainHtml(res, 415, "Unsupported form", "Send the form as a regular form.");
    return null;
  }
  const body = await readSmallBody(req, MAX_FORM_BYTES);
  if (body === null) {
    sendPlainHtml(res, 413, "Too large", "The form was too large.");
    return null;
  }
  return new URLSearchParams(body);
}

/**
 * Mails a confirmation (`send`) within the email limits; null (answered) when a limit or the address refuses it.
 */
async function askByEmail<T>(ctx: EndpointContext, req: IncomingMessage, res: ServerResponse, site: PublishedSite, rawEmail: string, send: (deps: Deps, subscriptionSite: SubscriptionSite, email: string) => Promise<T>): Promise<T | null> {
  const email = voterEmailInput.safeParse(rawEmail);
  if (!email.success) {
    if (wantsJson(req)) json(res, 400, { error: "Please enter a valid email address" });
    else sendPlainHtml(res, 400, "Please check your email address", "Please enter a valid email address and try again.");
    return null;
  }
  if (!(await ctx.take("voteEmail", `${site.id}|${ipOf(ctx, req)}`)) || !(await ctx.take("voteEmailPerMailbox", canonicalMailbox(email.data)))) {
    if (wantsJson(req)) json(res, 429, { error: "Too many requests" });
    else sendPlainHtml(res, 429, "Too many requests", "Please wait a few minutes and try again.");
    return null;
  }
  try {
    return await send({ db: ctx.runtime.db, email: ctx.runtime.email }, subscriptionSiteOf(site, new URL(site.origin).host), email.data);
  } catch (err) {
    sendError(res, err, { where: "vote", siteId: site.id }, { UPSTREAM: "We could not send the confirmation email just now. Please try again in a minute." });
    return null;
  }
}

const CHECK_INBOX = { status: 200, title: "noticeCheckInbox", message: "noticeVoteLinkSent" } as const;

/** POST /_/vote (item, vote=1|0, email when not yet known) and GET /_/vote?item= (the email form). */
export const voteEndpoint: Endpoint = {
  path: "/_/vote",
  methods: ["GET", "HEAD", "POST"],
  servedWhenLocked: false,
  summary: "Roadmaps: votes or unvotes an item (form: item, vote=1|0, none toggles; email the first time, which mails a confirmation link). GET asks for the email.",
  async handler(req, res, site, ctx) {
    if (!onlyRoadmaps(res, site)) return;
    if (req.method !== "POST") {
      const item = ctx.search.get("item") ?? "";
      return sendSiteNotice(res, site, false, {
        status: 200,
        title: "noticeVoteWithEmail",
        message: "noticeVoteWithEmailLead",
        form: { action: `${site.basePath}/_/vote`, button: "sendTheLink", fields: { hidden: { item, vote: "1" }, email: true } },
      });
    }
    if (!(await ctx.take("vote", `${site.id}|${ipOf(ctx, req)}`))) return sendPlainHtml(res, 429, "Too many requests", "Please wait a minute and try again.");
    const form = await readForm(req, res);
    if (!form) return;
    const itemId = form.get("item") ?? "";
    const items = await itemIdsOf(ctx, res, site);
    if (!items) return;
    if (!items.has(itemId)) return wantsJson(req) ? json(res, 404, { error: "No such item" }) : sendPlainHtml(res, 404, "Not found", "This item is not on the roadmap.");
    const voter = await voterOf(ctx, req, site);
    if (voter) {
      // Without the island the form has no `vote` field: it toggles.
      const wanted = form.get("vote");
      const vote = wanted === null ? !(await itemsVotedBy(ctx.runtime.db, site.id, voter.id)).includes(itemId) : wanted !== "0";
      const result = await setVote(ctx.runtime.db, site.id, voter.id, itemId, vote);
      if (site.notionConnectionId) ctx.runtime.roadmapNotion.schedule(site.id);
      if (wantsJson(req)) return json(res, 200, { item: itemId, ...result });
      res.writeHead(303, { location: backTo(req, site, `#vote-${itemId}`), "cache-control": "no-store" }).end();
      return;
    }
    const email = form.get("email");
    if (!email) {
      if (wantsJson(req)) return json(res, 401, { needEmail: true });
      res.writeHead(303, { location: `${site.basePath}/_/vote?item=${encodeURIComponent(itemId)}`, "cache-control": "no-store" }).end();
      return;
    }
    if (!(await askByEmail(ctx, req, res, site, email, (deps, s, address) => askToVote(deps, s, { email: address, itemId })))) return;
    if (wantsJson(req)) return json(res, 202, { pending: true });
    sendSiteNotice(res, site, false, CHECK_INBOX);
  },
};

/** GET /_/vote/confirm?token= — confirms the voter, casts the vote (or sends the idea) the link names, sets the cookie. */
export const voteConfirmEndpoint: Endpoint = {
  path: VOTE_CONFIRM_PATH,
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  summary: "Roadmaps: the link in a voter or idea confirmation email (`?token=`), used once within a day: casts the vote it names or sends the idea it names, and sets the voter cookie. A used or old link offers a new one.",
  async handler(req, res, site, ctx) {
    if (!onlyRoadmaps(res, site)) return;
    const items = await itemIdsOf(ctx, res, site);
    if (!items) return;
    const token = ctx.search.get("token") ?? "";
    // A HEAD (a mail scanner's look) must not use up the single-use link.
    if (req.method === "HEAD") return sendSiteNotice(res, site, false, { status: 200, title: "noticeCheckInbox", message: "noticeVoteLinkSent" });
    const confirmed = await confirmVoter(ctx.runtime.db, site.id, token, (id) => items.has(id));
    if (confirmed.state === "used" || confirmed.state === "expired") return sendSpentLink(res, site, false, confirmed.state, token);
    if (confirmed.state !== "ok") return sendSiteNotice(res, site, false, { status: 404, title: "noticeLinkNotValid", message: "noticeLinkNotValidVote" });
    if (confirmed.votedFor && site.notionConnectionId) ctx.runtime.roadmapNotion.schedule(site.id);
    if (confirmed.ideaSent) {
      res.setHeader("set-cookie", voterCookie(ctx, req, site, confirmed.sessionToken));
      return sendSiteNotice(res, site, false, { status: 200, title: "noticeIdeaThanks", message: "noticeIdeaThanksLead" });
    }
    const hash = confirmed.votedFor ? `#vote-${confirmed.votedFor}` : "";
    res.writeHead(303, { location: `${site.basePath}/?voted=1${hash}`, "set-cookie": voterCookie(ctx, req, site, confirmed.sessionToken), "cache-control": "no-store" }).end();
  },
};

/** GET /_/votes — the counts and this visitor's votes, for the board's island. */
export const votesEndpoint: Endpoint = {
  path: "/_/votes",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  summary: "Roadmaps: JSON of the vote counts per item and the items this visitor voted for.",
  async handler(req, res, site, ctx) {
    if (!onlyRoadmaps(res, site)) return;
    const voter = await voterOf(ctx, req, site);
    const counts = Object.fromEntries(await voteCountsOf(ctx.runtime.db, site.id));
    json(res, 200, { counts, mine: voter ? await itemsVotedBy(ctx.runtime.db, site.id, voter.id) : [], known: Boolean(voter) });
  },
};

/** POST /_/ideas — a visitor suggests an idea (title, details, email when not yet known). */
export const ideaEndpoint: Endpoint = {
  path: "/_/ideas",
  methods: ["POST"],
  servedWhenLocked: false,
  summary: "Roadmaps: suggests an idea (form: title, details; email the first time). It waits for the owner in the dashboard.",
  async handler(req, res, site, ctx) {
    if (!onlyRoadmaps(res, site)) return;
    if (!(await ctx.take("idea", `${site.id}|${ipOf(ctx, req)}`))) return sendPlainHtml(res, 429, "Too many requests", "Please wait a while before suggesting another idea.");
    const form = await readForm(req, res);
    if (!form) return;
    const idea = ideaInput.safeParse({ title: form.get("title") ?? "", details: form.get("details") ?? "" });
    if (!idea.success) return sendPlainHtml(res, 400, "Please check your idea", idea.error.issues[0]?.message ?? "Please give your idea a title.");
    const voter = await voterOf(ctx, req, site);
    if (voter) {
      await submitIdea(ctx.runtime.db, site.id, { id: voter.id, confirmed: true }, idea.data);
      return sendSiteNotice(res, site, false, { status: 200, title: "noticeIdeaThanks", message: "noticeIdeaThanksLead" });
    }
    const ideaId = await askByEmail(ctx, req, res, site, form.get("email") ?? "", (deps, s, address) => askToConfirmIdea(deps, s, { email: address, idea: idea.data }));
    if (!ideaId) return;
    sendSiteNotice(res, site, false, { status: 200, title: "noticeCheckInbox", message: "noticeIdeaLinkSent" });
  },
};

/** /_/vote/unsubscribe?token= — no more status emails (GET asks, POST does; RFC 8058 one-click). */
export const voteUnsubscribeEndpoint: Endpoint = {
  path: VOTER_UNSUBSCRIBE_PATH,
  methods: ["GET", "HEAD", "POST"],
  servedWhenLocked: true,
  summary: "Roadmaps: the unsubscribe link of status emails (`?token=`): GET asks, POST unsubscribes.",
  async handler(req, res, site, { runtime, search, locked }) {
    const token = search.get("token") ?? "";
    if (req.method === "POST") {
      req.resume();
      if (!(await unsubscribeVoter(runtime.db, site.id, token))) return sendSiteNotice(res, site, locked, { status: 404, title: "noticeLinkNotValid", message: "noticeLinkNotValidShort" });
      return sendSiteNotice(res, site, locked, { status: 200, title: "noticeUnsubscribed", message: "noticeNoMoreRoadmapEmails" });
    }
    sendSiteNotice(res, site, locked, {
      status: 200,
      title: "noticeUnsubscribeQuestion",
      message: "noticeNoMoreVoteEmails",
      form: { action: `${site.basePath}${VOTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, button: "unsubscribe" },
    });
  },
};

export const voteEndpoints = [voteConfirmEndpoint, voteUnsubscribeEndpoint, voteEndpoint, votesEndpoint, ideaEndpoint];
