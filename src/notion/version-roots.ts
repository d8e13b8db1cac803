import { SITE_TYPE_INFO, type SiteType } from "@/lib/site-types";
import { notionPageIdFromUrl } from "./inspect-page";

export type SiteVersion = { label: string; notionPageUrl: string };
export type VersionRoot = { label: string; pageId: string };

/** docsv2 version roots from a site's settings, in their order (the first is served at the root); none for other types. */
export function versionRootsOf(site: { siteType: SiteType; settings: { versions: readonly SiteVersion[] } }): VersionRoot[] {
  if (!SITE_TYPE_INFO[site.siteType].versions) return [];
  return site.settings.versions.map((v) => ({ label: v.label, pageId: notionPageIdFromUrl(v.notionPageUrl) ?? "" })).filter((v) => v.pageId);
}
