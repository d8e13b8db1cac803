import { missingFields, propertyMapProblem, type PropertyMap } from "./database-fields";
import { SITE_TYPE_INFO, type SiteType } from "./site-types";

/**
 * The Notion page rules of docs/product.md §5, as one pure function used by the create-site form (browser) and by
 * createNewSite (server), so the two never disagree. The messages are part of the contract: tested verbatim.
 */

export type NotionPageState = "valid" | "invalid_url" | "private";
export type CollectionType = "table" | "board" | "list" | "gallery" | "calendar" | "timeline" | (string & {});

/** What the page check returns (docs/product.md §3 "Note page check result"). */
export type NotionPageInspection = {
  state: NotionPageState;
  isCollection: boolean;
  collectionType: CollectionType | null;
  /** The database's properties; `type` is Notion's property type (absent in older inspections). */
  properties: { name: string; type?: string }[];
};

export const NOTION_PAGE_MESSAGES = {
  notUrl: "Needs to be an url",
  invalidUrl: "Notion page url is invalid",
  private: "The Notion page is not public, you need to share it to web first",
  /** "private" on a connected page: not shared with the connection. */
  notShared: "The Notion page is not shared with this connection: in Notion, open the page's ••• menu → Connections and add Pagewright",
  notDatabase: "Notion page must be a database, please duplicate the Notion template first",
  wrongType: (expected: string, actual: string) =>
    `Notion page must be a ${expected} database, instead it is a ${actual}. Please duplicate the Notion template first`,
  missingProperties: (list: string[]) =>
    `Missing required properties in Notion page, please duplicate the Notion template. Missing ${list.join(", ")}`,
} as const;

/** The first check, before any request: docs/product.md §5 'Must start with http'. */
export function notionUrlProblem(url: string): string | null {
  return url.trim().toLowerCase().startsWith("http") ? null : NOTION_PAGE_MESSAGES.notUrl;
}

/**
 * A Notion link pasted without its scheme (`notion.so/…`, `www.notion.so/…`, `team.notion.site/…`) gets `https://`
 * in front, as the owner meant; anything else is left as typed, so the rule above still speaks for it.
 */
export function withNotionScheme(input: string): string {
  const trimmed = input.trim();
  return /^((www\.)?notion\.so|[a-z0-9-]+\.notion\.site)\/\S/i.test(trimmed) ? `https://${trimmed}` : input;
}

/**
 * null when the page suits the site type, else the exact message to show. For a page read through a Notion
 * connection, "private" means not shared with it, and says how to share it.
 */
export function notionPageProblem(
  siteType: SiteType,
  inspection: NotionPageInspection,
  opts: { connected?: boolean; propertyMap?: PropertyMap } = {},
): string | null {
  if (inspection.state === "invalid_url") return NOTION_PAGE_MESSAGES.invalidUrl;
  if (inspection.state === "private") return opts.connected ? NOTION_PAGE_MESSAGES.notShared : NOTION_PAGE_MESSAGES.private;
  const rule = SITE_TYPE_INFO[siteType].database;
  // Page-tree types take a page or a database (its rows become the pages).
  if (!rule) return null;
  if (!inspection.isCollection) return NOTION_PAGE_MESSAGES.notDatabase;
  const type = inspection.collectionType;
  if (type !== rule.collectionType && !(type && rule.alsoViews?.includes(type))) {
    return NOTION_PAGE_MESSAGES.wrongType(rule.collectionType, inspection.collectionType ?? "unknown");
  }
  // An owner's mapping that names a missing property or one of the wrong type says so first.
  const mapProblem = opts.propertyMap ? propertyMapProblem(opts.propertyMap, inspection.properties) : null;
  if (mapProblem) return mapProblem;
  // Required names in any case, common aliases of a fitting type, or the owner's own mapping (src/lib/database-fields.ts).
  const missing = missingFields(rule.properties, inspection.properties, opts.propertyMap);
  return missing.length ? NOTION_PAGE_MESSAGES.missingProperties(missing) : null;
}

/**
 * For a page-tree type given a database that has everything a blog or changelog reads (dates, tags, a hidden flag):
 * that type, so the check can say the page would fit it better. Null otherwise, and for database types.
 */
export function betterSiteTypeFor(siteType: SiteType, inspection: NotionPageInspection): SiteType | null {
  if (SITE_TYPE_INFO[siteType].database || !inspection.isCollection || inspection.state !== "valid") return null;
  for (const candidate of ["changelog", "blog"] as const) {
    const rule = SITE_TYPE_INFO[candidate].database!;
    const view = inspection.collectionType;
    const fits = view === rule.collectionType || Boolean(view && rule.alsoViews?.includes(view));
    if (fits && missingFields(rule.properties, inspection.properties).length === 0) return candidate;
  }
  return null;
}
