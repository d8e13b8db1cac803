import type { IncomingMessage, ServerResponse } from "node:http";
import { makeCachedResponse, sendCached } from "@/http/page-cache";
import { siteTypeHas } from "@/lib/site-types";
import type { Entry } from "@/site-model/site-model";
import { whatsNewScript } from "../assets";
import { sendPlainHtml } from "../respond";
import type { PublishedSite } from "../site-lookup";
import { ASSET_CACHE, contentOrUnavailable, type Endpoint } from "./context";

/**
 * The What's-new widget's two files on a changelog's own host: the script owners embed in their app, and
 * the latest entries as JSON for it. Both are for any origin (the JSON with `Access-Control-Allow-Origin: *`, never
 * with cookies); on a protected site neither is served without the visitor's cookie, so nothing leaks.
 */

const LATEST = 10;
const EXCERPT = 220;

type BlockValue = { content?: string[]; properties?: { title?: [string, ...unknown[]][] } };

/** A record map's block value (the stored maps wrap it once or twice, as Notion's API does). */
function blockValue(recordMap: Entry["recordMap"], id: string): BlockValue | undefined {
  const outer = (recordMap?.block?.[id] as { value?: BlockValue & { value?: BlockValue } } | undefined)?.value;
  return outer?.value ?? outer;
}

/** The first lines of an entry: its description, else the text of its first blocks. */
function excerptOf(entry: Entry): string {
  if (entry.description) return entry.description.slice(0, EXCERPT);
  const parts: string[] = [];
  for (const id of blockValue(entry.recordMap, entry.pageId)?.content ?? []) {
    const title = blockValue(entry.recordMap, id)?.properties?.title;
    if (title) parts.push(title.map((t) => t[0]).join(""));
    if (parts.join(" ").length > EXCERPT) break;
  }
  const text = parts.join(" ").replace(/\s+/g, " ").trim();
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text;
}

const notAChangelog = (res: ServerResponse) => sendPlainHtml(res, 404, "Not found", "Only changelogs have a What's-new widget.");

export const whatsNewEndpoints: Endpoint[] = [
  {
    path: "/_/whats-new.js",
    methods: ["GET", "HEAD"],
    servedWhenLocked: false,
    summary: "Changelogs: the What's-new widget script owners embed in their app (`?v=` versioned copies cache for a year).",
    handler(req: IncomingMessage, res: ServerResponse, site: PublishedSite, ctx) {
      if (!siteTypeHas(site.siteType, "whatsNew")) return notAChangelog(res);
      // The embed code has no version: revalidated; the hashed URL is immutable.
      sendCached(req, res, { ...whatsNewScript(), status: 200, size: 0 }, ctx.search.has("v") ? ASSET_CACHE : "public, max-age=300, must-revalidate");
    },
  },
  {
    path: "/_/whats-new.json",
    methods: ["GET", "HEAD"],
    servedWhenLocked: false,
    summary: "Changelogs: the latest entries (id, title, date, tags, excerpt, url) for the What's-new widget, CORS for any origin.",
    async handler(req, res, site, ctx) {
      if (!siteTypeHas(site.siteType, "whatsNew")) return notAChangelog(res);
      const content = await contentOrUnavailable(ctx, res, site);
      if (!content || content.model.kind !== "database") return;
      const { model, snapshot } = content;
      const response = ctx.cache.cached(site, snapshot, "\nwhats-new.json", () => {
        const base = `${site.origin}${site.basePath}`;
        const entries = model.entries.slice(0, LATEST).map((e) => ({
          id: e.pageId,
          title: e.version && e.title ? `${e.title} (${e.version})` : e.title || "Untitled",
          date: e.date,
          tags: e.tags,
          excerpt: excerptOf(e),
          url: `${base}${e.path}`,
        }));
        const body = JSON.stringify({ name: site.settings.name || model.title || new URL(site.origin).host, url: `${base}/`, entries });
        return makeCachedResponse(200, "application/json; charset=utf-8", body);
      });
      sendCached(req, res, response, site.passwordHash ? "private, no-store" : "public, max-age=60", site.passwordHash ? {} : { "access-control-allow-origin": "*" });
    },
  },
];
