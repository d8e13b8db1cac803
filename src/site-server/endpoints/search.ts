import { searchPublishedPages } from "@/core/search/search-published-pages";
import { renderSearchPage } from "../render/render-route";
import { recordSiteEvent } from "../record-site-event";
import { wantsJson } from "../request";
import { sendPlainHtml } from "../respond";
import { contentOrUnavailable, pageHeadersOf, renderContextOf, visitorKey, type Endpoint } from "./context";

/** The site's search: JSON for the site's scripts, a results page without them. */
export const searchEndpoint: Endpoint = {
  path: "/_/search",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  ownerRedirectsFirst: true,
  summary:
    "Full-text search of the published pages (`?q=`): JSON with `Accept: application/json`, else a page. `&typing=1` (search as you type) is not counted in analytics.",
  async handler(req, res, site, ctx) {
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    if (!(await ctx.take("search", visitorKey(ctx, req, site)))) return sendPlainHtml(res, 429, "Too many requests", "Please slow down.");
    const query = ctx.search.get("q") ?? "";
    if (query.length > 200) return sendPlainHtml(res, 400, "Search too long", "Please search with at most 200 characters.");
    // As-you-type lookups are prefixes ("kubernete"); the island asks once more without `typing` for the query the
    // visitor settled on, so only that one is counted — in the analytics and on the Feedback screen alike.
    const submitted = Boolean(query.trim()) && ctx.search.get("typing") !== "1";
    const found = await searchPublishedPages(ctx.runtime.db, site.id, query, content.model.pathOfPage, { submitted });
    if (submitted) recordSiteEvent(ctx.runtime, req, site, { kind: "search", label: query, ok: found.length > 0 });
    const results = found.map((r) => ({ title: r.title, url: `${site.basePath}${r.path}`, snippet: r.snippet }));
    if (wantsJson(req)) {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" }).end(JSON.stringify({ results }));
      return;
    }
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...pageHeadersOf(ctx, site) })
      .end(renderSearchPage(renderContextOf(ctx, site, content.model), query, results));
  },
};
