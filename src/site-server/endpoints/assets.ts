import type { IncomingMessage, ServerResponse } from "node:http";
import { changelogScript, chatScript, customStylesheet, katexFont, openFont, siteIsland, siteStylesheet, votesScript, widgetScript, type Asset } from "../assets";
import { sendCached } from "@/http/page-cache";
import { sendPlainHtml } from "../respond";
import { ASSET_CACHE, type Endpoint } from "./context";

/** The site's stylesheet, scripts and KaTeX fonts: built once per process, versioned by hash, cached for a year. */

const sendAsset = (req: IncomingMessage, res: ServerResponse, asset: Asset) => sendCached(req, res, { ...asset, status: 200, size: 0 }, ASSET_CACHE);

const fixed = (path: string, summary: string, asset: () => Asset, servedWhenLocked = false): Endpoint => ({
  path,
  methods: ["GET", "HEAD"],
  servedWhenLocked,
  summary,
  handler: (req, res) => sendAsset(req, res, asset()),
});

export const assetEndpoints: Endpoint[] = [
  // The password form's page needs neither, but the stylesheet and fonts reveal nothing and keep the form styled.
  fixed("/_/site.css", "The one stylesheet of every page (layout, Notion blocks, KaTeX).", siteStylesheet, true),
  {
    path: /^\/_\/katex\/([^/]+)$/,
    label: "/_/katex/<font>",
    methods: ["GET", "HEAD"],
    servedWhenLocked: true,
    summary: "KaTeX's fonts, linked from the stylesheet.",
    handler: (req, res, _site, ctx) => {
      const font = katexFont(ctx.params[0]!);
      return font ? sendAsset(req, res, font) : sendPlainHtml(res, 404, "Not found", "No such file.");
    },
  },
  {
    path: /^\/_\/fonts\/([^/]+)$/,
    label: "/_/fonts/<file>",
    methods: ["GET", "HEAD"],
    servedWhenLocked: true,
    summary: "The open fonts an owner may choose (Inter, Lora, JetBrains Mono), linked from the stylesheet.",
    handler: (req, res, _site, ctx) => {
      const font = openFont(ctx.params[0]!);
      return font ? sendAsset(req, res, font) : sendPlainHtml(res, 404, "Not found", "No such file.");
    },
  },
  {
    path: "/_/custom.css",
    methods: ["GET", "HEAD"],
    servedWhenLocked: false,
    summary: "The owner's custom CSS (Appearance), linked after the site's stylesheet; 404 when there is none.",
    handler: (req, res, site, ctx) => {
      const sheet = customStylesheet(site.id, site.settings.theme.customCss);
      if (!sheet) return sendPlainHtml(res, 404, "Not found", "This site has no custom CSS.");
      // The versioned URL pages link is immutable; any other (an old version, none) is revalidated. A protected
      // site's stylesheet stays out of shared caches, like its pages.
      const current = ctx.search.get("v") === sheet.href.split("v=")[1];
      const cacheControl = site.passwordHash ? "private, no-cache" : current ? ASSET_CACHE : "public, max-age=0, must-revalidate";
      sendCached(req, res, { ...sheet, status: 200, size: 0 }, cacheControl);
    },
  },
  fixed("/_/site.js", "The script of docs and help-desk pages (blogs and changelogs load it when a visitor goes to the search box): search, feedback, contents, copy as Markdown.", siteIsland),
  fixed("/_/chat.js", "The visitor chat page's script.", chatScript),
  fixed("/_/changelog.js", "The changelog index's script: the \"since your last visit\" marker.", changelogScript),
  fixed("/_/votes.js", "The roadmap board's script: one-click votes and live counts.", votesScript),
  fixed("/_/widget.js", "The chat launcher (the same script the app serves at /widget.js).", widgetScript),
];

/** `/widget.js` on the app's host: the embeddable widget for owners' other sites. Its URL has no hash: revalidated. */
export function serveAppWidget(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || (req.url ?? "").split("?")[0] !== "/widget.js") return false;
  sendCached(req, res, { ...widgetScript(), status: 200, size: 0 }, "public, max-age=0, must-revalidate");
  return true;
}
