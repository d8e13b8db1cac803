import { getSocialCard } from "@/core/social-cards/get-social-card";
import { cardImagesOf } from "@/core/social-cards/card-images";
import { toAppError } from "@/lib/errors";
import { pageCardOf } from "@/core/social-cards/page-card-of";
import { contentOrUnavailable, type Endpoint } from "./context";

/**
 * GET /_/card.png, /_/card<page path>.png: the page's social card (1200×630 PNG). Its `?v=` is the card's key: a
 * request naming an older key still gets the current card, and only a request with the current key is kept for a year.
 */
export const socialCardEndpoint: Endpoint = {
  path: /^\/_\/card(\/.+)?\.png$/,
  label: "/_/card<page path>.png",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  summary: "The page's social card, a 1200×630 PNG drawn once and kept in the file store (`?v=` its key).",
  handler: async (req, res, site, ctx) => {
    const content = await contentOrUnavailable(ctx, res, site);
    if (!content) return;
    const card = pageCardOf(site.settings, content.model, ctx.params[0] ?? "/");
    if (!card) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("No such page");
      return;
    }
    const { runtime } = ctx;
    try {
      const images = cardImagesOf(
        { db: runtime.db, storage: runtime.storage, gateway: runtime.notion, extraOrigins: runtime.env.NOTION_FILE_HOSTS, notionConnections: runtime.notionConnections },
        site,
        content.snapshot,
      );
      const png = await getSocialCard({ storage: runtime.storage, images }, site.id, card);
      const current = ctx.search.get("v") === card.key;
      res.writeHead(200, {
        "content-type": "image/png",
        "content-length": png.length,
        etag: `"${card.key}"`,
        "cache-control": site.passwordHash ? "private, no-store" : current ? "public, max-age=31536000, immutable" : "public, max-age=300",
        "x-content-type-options": "nosniff",
      });
      res.end(req.method === "HEAD" ? undefined : png);
    } catch (err) {
      const error = toAppError(err);
      console.error(`[cards] ${site.id}${ctx.params[0] ?? "/"}: ${error.message}`, error.cause ?? "");
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("The card could not be drawn");
    }
  },
};
