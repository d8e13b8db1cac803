import { makeCachedResponse, sendCached } from "@/http/page-cache";
import { faviconSvg } from "../render/favicon";
import { ASSET_CACHE, contentOrUnavailable, type Endpoint } from "./context";

export const faviconEndpoint: Endpoint = {
  path: "/_/favicon.svg",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  ownerRedirectsFirst: true,
  summary: "The site's icon (its Notion page icon on its accent colour) as SVG.",
  async handler(req, res, site, ctx) {
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    const icon = ctx.cache.cached(site, content.snapshot, ctx.path, () =>
      makeCachedResponse(200, "image/svg+xml", faviconSvg(content.model.icon, site.settings.theme.accentColor)),
    );
    sendCached(req, res, icon, site.passwordHash ? "private, no-store" : ASSET_CACHE);
  },
};
