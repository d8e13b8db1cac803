import Bowser from "bowser";
import { LRUCache } from "lru-cache";
import { isbot } from "isbot";

/**
 * What a page view says about its visitor, from the request alone (no cookie, nothing stored on the device): bots by
 * isbot's maintained user-agent rules, device class and browser family by bowser. Nothing finer is kept.
 */

export type Device = "desktop" | "mobile" | "tablet" | "other";

/** Crawlers, link previews, headless browsers and requests without a user agent are never counted. */
export function isBotUserAgent(userAgent: string): boolean {
  if (!userAgent) return true;
  let bot = botAgents.get(userAgent);
  if (bot === undefined) botAgents.set(userAgent, (bot = isbot(userAgent)));
  return bot;
}

/** isbot's pattern is long, and a batch holds the same few hundred user agents many times. */
const botAgents = new LRUCache<string, boolean>({ max: 2000 });

/** Parsing is the costly part of writing a batch, and most views come from a few hundred distinct user agents. */
const parsedAgents = new LRUCache<string, { device: Device; browser: string }>({ max: 2000 });

export function deviceAndBrowserOf(userAgent: string): { device: Device; browser: string } {
  const known = parsedAgents.get(userAgent);
  if (known) return known;
  const traits = parseAgent(userAgent);
  parsedAgents.set(userAgent, traits);
  return traits;
}

function parseAgent(userAgent: string): { device: Device; browser: string } {
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  const device: Device = type === "desktop" || type === "mobile" || type === "tablet" ? type : "other";
  return { device, browser: (parsed.browser.name ?? "").slice(0, 40) || "Other" };
}

/** The referring site's host, "" for a direct visit or a link from the site itself (inner navigation). */
export function referrerHostOf(referrer: string, ownHost: string): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host === ownHost.toLowerCase().replace(/^www\./, "").replace(/:\d+$/, "") ? "" : host.slice(0, 253);
  } catch {
    return "";
  }
}

/**
 * A campaign word as marketers write them: at most 100 characters of letters, digits, spaces and `_ - . + / : |`.
 * Anything else — markup, a spreadsheet formula, a paragraph — is not a campaign anyone tagged a link with, and would
 * only put someone's text in the report, so it is dropped whole (never cut to fit).
 */
const CAMPAIGN_WORD = /^[\p{L}\p{N} _.\-+/:|]{1,100}$/u;

/** utm_source / utm_medium / utm_campaign of the page's address, trimmed and lower-cased so spellings add up. */
export function campaignOf(query: URLSearchParams): { utmSource: string; utmMedium: string; utmCampaign: string } {
  const read = (name: string) => {
    const value = (query.get(name) ?? "").trim().toLowerCase();
    return CAMPAIGN_WORD.test(value) ? value : "";
  };
  return { utmSource: read("utm_source"), utmMedium: read("utm_medium"), utmCampaign: read("utm_campaign") };
}
