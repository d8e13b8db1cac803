import { robotsTxt, rssFeed, sitemap } from "../feeds";
import { makeCachedResponse, sendCached } from "@/http/page-cache";
import type { RenderContext } from "../render/context";
import { contentOrUnavailable, pageCacheControlOf, pageHeadersOf, renderContextOf, revalidate, type Endpoint } from "./context";

/** RSS, sitemap and robots.txt, rendered once per content version; a site without one answers 404. */
function feed(path: string, contentType: string, summary: string, render: (ctx: RenderContext) => string | null): Endpoint {
  return {
    path,
    methods: ["GET", "HEAD"],
    servedWhenLocked: false,
    ownerRedirectsFirst: true,
    summary,
    async handler(req, res, site, ctx) {
      const content = await contentOrUnavailable(ctx, res, site);
      if (!content) return;
      const response = ctx.cache.cached(site, content.snapshot, path, () => {
        const body = render(renderContextOf(ctx, site, content.model));
        return body === null ? makeCachedResponse(404, "text/plain; charset=utf-8", "Not found") : makeCachedResponse(200, contentType, body);
      });
      revalidate(ctx, site, content.snapshot);
      sendCached(req, res, response, pageCacheControlOf(ctx, site), pageHeadersOf(ctx, site));
    },
  };
}

export const feedEndpoints: Endpoint[] = [
  feed("/rss.xml", "application/rss+xml; charset=utf-8", "The RSS feed of blogs and changelogs (404 elsewhere).", rssFeed),
  feed("/sitemap.xml", "application/xml; charset=utf-8", "Every published page.", sitemap),
  feed("/robots.txt", "text/plain; charset=utf-8", "Points crawlers at the sitemap.", robotsTxt),
];
