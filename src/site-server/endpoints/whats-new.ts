import type { IncomingMessage, ServerResponse } from "node:http";
import { makeCachedResponse, sendCached } from "@/http/page-cache";
import { siteTypeHas } from "@/lib/site-types";
import type { ExtendedRecordMap } from "notion-types";
import type { Entry } from "@/site-model/site-model";
import { excerptOf, type Excerpt, type MentionLinks } from "../whats-new-excerpt";
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
const EXCERPT = 400;

/** What the widget shows of an entry: its description, else its first blocks (lists, links, mention titles kept). */
function excerptOfEntry(entry: Entry, links: MentionLinks): Excerpt {
  if (entry.description) return { text: entry.description.slice(0, EXCERPT), blocks: [{ kind: "p", spans: [{ text: entry.description.slice(0, EXCERPT) }] }] };
  const excerpt = excerptOf(entry.recordMap as ExtendedRecordMap | undefined, entry.pageId, links, EXCERPT);
  const text = excerpt.text.length > EXCERPT ? `${excerpt.text.slice(0, EXCERPT - 1).trimEnd()}…` : excerpt.text;
  return { ...excerpt, text };
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
    summary: "Changelogs: the latest entries (id, title, date, tags, excerpt as plain text, body as paragraphs and lists with links, url) for the What's-new widget, CORS for any origin.",
    async handler(req, res, site, ctx) {
      if (!siteTypeHas(site.siteType, "whatsNew")) return notAChangelog(res);
      const content = await contentOrUnavailable(ctx, res, site);
      if (!content || content.model.kind !== "database") return;
      const { model, snapshot } = content;
      const response = ctx.cache.cached(site, snapshot, "\nwhats-new.json", () => {
        const base = `${site.origin}${site.basePath}`;
        const paths = new Map(model.entries.map((e) => [e.pageId, `${base}${e.path}`]));
        const links: MentionLinks = { pageUrl: (id) => paths.get(id) ?? site.mentionLinks.get(id.toLowerCase()) ?? null };
        const entries = model.entries.slice(0, LATEST).map((e) => {
          const excerpt = excerptOfEntry(e, links);
          return {
            id: e.pageId,
            title: e.version && e.title ? `${e.title} (${e.version})` : e.title || "Untitled",
            date: e.date,
            tags: e.tags,
            excerpt: excerpt.text,
            body: excerpt.blocks,
            url: `${base}${e.path}`,
          };
        });
        const body = JSON.stringify({ name: site.settings.name || model.title || new URL(site.origin).host, url: `${base}/`, entries });
        return makeCachedResponse(200, "application/json; charset=utf-8", body);
      });
      sendCached(req, res, response, site.passwordHash ? "private, no-store" : "public, max-age=60", site.passwordHash ? {} : { "access-control-allow-origin": "*" });
    },
  },
];
