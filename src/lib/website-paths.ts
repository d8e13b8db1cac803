import type { SiteType } from "./site-types";

// Addresses on the product's own website (src/marketing-site serves them) that the dashboard links to. They live here,
// below both front ends, because one front end never imports another.

/** Each site type's page at /site-types/<slug>. */
export const SITE_TYPE_PAGE_SLUGS: Record<SiteType, string> = {
  blog: "blog",
  changelog: "changelog",
  roadmap: "roadmap",
  docs: "docs",
  docsv2: "versioned-docs",
  help_desk: "help-desk",
  simple: "simple",
};

export const siteTypePagePath = (siteType: SiteType) => `/site-types/${SITE_TYPE_PAGE_SLUGS[siteType]}`;

/** A dashboard screen's page of the product docs, its "Learn more" link. */
export const dashboardDocPath = (screen: string) => `/docs/dashboard/${screen}`;
