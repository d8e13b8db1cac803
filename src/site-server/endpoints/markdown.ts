import { markdownOf } from "../llms";
import { makeCachedResponse, sendCached } from "@/http/page-cache";
import { servePage } from "../serve-page";
import { contentOrUnavailable, pageCacheControlOf, pageHeadersOf, renderContextOf, type Endpoint } from "./context";

/** Any page as Markdown at its path + `.md` (`/index.md` for the home page); other `.md` paths are page paths. */
export const markdownEndpoint: Endpoint = {
  path: /^(.*)\.md$/,
  label: "/<page>.md",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  ownerRedirectsFirst: true,
  summary: "A page as Markdown (`/index.md` is the home page).",
  async handler(req, res, site, ctx) {
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    const pagePath = ctx.path === "/index.md" ? "/" : ctx.params[0]!;
    const route = content.model.routes.get(pagePath);
    const body = route ? markdownOf(renderContextOf(ctx, site, content.model), route) : null;
    if (body === null) return servePage(req, res, site, ctx, content);
    const response = ctx.cache.cached(site, content.snapshot, ctx.path, () => makeCachedResponse(200, "text/markdown; charset=utf-8", body));
    sendCached(req, res, response, pageCacheControlOf(ctx, site), pageHeadersOf(ctx, site));
  },
};
