import type { IncomingMessage, ServerResponse } from "node:http";
import { renderToStaticMarkup } from "react-dom/server";
import type { Env } from "@/env";
import { makeCachedResponse, sendCached, type CachedResponse } from "@/http/page-cache";
import { websitePolicy } from "@/http/app-csp";
import { CRISP_SCRIPT } from "@/components/tracking/support-chat";
import { MARKETING_SCRIPT_PATH, marketingAssets } from "./assets";
import { MarketingDocument } from "./document";
import { MarketingLayout } from "./layout";
import { marketingRoute } from "./routes";
import { siteLinksOf } from "./content/legal";
import { parseTemplateUrls, templateCsvAt } from "@/lib/notion-templates";
import { parseShowcaseUrls } from "./content/showcase";

/**
 * The product's own website served like a published site (docs/product.md D2): plain HTML rendered once per process
 * and kept in memory, outside Next.js, so its pages carry no framework JavaScript — one small deferred script.
 * `handle` answers GET and HEAD for the website's paths and returns false for everything else (left to Next.js).
 */
export function createMarketingSite(
  env: Pick<Env, "APP_URL" | "APPS_DOMAIN" | "CRISP_WEBSITE_ID" | "TEMPLATE_URLS" | "SHOWCASE_URLS" | "APP_SOURCE_URL" | "TERMS_URL" | "PRIVACY_URL" | "CONTACT_URL" | "TEAM_EMAIL">,
) {
  const links = siteLinksOf(env);
  const pages = new Map<string, CachedResponse>();
  // The pages' one script, and the support chat's loader when it is configured (it loads the rest of the chat).
  // Never framed, as the app's pages (sendCached adds nosniff). One object, so the cached header lists are reused.
  const pageHeaders = {
    "content-security-policy": websitePolicy(env.CRISP_WEBSITE_ID ? [new URL(CRISP_SCRIPT).origin] : [], { plainHttp: env.APP_URL.startsWith("http:") }),
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
  };

  async function page(pathname: string): Promise<CachedResponse | null> {
    const cached = pages.get(pathname);
    if (cached) return cached;
    const route = marketingRoute(pathname);
    if (!route) return null;
    const { css, script } = await marketingAssets();
    const ctx = { appUrl: env.APP_URL, css, scriptHref: script.href, crispWebsiteId: env.CRISP_WEBSITE_ID };
    const html = renderToStaticMarkup(
      <MarketingDocument ctx={ctx} meta={route.meta}>
        <MarketingLayout links={links}>
          {route.render({ appsDomain: env.APPS_DOMAIN, templateUrls: parseTemplateUrls(env.TEMPLATE_URLS), showcaseUrls: parseShowcaseUrls(env.SHOWCASE_URLS), links, teamEmail: env.TEAM_EMAIL })}
        </MarketingLayout>
      </MarketingDocument>,
    );
    const built = makeCachedResponse(200, "text/html; charset=utf-8", `<!DOCTYPE html>${html}`);
    pages.set(pathname, built);
    return built;
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const pathname = new URL(req.url ?? "/", "http://app").pathname;
      if (pathname === MARKETING_SCRIPT_PATH) {
        sendCached(req, res, (await marketingAssets()).script, "public, max-age=31536000, immutable");
        return true;
      }
      const template = templateCsvAt(pathname);
      if (template) {
        const file = makeCachedResponse(200, "text/csv; charset=utf-8", template.csv);
        sendCached(req, res, file, "public, max-age=3600", { "content-disposition": `attachment; filename="${template.fileName}"` });
        return true;
      }
      const found = await page(pathname);
      if (!found) return false;
      // Always revalidated (cheap: a 304 on the ETag), so a new release's pages show at once.
      sendCached(req, res, found, "public, max-age=0, must-revalidate", pageHeaders);
      return true;
    },
    /** Builds the stylesheet and script ahead of the first visitor. */
    warm: () => marketingAssets().then(() => undefined),
  };
}
