import type { ReactElement } from "react";
import type { PageMeta } from "./page-meta";
import { SITE_TYPE_PAGES, siteTypePageBySlug } from "./content/site-type-pages";
import { DocsLayout } from "./pages/docs-layout";
import * as landing from "./pages/landing";
import * as pricing from "./pages/pricing";
import * as docsIndex from "./pages/docs-index";
import * as customDomains from "./pages/docs-custom-domains";
import * as docsPath from "./pages/docs-path";
import * as selfHosting from "./pages/docs-self-hosting";
import * as helpPublicPage from "./pages/help-public-page";
import { SiteTypePage, siteTypeMeta } from "./pages/site-type";

export type RouteContext = { appsDomain: string };
export type MarketingRoute = { meta: PageMeta; render(ctx: RouteContext): ReactElement };

const docs = (meta: PageMeta, body: (ctx: RouteContext) => ReactElement): MarketingRoute => ({
  meta,
  render: (ctx) => <DocsLayout>{body(ctx)}</DocsLayout>,
});

/** Every page of the product's website by path (docs/product.md §1–2). Other paths of the app's host belong to Next.js. */
const ROUTES = new Map<string, MarketingRoute>([
  ["/", { meta: landing.meta, render: () => <landing.LandingPage /> }],
  ["/pricing", { meta: pricing.meta, render: () => <pricing.PricingPage /> }],
  ["/docs", docs(docsIndex.meta, () => <docsIndex.DocsHome />)],
  ["/docs/features/custom-domains", docs(customDomains.meta, () => <customDomains.CustomDomainsDocs />)],
  ["/docs/features/hosting-under-a-docs-path", docs(docsPath.meta, (ctx) => <docsPath.HostingUnderADocsPath appsDomain={ctx.appsDomain} />)],
  ["/docs/self-hosting", docs(selfHosting.meta, () => <selfHosting.SelfHostingDocs />)],
  ["/help/make-a-notion-page-public", { meta: helpPublicPage.meta, render: () => <helpPublicPage.MakeNotionPagePublicHelp /> }],
]);

const SITE_TYPE_PATH = /^\/site-types\/([a-z-]+)$/;

export function marketingRoute(pathname: string): MarketingRoute | null {
  const fixed = ROUTES.get(pathname);
  if (fixed) return fixed;
  const slug = SITE_TYPE_PATH.exec(pathname)?.[1];
  const page = slug ? siteTypePageBySlug(slug) : undefined;
  return page ? { meta: siteTypeMeta(page), render: () => <SiteTypePage page={page} /> } : null;
}

/** Every page's path. */
export function marketingPaths(): string[] {
  return [...ROUTES.keys(), ...SITE_TYPE_PAGES.map((p) => `/site-types/${p.slug}`)];
}
