import type { Db } from "@/db/client";
import { createRateLimiter } from "@/http/rate-limit";
import { takeUsage } from "./take-usage";

/**
 * Every limit on how often a visitor or user may do something, in one table. `shared` limits are counted in the
 * database (usage_counters), so N processes behind a load balancer allow what one allows: the ones that guard a secret
 * (passwords, codes), someone's inbox (subscribe, magic links) or a paid resource (chat). The others are cheap,
 * frequent and harmless to over-allow, and stay in each process's memory.
 */
export const RATE_LIMITS = {
  /** Password tries on a protected site, per visitor (site + IP). */
  sitePassword: { limit: 5, minutes: 1, shared: true },
  /**
   * Subscribe forms sent (security review, finding 4): per visitor on one site; per IP across every site, so one
   * machine can't walk a list of addresses through many sites; per site from all IPs, bounding what one site sends.
   */
  subscribe: { limit: 5, minutes: 10, shared: true },
  subscribePerIp: { limit: 10, minutes: 60, shared: true },
  subscribePerSite: { limit: 100, minutes: 60, shared: true },
  /**
   * Roadmap votes and ideas (issue 26): a visitor giving an email sends a confirmation mail, so per visitor on a site
   * and per mailbox (`a+1@x` is `a@x`) across sites; ideas per visitor; one-click votes per visitor, in memory.
   */
  voteEmail: { limit: 5, minutes: 10, shared: true },
  voteEmailPerMailbox: { limit: 5, minutes: 24 * 60, shared: true },
  idea: { limit: 5, minutes: 60, shared: true },
  vote: { limit: 60, minutes: 1, shared: false },
  /** Chat messages, per visitor and per site (all its visitors together). */
  chatVisitor: { limit: 10, minutes: 1, shared: true },
  chatSite: { limit: 120, minutes: 1, shared: true },
  /** Sign-in emails per mailbox (`a+1@x` is `a@x`), so the form can't flood an inbox, and per IP whatever the address. */
  magicLink: { limit: 5, minutes: 15, shared: true },
  magicLinkPerIp: { limit: 10, minutes: 15, shared: true },
  /** Lifetime-deal code tries per user: guessing codes is slow. */
  redeemCode: { limit: 10, minutes: 60, shared: true },
  /** Per visitor, per process. */
  search: { limit: 120, minutes: 1, shared: false },
  /** MCP requests of one agent (site + IP) to a site's /_/mcp (issue 27); its `ask` tool also takes the chat limits. */
  agent: { limit: 120, minutes: 1, shared: false },
  feedback: { limit: 10, minutes: 10, shared: false },
  /** Page views counted per visitor (beacon and pixel together); more are answered alike and not counted. */
  pageView: { limit: 120, minutes: 1, shared: false },
} as const satisfies Record<string, { limit: number; minutes: number; shared: boolean }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type SharedRateLimitName = { [K in RateLimitName]: (typeof RATE_LIMITS)[K]["shared"] extends true ? K : never }[RateLimitName];

/** One hit of a shared limit, counted in the database: true when allowed. */
export function takeSharedRateLimit(db: Db, name: SharedRateLimitName, key: string, now = new Date()): Promise<boolean> {
  const { limit, minutes } = RATE_LIMITS[name];
  return takeUsage(db, `limit:${name}`, key, limit, minutes === 1 ? "minute" : { minutes }, now);
}

/** `take(name, key)`: true when this hit is allowed (and counted). */
export type TakeRateLimit = (name: RateLimitName, key: string) => Promise<boolean>;

/** Every limit by name: the shared ones in the database, the others in this process. */
export function createRateLimits(db: Db): TakeRateLimit {
  const inMemory = new Map(
    Object.entries(RATE_LIMITS)
      .filter(([, l]) => !l.shared)
      .map(([name, l]) => [name, createRateLimiter({ limit: l.limit, windowMs: l.minutes * 60_000 })]),
  );
  return async (name, key) => {
    const local = inMemory.get(name);
    return local ? local.take(key) : takeSharedRateLimit(db, name as SharedRateLimitName, key);
  };
}
