import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { campaignOf, referrerHostOf } from "@/core/analytics/visit-traits";
import { recordSiteEvent } from "../record-site-event";
import { fromAnotherSite, normalizePath } from "../request";
import { readSmallBody } from "../respond";
import type { PublishedSite } from "../site-lookup";
import { contentInMemory, snapshotOf, visitorKey, type Endpoint, type EndpointContext } from "./context";

/**
 * Page views for the built-in analytics: the pages' beacon (POST /_/view) and their <noscript> pixel
 * (GET /_/view.gif). Both answer the same whatever happens — counted, a bot, junk, over the limit, a locked site, the
 * counting turned off — so they tell a caller nothing about the site; a protected site counts only visitors who
 * entered its password (the others never see a page). Only what the site's own pages can send is counted: a path the
 * site has, from a request a browser made on the site itself (not another site's page embedding the pixel).
 */

const MAX_BEACON_BYTES = 2048;
const beaconBody = z
  .object({ p: z.string().min(1).max(512), q: z.string().max(500).default(""), r: z.string().max(500).default("") })
  .strict();
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NO_STORE = { "cache-control": "no-store, max-age=0", "x-robots-tag": "noindex" };

/** A page path our pages could have sent (not our own /_/ space). */
const pagePathOf = (raw: string) => {
  const path = normalizePath(raw);
  return path && !path.startsWith("/_/") ? path : null;
};

/**
 * The beacon's own `Referer` header is the page that sent it (the site's pages send the full address to their own
 * origin): at the site's own address, or at its public address when it is hosted under a path of another site (whose
 * proxy passes the site's own Host on). When a request carries one, the referrer it reports is believed only if that
 * header is the page it reports: a script posting spam from elsewhere, or naming another page than it came from,
 * counts no referrer. Without the header (a browser told to send none) the reported referrer stands, bounded by the
 * per-visitor limit.
 */
export function sentFromPage(req: Pick<IncomingMessage, "headers">, site: Pick<PublishedSite, "origin" | "basePath">, path: string): boolean {
  const header = req.headers.referer;
  if (header === undefined) return true;
  try {
    const from = new URL(header);
    const requestHost = String(req.headers.host ?? "").toLowerCase();
    const hosts = [requestHost, requestHost.replace(/:\d+$/, ""), new URL(site.origin).host.toLowerCase()];
    if (!hosts.includes(from.host.toLowerCase())) return false;
    const within = site.basePath && from.pathname.startsWith(site.basePath) ? from.pathname.slice(site.basePath.length) : from.pathname;
    return normalizePath(within || "/") === path;
  } catch {
    return false;
  }
}

/** A page of the site (its page model, in memory once the site has been served). */
async function isPageOf(ctx: EndpointContext, site: PublishedSite, path: string): Promise<boolean> {
  let model = contentInMemory(ctx, site)?.model;
  if (!model) {
    const snapshot = await snapshotOf(ctx, site);
    model = (snapshot && ctx.cache.modelOf(site, snapshot)) || undefined;
  }
  return Boolean(model?.routes.has(path));
}

async function count(req: Parameters<Endpoint["handler"]>[0], site: PublishedSite, ctx: EndpointContext, view: { path: string; query: string; referrer: string }) {
  if (ctx.locked || !site.settings.analytics.builtIn || fromAnotherSite(req)) return;
  const path = pagePathOf(view.path);
  if (!path) return;
  // The limit lives in the database: while it can't be asked, the view is kept rather than lost (the recorder holds
  // it until the database takes it).
  if (!(await ctx.take("pageView", visitorKey(ctx, req, site)).catch(() => true))) return;
  if (!(await isPageOf(ctx, site, path))) return;
  recordSiteEvent(ctx.runtime, req, site, {
    kind: "pageview",
    path,
    referrerHost: sentFromPage(req, site, path) ? referrerHostOf(view.referrer, String(req.headers.host ?? "")) : "",
    ...campaignOf(new URLSearchParams(view.query)),
  });
}

/** The answer is the same whatever happens, a failure to count included (logged, never shown). */
async function countSafely(...args: Parameters<typeof count>): Promise<void> {
  await count(...args).catch((err: unknown) => console.error(`[site] a page view of site ${args[1].id} was not counted:`, err instanceof Error ? err.message : err));
}

const answer = (res: ServerResponse, gif: boolean) =>
  gif ? res.writeHead(200, { ...NO_STORE, "content-type": "image/gif", "content-length": PIXEL.length }).end(PIXEL) : res.writeHead(204, NO_STORE).end();

export const viewEndpoint: Endpoint = {
  path: "/_/view",
  methods: ["POST"],
  servedWhenLocked: true,
  summary: "Counts a page view from the pages' beacon (JSON: p, q, r); always 204, whatever was counted.",
  async handler(req, res, site, ctx) {
    const raw = await readSmallBody(req, MAX_BEACON_BYTES);
    let parsed: z.infer<typeof beaconBody> | null = null;
    try {
      parsed = raw === null ? null : beaconBody.parse(JSON.parse(raw));
    } catch {
      parsed = null;
    }
    if (parsed) await countSafely(req, site, ctx, { path: parsed.p, query: parsed.q, referrer: parsed.r });
    answer(res, false);
  },
};

export const viewPixelEndpoint: Endpoint = {
  path: "/_/view.gif",
  methods: ["GET", "HEAD"],
  servedWhenLocked: true,
  summary: "The <noscript> pixel of visitors without JavaScript (`?p=` the page); always the same 1×1 GIF.",
  async handler(req, res, site, ctx) {
    const path = ctx.search.get("p") ?? "";
    // The pixel's own referrer is the page itself, so such a view has no outside referrer.
    if (req.method === "GET" && path.length <= 512) await countSafely(req, site, ctx, { path, query: "", referrer: "" });
    answer(res, true);
  },
};
