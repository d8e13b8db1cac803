import type { Db } from "@/db/client";
import { takeUsage } from "./take-usage";

/**
 * Every limit on how often a visitor or user may do something, in one table, each counted in the database
 * (usage_counters): N processes behind a load balancer allow what one allows. A limit keyed by an address counts an
 * IPv6 address by its /64 (`rateLimitAddress`). `key` and `atLimit` say what is counted and what the caller gets at
 * the limit; docs/security.md is generated from them (`npm run security:docs`).
 */
export const RATE_LIMITS = {
  sitePassword: { limit: 5, minutes: 1, key: "site + visitor address", atLimit: "429, the password form: “Too many attempts. Please wait a minute and try again.”" },
  sitePasswordPerSite: {
    limit: 100,
    minutes: 60,
    key: "site (wrong passwords from every address)",
    atLimit:
      "Locked: every try is answered 429 “This site has had too many wrong passwords. Please try again later.” until the hour ends or the owner lifts it (Access screen); the owner is emailed once an hour after 20 wrong passwords",
  },
  subscribe: { limit: 5, minutes: 10, key: "site + visitor address", atLimit: "429 page “Please wait a few minutes before subscribing again.”" },
  subscribePerIp: { limit: 10, minutes: 60, key: "visitor address, across every site", atLimit: "429, as subscribe" },
  subscribePerSite: { limit: 100, minutes: 60, key: "site, from every address", atLimit: "429, as subscribe" },
  voteEmail: { limit: 5, minutes: 10, key: "site + visitor address", atLimit: "429, nothing mailed" },
  voteEmailPerMailbox: { limit: 5, minutes: 24 * 60, key: "mailbox (a+1@x is a@x), across every site", atLimit: "429, nothing mailed" },
  idea: { limit: 5, minutes: 60, key: "site + visitor address", atLimit: "429 page “Please wait a while before suggesting another idea.”" },
  vote: { limit: 60, minutes: 1, key: "site + visitor address", atLimit: "429 page “Please wait a minute and try again.”" },
  chatVisitor: { limit: 10, minutes: 1, key: "site + visitor address", atLimit: "429 “You're sending messages too quickly…” (chatbot, MCP ask, .md?ask=)" },
  chatVisitorDay: { limit: 50, minutes: 24 * 60, key: "site + visitor address (UTC day)", atLimit: "429 “You've asked all the questions you can today. Please try again tomorrow.”" },
  chatSite: { limit: 120, minutes: 1, key: "site, from every visitor", atLimit: "429 “This site's assistant is busy right now…”" },
  magicLink: { limit: 5, minutes: 15, key: "mailbox (a+1@x and a@x. are a@x)", atLimit: "The sign-in form answers as if sent; nothing mailed" },
  magicLinkPerIp: { limit: 10, minutes: 15, key: "client address", atLimit: "As magicLink" },
  siteInvitation: { limit: 20, minutes: 60, key: "site (invitations sent by every member)", atLimit: "RATE_LIMITED “Too many invitations from this site; please try again in an hour”" },
  apiKey: { limit: 120, minutes: 1, key: "API key (the JSON-RPC API with `Authorization: Bearer`)", atLimit: "RATE_LIMITED “Too many requests with this API key; please slow down”" },
  redeemCode: { limit: 10, minutes: 60, key: "user", atLimit: "RATE_LIMITED “Too many attempts…”" },
  search: { limit: 120, minutes: 1, key: "site + visitor address", atLimit: "429 page “Please slow down.”" },
  agent: { limit: 120, minutes: 1, key: "site + visitor address (one per MCP request; batches are refused)", atLimit: "429 JSON “Too many requests. Please slow down.”" },
  feedback: { limit: 10, minutes: 10, key: "site + visitor address", atLimit: "429 page “Thanks — we already have your feedback.”" },
  pageView: { limit: 120, minutes: 1, key: "site + visitor address (beacon and pixel together)", atLimit: "Answered alike (204 / the GIF), not counted" },
  siteCreation: { limit: 20, minutes: 60, key: "owner (createNewSite calls whose address is free)", atLimit: "RATE_LIMITED “You have created many sites in a short time, please try again in an hour”; Notion is not asked" },
  pageCheck: { limit: 10, minutes: 1, key: "owner (createNewSite's check of the Notion page)", atLimit: "RATE_LIMITED “You've checked a lot of pages in a short time. That's Pagewright's own limit, not Notion's: try again in 60 s.”; Notion is not asked" },
  notionWebhookRefused: { limit: 30, minutes: 1, key: "client address (unexpected verifications, bad signatures)", atLimit: "429 JSON “Too many requests”" },
  readerLinkAgain: { limit: 3, minutes: 24 * 60, key: "mailbox (a+1@x is a@x), across every site (“send a new link” on a used or expired confirmation link)", atLimit: "The page answers as if sent; nothing mailed" },
  comment: { limit: 5, minutes: 10, key: "site + visitor address (an IPv6 address by its /64)", atLimit: "429 page “Please wait a few minutes before commenting again.”" },
  commentPerMailbox: { limit: 20, minutes: 24 * 60, key: "the comment's mailbox (a+1@x is a@x), across every site", atLimit: "429, as comment" },
  commentPerSite: { limit: 200, minutes: 60, key: "site, from every address", atLimit: "429, as comment" },
  readerLinkAgainPerIp: { limit: 10, minutes: 60, key: "site + visitor address", atLimit: "429 page “Please wait a few minutes and try again.”" },
} as const satisfies Record<string, { limit: number; minutes: number; key: string; atLimit: string }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** One hit of a limit, counted in the database: true when allowed. */
export function takeSharedRateLimit(db: Db, name: RateLimitName, key: string, now = new Date()): Promise<boolean> {
  const { limit, minutes } = RATE_LIMITS[name];
  return takeUsage(db, `limit:${name}`, key, limit, minutes === 1 ? "minute" : { minutes }, now);
}

/** `take(name, key)`: true when this hit is allowed (and counted). */
export type TakeRateLimit = (name: RateLimitName, key: string) => Promise<boolean>;

/** Every limit by name, counted in the database. */
export function createRateLimits(db: Db): TakeRateLimit {
  return (name, key) => takeSharedRateLimit(db, name, key);
}
