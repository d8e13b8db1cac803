import type { ExtendedRecordMap } from "notion-types";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import type { ContentSite, SiteSnapshot } from "@/notion/site-content";
import type { PropertyMap } from "@/lib/database-fields";
import { slugifyOrFallback, textId } from "@/lib/slug";
import { encodePathSegment } from "@/lib/url-path";
import { isDatabaseSiteType, SITE_TYPE_INFO, type DatabaseSiteType } from "@/lib/site-types";
import { customEmojisOf, type CustomEmoji } from "@/notion/custom-emoji";
import { blockOf } from "@/notion/record-map";
import { versionRootsOf } from "@/notion/version-roots";
import { readDatabase, type Database, type Row } from "./database-rows";
import { headingsOf, type Heading } from "./headings";
import { buildTreeModel, type TreeNode, type TreeSiteModelBase } from "./tree-model";
import { contentLanguageOf } from "./content-language";
import { pagesOfMainLanguage } from "./site-languages";
import type { SiteLanguage } from "@/lib/i18n/languages";

/**
 * The page model (docs/product.md D3): a snapshot turned into plain data and a slug map, built once per snapshot version.
 * Paths not in `routes` are 404s answered from memory — they never reach Notion.
 */

export type Entry = Row & { slug: string; path: string; readingMinutes: number; headings: Heading[] };

export type Route =
  | { kind: "index"; page: number }
  | { kind: "entry"; entry: Entry }
  | { kind: "tag"; tag: string; path: string; entries: Entry[] }
  | { kind: "author"; author: string; path: string; entries: Entry[] }
  | { kind: "page"; node: TreeNode };

export type DatabaseSiteModel = {
  kind: "database";
  siteType: DatabaseSiteType;
  title: string;
  description: string;
  icon: string | null;
  /** Published entries, newest first (roadmap: Notion's order). Hidden and future-dated ones are left out. */
  entries: Entry[];
  /** When the earliest published but future-dated entry comes due (ms since epoch), or null. */
  nextDueAt: number | null;
  /** Roadmap: one column per status in Notion's order. */
  columns: { status: string; entries: Entry[] }[];
  tags: { tag: string; slug: string; count: number }[];
  authors: { name: string; slug: string; count: number }[];
  routes: Map<string, Route>;
  /** Notion page id → site path, for links between pages. */
  pathOfPage: Map<string, string>;
  rootRecordMap: ExtendedRecordMap;
  /** Every page block of the site, so a mention of another page ([["p", id]]) can show its title. */
  pageBlocks: ExtendedRecordMap["block"];
  /** The workspace custom emoji the site's icons use, by id. */
  customEmojis: Map<string, CustomEmoji>;
  /** The language the content is written in (detected), for the site's own words when the owner set none. */
  contentLanguage: SiteLanguage;
};

export type TreeSiteModel = TreeSiteModelBase & {
  routes: Map<string, Route>;
  pageBlocks: ExtendedRecordMap["block"];
  customEmojis: Map<string, CustomEmoji>;
  contentLanguage: SiteLanguage;
};

export type SiteModel = DatabaseSiteModel | TreeSiteModel;

export const POSTS_PER_PAGE = 12;
/** Top-level paths our own routes use, which a slug must never take. */
const RESERVED = new Set(["tag", "author", "page", "_", "rss.xml", "sitemap.xml", "robots.txt", "llms.txt", "llms-full.txt", "favicon.ico"]);

const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/** A tag's or author's path segment; an emoji-only one gets a fallback of its own, so two such tags stay two pages. */
const groupSlugOf = (label: string) => encodePathSegment(slugifyOrFallback(label, `t-${textId(label)}`));
export const tagPathOf = (tag: string) => `/tag/${groupSlugOf(tag)}`;
export const authorPathOf = (name: string) => `/author/${groupSlugOf(name)}`;

/** Unique slugs, oldest first keeping the plain slug; reserved words and duplicates get a suffix. */
export function assignSlugs<T extends { pageId: string; title: string; date: string | null; slug?: string }>(rows: T[]): Map<string, string> {
  const bySlug = new Set<string>();
  const result = new Map<string, string>();
  const oldestFirst = [...rows].sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.pageId.localeCompare(b.pageId));
  for (const row of oldestFirst) {
    // The row's own slug property when it has one (NotionNext), so moved blogs keep their addresses.
    const base = slugifyOrFallback(row.slug || row.title, row.pageId.replace(/-/g, "").slice(0, 12));
    let slug = RESERVED.has(base) ? `${base}-page` : base;
    for (let n = 2; bySlug.has(slug); n++) slug = `${base}-${n}`;
    bySlug.add(slug);
    result.set(row.pageId, slug);
  }
  return result;
}

function readingMinutes(recordMap: ExtendedRecordMap | null): number {
  if (!recordMap) return 1;
  let words = 0;
  for (const id of Object.keys(recordMap.block ?? {})) {
    const title = JSON.stringify((blockOf(recordMap, id)?.properties as { title?: unknown } | undefined)?.title ?? "");
    words += title.split(/\s+/).length;
  }
  return Math.max(1, Math.round(words / 220));
}

/** What the model needs of a site: its type, its Notion page, and (docsv2) the versions in its settings. */
export type ModelSite = Pick<ContentSite, "siteType" | "notionPageId" | "settings">;

/** The one way to build a site's page model: the same tree the site serves, wherever it is asked for. */
export function siteModelOf(site: ModelSite, snapshot: Pick<SiteSnapshot, "pages">, now = new Date()): SiteModel | null {
  // The extra languages' trees are in the same snapshot; the site's own language shows none of them.
  snapshot = { pages: pagesOfMainLanguage(site, snapshot.pages) };
  const root = snapshot.pages.get(site.notionPageId);
  if (!root) return null;
  const { siteType } = site;
  const customEmojis = customEmojisOf([...snapshot.pages.values()].map((p) => p.recordMap));
  // Once per snapshot version, like the rest of the model: a few thousand characters through a trigram model.
  const contentLanguage = contentLanguageOf([root, ...snapshot.pages.values()]);
  if (isDatabaseSiteType(siteType)) {
    const model = databaseModel(siteType, root, snapshot.pages, now, site.settings.propertyMap);
    return model && { ...model, customEmojis, contentLanguage };
  }
  const tree = buildTreeModel(siteType, site.notionPageId, snapshot.pages, versionRootsOf(site));
  if (!tree) return null;
  const pageBlocks = Object.fromEntries(tree.nodes.map((n) => [n.pageId, n.recordMap.block[n.pageId]!]));
  return { ...tree, routes: new Map(tree.nodes.map((node) => [node.path, { kind: "page" as const, node }])), pageBlocks, customEmojis, contentLanguage };
}

function databaseModel(
  siteType: DatabaseSiteModel["siteType"],
  root: SnapshotPage,
  pages: Map<string, SnapshotPage>,
  now: Date,
  propertyMap: PropertyMap = {},
): Omit<DatabaseSiteModel, "customEmojis" | "contentLanguage"> | null {
  const db: Database | null = readDatabase(root, pages, propertyMap);
  if (!db) return null;
  const today = todayUtc(now);
  // Roadmap cards have no date or hidden flag; blogs and changelogs hide hidden and future-dated entries (docs/contracts.md §8).
  const { dated, board, authors: hasAuthors, longReads } = SITE_TYPE_INFO[siteType];
  const visible = !dated ? db.rows : db.rows.filter((r) => !r.hidden && !(r.date && r.date > today));
  const slugs = assignSlugs(visible);
  const nextDueAt = dated ? earliestFutureDate(db.rows, today) : null;
  const entries: Entry[] = visible.map((row) => {
    const slug = slugs.get(row.pageId)!;
    return { ...row, slug, path: `/${encodePathSegment(slug)}`, readingMinutes: readingMinutes(row.recordMap), headings: headingsOf(row.recordMap, row.pageId) };
  });
  if (dated) entries.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? "") || a.title.localeCompare(b.title));

  const routes = new Map<string, Route>();
  const pathOfPage = new Map<string, string>();
  routes.set("/", { kind: "index", page: 1 });
  pathOfPage.set(root.pageId, "/");
  for (const entry of entries) {
    routes.set(entry.path, { kind: "entry", entry });
    pathOfPage.set(entry.pageId, entry.path);
  }
  const pageCount = Math.ceil(entries.length / POSTS_PER_PAGE);
  if (longReads) for (let page = 2; page <= pageCount; page++) routes.set(`/page/${page}`, { kind: "index", page });

  const group = (names: (e: Entry) => string[]) => {
    const groups = new Map<string, { label: string; entries: Entry[] }>();
    for (const entry of entries) {
      for (const label of names(entry)) {
        const slug = groupSlugOf(label);
        const g = groups.get(slug) ?? { label, entries: [] };
        g.entries.push(entry);
        groups.set(slug, g);
      }
    }
    return groups;
  };
  const tagGroups = group((e) => e.tags);
  const authorGroups = hasAuthors ? group((e) => e.authors.map((a) => a.name)) : new Map<string, { label: string; entries: Entry[] }>();
  for (const [slug, g] of tagGroups) routes.set(`/tag/${slug}`, { kind: "tag", tag: g.label, path: `/tag/${slug}`, entries: g.entries });
  for (const [slug, g] of authorGroups) routes.set(`/author/${slug}`, { kind: "author", author: g.label, path: `/author/${slug}`, entries: g.entries });

  const statuses = [...db.statusOptions];
  for (const entry of entries) if (entry.status && !statuses.includes(entry.status)) statuses.push(entry.status);
  const columns = statuses.map((status) => ({ status, entries: entries.filter((e) => e.status === status) }));
  const noStatus = entries.filter((e) => !e.status);
  if (board && noStatus.length) columns.push({ status: "No status", entries: noStatus });

  return {
    kind: "database",
    siteType,
    title: db.title,
    description: db.description,
    icon: db.icon,
    entries,
    nextDueAt,
    columns: board ? columns : [],
    tags: [...tagGroups].map(([slug, g]) => ({ tag: g.label, slug, count: g.entries.length })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    authors: [...authorGroups].map(([slug, g]) => ({ name: g.label, slug, count: g.entries.length })),
    routes,
    pathOfPage,
    rootRecordMap: root.recordMap,
    pageBlocks: root.recordMap.block,
  };
}

/** The earliest date of a row that is published but dated after today (it appears on that day). */
function earliestFutureDate(rows: Row[], today: string): number | null {
  let next: number | null = null;
  for (const row of rows) {
    if (row.hidden || !row.date || row.date.slice(0, 10) <= today) continue;
    const at = Date.parse(`${row.date.slice(0, 10)}T00:00:00Z`);
    if (Number.isFinite(at) && (next === null || at < next)) next = at;
  }
  return next;
}
