import { SITE_TYPE_INFO, type SiteType } from "./site-types";

/**
 * The Notion templates the page-check messages ask owners to duplicate (docs/product.md §5): one CSV per database
 * site type, with exactly the required properties and a few example rows. Notion imports a CSV as a database
 * (Import → CSV), so "duplicate the template" works without a public Notion page. An operator may publish real
 * Notion templates instead (TEMPLATE_URLS); then the links say "Duplicate in Notion".
 */

type Template = { fileName: string; header: string[]; rows: string[][] };

const TEMPLATES: Partial<Record<SiteType, Template>> = {
  blog: {
    fileName: "pagewright-blog-template.csv",
    header: ["Name", "Date", "Description", "Tags", "Authors", "Hidden"],
    rows: [
      ["Hello, world", "2026-01-05", "The first post: why we started this blog.", "News", "Ada Lovelace", "No"],
      ["How we ship every week", "2026-01-12", "Our release routine, step by step.", "Engineering, Process", "Grace Hopper", "No"],
      ["A draft nobody sees yet", "2026-01-19", "Hidden posts stay off the site until you untick Hidden.", "Drafts", "Ada Lovelace", "Yes"],
    ],
  },
  changelog: {
    fileName: "pagewright-changelog-template.csv",
    header: ["Name", "Date", "Version", "Tags", "Hidden"],
    rows: [
      ["Dark mode", "2026-01-08", "1.1.0", "New", "No"],
      ["Faster search", "2026-01-15", "1.1.1", "Improved", "No"],
      ["Fixed CSV export", "2026-01-22", "1.1.2", "Fixed", "No"],
    ],
  },
  roadmap: {
    fileName: "pagewright-roadmap-template.csv",
    header: ["Name", "Status"],
    rows: [
      ["Single sign-on", "Planned"],
      ["Mobile app", "In progress"],
      ["Public API", "Done"],
    ],
  },
};

/** Where the app serves a type's template CSV, or null for page-tree types (any page works). */
export function templateCsvPath(siteType: SiteType): string | null {
  return TEMPLATES[siteType] ? `/templates/${siteType}.csv` : null;
}

/** The CSV file of the template at `path` (see templateCsvPath), or null. */
export function templateCsvAt(path: string): { fileName: string; csv: string } | null {
  const siteType = /^\/templates\/([a-z_0-9]+)\.csv$/.exec(path)?.[1] as SiteType | undefined;
  const template = siteType && Object.hasOwn(TEMPLATES, siteType) ? TEMPLATES[siteType] : undefined;
  if (!template) return null;
  const line = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",");
  return { fileName: template.fileName, csv: [template.header, ...template.rows].map(line).join("\r\n") + "\r\n" };
}

/** A template's columns and example rows as they are (the demo workspace imports the blog's, as Notion would). */
export function templateTable(siteType: SiteType): { fileName: string; header: string[]; rows: string[][] } | null {
  const template = TEMPLATES[siteType];
  return template ? { fileName: template.fileName, header: [...template.header], rows: template.rows.map((r) => [...r]) } : null;
}

/** The template's column names, lowercase, as the page check compares them. */
export function templateProperties(siteType: SiteType): string[] {
  return (TEMPLATES[siteType]?.header ?? []).map((h) => h.toLowerCase());
}

/** Public Notion template links by type, from TEMPLATE_URLS ("blog=https://…,roadmap=https://…"). */
export function parseTemplateUrls(value: string | undefined): Partial<Record<SiteType, string>> {
  const out: Partial<Record<SiteType, string>> = {};
  for (const pair of (value ?? "").split(",")) {
    const [type, url] = pair.split(/=(.*)/s).map((s) => s?.trim() ?? "");
    if (type && url && Object.hasOwn(SITE_TYPE_INFO, type) && /^https:\/\//i.test(url)) out[type as SiteType] = url;
  }
  return out;
}

/** The steps from a template to a site, as the create flow and the site-type pages show them. */
export function templateSteps(siteType: SiteType): string[] {
  const view = SITE_TYPE_INFO[siteType].database?.collectionType;
  return [
    "Import it in Notion: download the CSV, then in Notion choose Import → CSV. It becomes a table database.",
    ...(view && view !== "table" ? [`Add a ${view[0]!.toUpperCase()}${view.slice(1)} view grouped by Status, and drag it to be the first view.`] : []),
    "Share it: Share → Publish → Publish to web.",
    "Paste its link here: Pagewright checks it as you type.",
  ];
}
