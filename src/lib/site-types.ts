import { DATABASE_RULES } from "./notion-page-rules";
import { SITE_TYPES, type SiteType } from "./site-address";

/** What each site type is, for the create flow and the dashboard (SPEC §1). */
export const SITE_TYPE_INFO: Record<SiteType, { label: string; description: string; notionPage: string }> = {
  blog: { label: "Blog", description: "Posts with covers, tags, authors, RSS and email subscribers.", notionPage: "a table database" },
  changelog: { label: "Changelog", description: "Release notes with versions and dates, newest first, with RSS.", notionPage: "a table database" },
  roadmap: { label: "Roadmap", description: "A public board of what is planned, in progress and shipped.", notionPage: "a board database" },
  docs: { label: "Docs", description: "Documentation with a sidebar, search, table of contents and feedback.", notionPage: "a page with sub-pages" },
  docsv2: { label: "Versioned docs", description: "Docs with a version switcher, each version its own Notion page tree.", notionPage: "a page with sub-pages per version" },
  help_desk: { label: "Help desk", description: "A help center: prominent search, categories, articles and a contact link.", notionPage: "a page with category sub-pages" },
  simple: { label: "Simple site", description: "A page and its sub-pages as a small website.", notionPage: "any page" },
};

export const SITE_TYPE_ORDER: readonly SiteType[] = SITE_TYPES;

/** The Notion structure a site type needs: the database type and its properties (SPEC §5), or null for page trees. */
export function requiredStructure(siteType: SiteType): { collectionType: string; properties: string[] } | null {
  const rule = DATABASE_RULES[siteType];
  return rule ? { collectionType: rule.collectionType, properties: rule.properties.map((p) => p[0]!.toUpperCase() + p.slice(1)) } : null;
}
