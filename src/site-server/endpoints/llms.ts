import { llmsFullTxt, llmsTxt } from "../llms";
import { makeCachedResponse, sendCached } from "@/http/page-cache";
import type { RenderContext } from "../render/context";
import { contentOrUnavailable, pageCacheControlOf, pageHeadersOf, renderContextOf, type Endpoint } from "./context";

/** The site for language models (llmstxt.org): an index of pages, and every page as Markdown in one file. */
function llms(path: string, summary: string, render: (ctx: RenderContext) => string): Endpoint {
  return {
    path,
    methods: ["GET", "HEAD"],
    servedWhenLocked: false,
    ownerRedirectsFirst: true,
    summary,
    async handler(req, res, site, ctx) {
      const content = await contentOrUnavailable(ctx, res, site);
      if (!content) return;
      const response = ctx.cache.cached(site, content.snapshot, path, () =>
        makeCachedResponse(200, "text/plain; charset=utf-8", render(renderContextOf(ctx, site, content.model))),
      );
      sendCached(req, res, response, pageCacheControlOf(ctx, site), pageHeadersOf(ctx, site));
    },
  };
}

export const llmsEndpoints: Endpoint[] = [
  llms("/llms.txt", "An index of the site's pages for language models.", llmsTxt),
  llms("/llms-full.txt", "Every page as Markdown in one file.", llmsFullTxt),
];
