import type { ReactElement } from "react";
import type { PageMeta } from "./page-meta";
import type { SiteType } from "@/lib/site-types";
import { SITE_TYPE_PAGES, siteTypePageBySlug } from "./content/site-type-pages";
import { DocsLayout } from "./pages/docs-layout";
import * as landing from "./pages/landing";
import * as pricing from "./pages/pricing";
import * as docsIndex from "./pages/docs-index";
import * as customDomains from "./pages/docs-custom-domains";
import * as docsPath from "./pages/docs-path";
import * as selfHosting from "./pages/docs-self-hosting";
import * as helpPublicPage from "./pages/help-public-page";
import * as dashboardDocs from "./pages/docs-dashboard";
import { DASHBOARD_DOCS, dashboardDocPath } from "./content/dashboard-docs";
import { SiteTypePage, siteTypeMeta } from "./pages/site-type";
import { LEGAL_PAGES, type SiteLinks } from "./content/legal";
import { LegalPageView, legalMeta } from "./pages/legal";

export type RouteContext = {
  appsDomain: string;
  templateUrls: Partial<Record<SiteType, string>>;
  /** SHOWCASE_URLS: the live demo site of each type, when one runs. */
  showcaseUrls: Partial<Record<SiteType, string>>;
  links: SiteLinks;
  teamEmail?: string;
};
export type MarketingRoute = { meta: PageMeta; render(ctx: RouteContext): ReactElement };

const docs = (meta: PageMeta, body: (ctx: RouteContext) => ReactElement): MarketingRoute => ({
  meta,
  render: (ctx) => <DocsLayout>{body(ctx)}</DocsLayout>,
});

/** Every page of the product's website by path (docs/product.md §1–2). Other paths of the app's host belong to Next.js. */
const ROUTES = new Map<string, MarketingRoute>([
  ["/", { meta: landing.meta, render: (ctx) => <landing.LandingPage showcaseUrls={ctx.showcaseUrls} /> }],
  ["/pricing", { meta: pricing.meta, render: () => <pricing.PricingPage /> }],
  ["/docs", docs(docsIndex.meta, () => <docsIndex.DocsHome />)],
  ["/docs/features/custom-domains", docs(customDomains.meta, () => <customDomains.CustomDomainsDocs />)],
  ["/docs/features/hosting-under-a-docs-path", docs(docsPath.meta, (ctx) => <docsPath.HostingUnderADocsPath appsDomain={ctx.appsDomain} />)],
  ["/docs/self-hosting", docs(selfHosting.meta, () => <selfHosting.SelfHostingDocs />)],
  ["/docs/dashboard", docs(dashboardDocs.indexMeta, () => <dashboardDocs.DashboardDocsIndex />)],
  ...DASHBOARD_DOCS.map((doc): [string, MarketingRoute] => [dashboardDocPath(doc.screen), docs(dashboardDocs.screenMeta(doc), () => <dashboardDocs.DashboardScreenDoc doc={doc} />)]),
  ["/help/make-a-notion-page-public", { meta: helpPublicPage.meta, render: () => <helpPublicPage.MakeNotionPagePublicHelp /> }],
  ...LEGAL_PAGES.map((page): [string, MarketingRoute] => [
    page.path,
    { meta: legalMeta(page), render: (ctx) => <LegalPageView page={page} teamEmail={ctx.teamEmail} sourceUrl={ctx.links.source} /> },
  ]),
]);

const SITE_TYPE_PATH = /^\/site-types\/([a-z-]+)$/;

export function marketingRoute(pathname: string): MarketingRoute | null {
  const fixed = ROUTES.get(pathname);
  if (fixed) return fixed;
  const slug = SITE_TYPE_PATH.exec(pathname)?.[1];
  const page = slug ? siteTypePageBySlug(slug) : undefined;
  return page ? { meta: siteTypeMeta(page), render: (ctx) => <SiteTypePage page={page} templateUrl={ctx.templateUrls[page.siteType]} liveUrl={ctx.showcaseUrls[page.siteType]} appsDomain={ctx.appsDomain} /> } : null;
}

/** Every page's path. */
export function marketingPaths(): string[] {
  return [...ROUTES.keys(), ...SITE_TYPE_PAGES.map((p) => `/site-types/${p.slug}`)];
}
