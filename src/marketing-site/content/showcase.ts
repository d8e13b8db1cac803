import { SITE_TYPE_INFO, type SiteType } from "@/lib/site-types";
import { SITE_TYPE_PAGES } from "./site-type-pages";

/**
 * The showcase of the demo workspace's sites: one card per site type with a picture of the
 * published site, captured by `npm run screenshots` (scripts/screenshots.ts), and a link to the live site when
 * SHOWCASE_URLS names one (`npm run demo` sets it to its own sites). No request is made to those addresses.
 */
export const SHOWCASE_IMAGE_WIDTH = 640;
export const SHOWCASE_IMAGE_HEIGHT = 400;

export const showcaseImage = (siteType: SiteType) => `/marketing/showcase-${siteType}.webp`;

export type ShowcaseCard = { siteType: SiteType; label: string; title: string; page: string; image: string; alt: string; liveUrl?: string };

/** What each demo site is, in a visitor's words. */
const DEMO_SITES: Record<SiteType, { title: string; alt: string }> = {
  blog: { title: "Lumen Blog", alt: "The Lumen blog: featured posts with cover images, dates and tags" },
  changelog: { title: "Lumen Changelog", alt: "The Lumen changelog: releases listed newest first with their dates" },
  roadmap: { title: "Lumen Roadmap", alt: "The Lumen roadmap: planned, in progress and shipped columns of cards" },
  docs: { title: "Lumen Docs", alt: "The Lumen docs: a page tree in the sidebar, search and an article" },
  docsv2: { title: "Lumen API Reference", alt: "The Lumen API reference: versioned docs with a version switcher" },
  help_desk: { title: "Lumen Help Center", alt: "The Lumen help center: a search box over categories of articles" },
  simple: { title: "Lumen", alt: "The Lumen website: a Notion page published as a simple site" },
};

/** SHOWCASE_URLS ("blog=http://lumen.localhost:3000/,docs=…") → the live address of each type's demo site. */
export function parseShowcaseUrls(value: string | undefined): Partial<Record<SiteType, string>> {
  const out: Partial<Record<SiteType, string>> = {};
  for (const pair of (value ?? "").split(",")) {
    const [type, url] = pair.split(/=(.*)/s).map((s) => s?.trim() ?? "");
    if (type && url && Object.hasOwn(SITE_TYPE_INFO, type) && /^https?:\/\//i.test(url)) out[type as SiteType] = url;
  }
  return out;
}

export function showcaseCards(liveUrls: Partial<Record<SiteType, string>>): ShowcaseCard[] {
  return SITE_TYPE_PAGES.map((p) => ({
    siteType: p.siteType,
    label: SITE_TYPE_INFO[p.siteType].label,
    title: DEMO_SITES[p.siteType].title,
    page: `/site-types/${p.slug}`,
    image: showcaseImage(p.siteType),
    alt: DEMO_SITES[p.siteType].alt,
    liveUrl: liveUrls[p.siteType],
  }));
}
