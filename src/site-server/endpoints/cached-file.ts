import { makeCachedResponse, sendCached } from "@/http/page-cache";
import type { RenderContext } from "../render/context";
import { pageTagHeaders } from "../cache-policy";
import { contentOrUnavailable, pageCacheControlOf, pageHeadersOf, renderContextOf, revalidate, type Endpoint } from "./context";

/**
 * A file made from the site's content (a feed, the sitemap, llms.txt…), rendered once per content version; a render
 * that returns null answers 404. `startsRefresh`: a visit may start a background refresh, like a page.
 */
export function cachedFileEndpoint(opts: {
  path: string;
  contentType: string;
  summary: string;
  startsRefresh: boolean;
  render: (ctx: RenderContext) => string | null;
}): Endpoint {
  const { path, contentType, render } = opts;
  return {
    path,
    methods: ["GET", "HEAD"],
    servedWhenLocked: false,
    ownerRedirectsFirst: true,
    summary: opts.summary,
    async handler(req, res, site, ctx) {
      const content = await contentOrUnavailable(ctx, res, site);
      if (!content) return;
      const response = ctx.cache.cached(site, content.snapshot, path, () => {
        const body = render(renderContextOf(ctx, site, content.model));
        const made = body === null ? makeCachedResponse(404, "text/plain; charset=utf-8", "Not found") : makeCachedResponse(200, contentType, body);
        return { ...made, headers: pageTagHeaders(site, path) };
      });
      if (opts.startsRefresh) revalidate(ctx, site, content.snapshot);
      sendCached(req, res, response, pageCacheControlOf(ctx, site), pageHeadersOf(ctx, site));
    },
  };
}
