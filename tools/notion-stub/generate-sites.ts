import { SITE_TYPES, SITE_TYPE_INFO, type SiteType } from "@/lib/site-types";
import { BLOG_SCHEMA, RecordMapBuilder, blogRows, date, text, yesNo, type BodyBlock } from "../../tests/helpers/notion-records";

/**
 * Many small public root pages, one per site, of every site type in turn (bench/scale.ts): each follows its type's
 * Notion rule (src/lib/site-types.ts): a table database with the blog's or changelog's properties, a board with a
 * status for roadmaps, a page with sub-pages for the page-tree types. Deterministic: ids come from the titles.
 * Load them into a running stand-in with stubControl(url).addRecords(recordMaps) (in batches: one request holds
 * at most 1,000), edit one with stubControl(url).touch(editPageId, newTitle).
 */

export type GeneratedSite = {
  siteType: SiteType;
  /** The root page a site is made from. */
  pageId: string;
  /** The page an edit retitles: the first entry of a database, the root page of a page tree. */
  editPageId: string;
  /** That page's title now: the site's home page shows it. */
  title: string;
};

export type GeneratedSites = { sites: GeneratedSite[]; recordMaps: Record<string, unknown>[] };

const ROADMAP_STATUSES = ["Planned", "In progress", "Shipped"];
const CHANGELOG_SCHEMA = { name: "title", date: "date", version: "text", tags: "multi_select", hidden: "checkbox" };
const ROADMAP_SCHEMA = { name: "title", status: "status" };

const paragraph = (words: string): BodyBlock[] => [
  { type: "header", text: `About ${words}` },
  { type: "text", text: `A short paragraph about ${words}, long enough to look like a page people read.` },
  { type: "bulleted_list", text: "One point" },
];

/** `count` sites, cycling through SITE_TYPES; `prefix` keeps two runs' ids apart. */
export function generateSites(count: number, prefix = "Scale"): GeneratedSites {
  const builder = new RecordMapBuilder();
  const sites: GeneratedSite[] = [];
  for (let i = 0; i < count; i++) {
    const siteType = SITE_TYPES[i % SITE_TYPES.length]!;
    const name = `${prefix} ${siteType} ${i}`;
    if (SITE_TYPE_INFO[siteType].model === "database") {
      const rows =
        siteType === "blog"
          ? blogRows(3).map((row, r) => ({ ...row, title: `${name} post ${r + 1}` }))
          : siteType === "changelog"
            ? Array.from({ length: 3 }, (_, r) => ({
                title: `${name} release ${r + 1}`,
                props: { date: date(`2026-02-${String(r + 1).padStart(2, "0")}`), version: text(`1.${r}.0`), tags: text("release"), hidden: yesNo(false) },
                body: paragraph(`release ${r + 1}`),
              }))
            : ROADMAP_STATUSES.map((status, r) => ({ title: `${name} item ${r + 1}`, props: { status: text(status) }, body: paragraph(`item ${r + 1}`) }));
      const schema = siteType === "blog" ? BLOG_SCHEMA : siteType === "changelog" ? CHANGELOG_SCHEMA : ROADMAP_SCHEMA;
      const db = builder.database(name, {
        viewType: SITE_TYPE_INFO[siteType].database!.collectionType,
        schema,
        rows,
        ...(siteType === "roadmap" ? { statusOptions: ROADMAP_STATUSES } : {}),
      });
      sites.push({ siteType, pageId: db.pageId, editPageId: db.rowIds[0]!, title: rows[0]!.title });
    } else {
      const pageId = builder.page(name, [
        ...paragraph(name),
        { type: "page", title: `${name} getting started`, body: paragraph("getting started") },
        { type: "page", title: `${name} reference`, body: paragraph("the reference") },
      ]);
      sites.push({ siteType, pageId, editPageId: pageId, title: name });
    }
  }
  return { sites, recordMaps: sites.map((s) => builder.recordMapOf(s.pageId)) };
}
