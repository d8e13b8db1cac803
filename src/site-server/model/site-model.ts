import type { ExtendedRecordMap } from "notion-types";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import type { SiteSnapshot } from "@/notion/site-content";
import { slugifyOrFallback } from "@/lib/slug";
import type { SiteType } from "@/lib/site-address";
import { readDatabase, type Database, type Row } from "./database-rows";
import { buildTreeModel, type TreeNode, type TreeSiteModelBase } from "./tree-model";

/**
 * The page model (DESIGN §3): a snapshot turned into plain data and a slug map, built once per snapshot version.
 * Paths not in `routes` are 404s answered from memory — they never reach Notion.
 */

export type Entry = Row & { slug: string; path: string; readingMinutes: number };

export type Route =
  | { kind: "index"; page: number }
  | { kind: "entry"; entry: Entry }
  | { kind: "tag"; tag: string; path: string; entries: Entry[] }
  | { kind: "author"; author: string; path: string; entries: Entry[] }
  | { kind: "page"; node: TreeNode };

export type DatabaseSiteModel = {
  kind: "database";
  siteType: Extract<SiteType, "blog" | "changelog" | "roadmap">;
  title: string;
  description: string;
  icon: string | null;
  /** Published entries, newest first (roadmap: Notion's order). Hidden and future-dated ones are left out. */
  entries: Entry[];
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
};

export type TreeSiteModel = TreeSiteModelBase & { routes: Map<string, Route>; pageBlocks: ExtendedRecordMap["block"] };

export type SiteModel = DatabaseSiteModel | TreeSiteModel;

export const POSTS_PER_PAGE = 12;
/** Top-level paths our own routes use, which a slug must never take. */
const RESERVED = new Set(["tag", "author", "page", "_", "rss.xml", "sitemap.xml", "robots.txt", "llms.txt", "llms-full.txt", "favicon.ico"]);

const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/** Unique slugs, oldest first keeping the plain slug; reserved words and duplicates get a suffix. */
export function assignSlugs<T extends { pageId: string; title: string; date: string | null }>(rows: T[]): Map<string, string> {
  const bySlug = new Set<string>();
  const result = new Map<string, string>();
  const oldestFirst = [...rows].sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.pageId.localeCompare(b.pageId));
  for (const row of oldestFirst) {
    const base = slugifyOrFallback(row.title, row.pageId.replace(/-/g, "").slice(0, 12));
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
  for (const box of Object.values(recordMap.block ?? {})) {
    const title = JSON.stringify(((box as { value?: { value?: { properties?: { title?: unknown } } } }).value?.value ?? (box as { value?: { properties?: { title?: unknown } } }).value)?.properties?.title ?? "");
    words += title.split(/\s+/).length;
  }
  return Math.max(1, Math.round(words / 220));
}

export function buildSiteModel(
  siteType: SiteType,
  rootPageId: string,
  snapshot: Pick<SiteSnapshot, "pages">,
  now = new Date(),
  versionRoots: { label: string; pageId: string }[] = [],
): SiteModel | null {
  const root = snapshot.pages.get(rootPageId);
  if (!root) return null;
  if (siteType === "blog" || siteType === "changelog" || siteType === "roadmap") return databaseModel(siteType, root, snapshot.pages, now);
  const tree = buildTreeModel(siteType, rootPageId, snapshot.pages, versionRoots);
  if (!tree) return null;
  const pageBlocks = Object.fromEntries(tree.nodes.map((n) => [n.pageId, n.recordMap.block[n.pageId]!]));
  return { ...tree, routes: new Map(tree.nodes.map((node) => [node.path, { kind: "page" as const, node }])), pageBlocks };
}

function databaseModel(siteType: DatabaseSiteModel["siteType"], root: SnapshotPage, pages: Map<string, SnapshotPage>, now: Date): DatabaseSiteModel | null {
  const db: Database | null = readDatabase(root, pages);
  if (!db) return null;
  const today = todayUtc(now);
  // Roadmap cards have no date or hidden flag; blogs and changelogs hide hidden and future-dated entries (CONTRACTS §8).
  const visible = siteType === "roadmap" ? db.rows : db.rows.filter((r) => !r.hidden && !(r.date && r.date > today));
  const slugs = assignSlugs(visible);
  const entries: Entry[] = visible.map((row) => {
    const slug = slugs.get(row.pageId)!;
    return { ...row, slug, path: `/${slug}`, readingMinutes: readingMinutes(row.recordMap) };
  });
  if (siteType !== "roadmap") entries.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? "") || a.title.localeCompare(b.title));

  const routes = new Map<string, Route>();
  const pathOfPage = new Map<string, string>();
  routes.set("/", { kind: "index", page: 1 });
  pathOfPage.set(root.pageId, "/");
  for (const entry of entries) {
    routes.set(entry.path, { kind: "entry", entry });
    pathOfPage.set(entry.pageId, entry.path);
  }
  const pageCount = Math.ceil(entries.length / POSTS_PER_PAGE);
  if (siteType === "blog") for (let page = 2; page <= pageCount; page++) routes.set(`/page/${page}`, { kind: "index", page });

  const group = (names: (e: Entry) => string[]) => {
    const groups = new Map<string, { label: string; entries: Entry[] }>();
    for (const entry of entries) {
      for (const label of names(entry)) {
        const slug = slugifyOrFallback(label, "untitled");
        const g = groups.get(slug) ?? { label, entries: [] };
        g.entries.push(entry);
        groups.set(slug, g);
      }
    }
    return groups;
  };
  const tagGroups = group((e) => e.tags);
  const authorGroups = siteType === "blog" ? group((e) => e.authors.map((a) => a.name)) : new Map<string, { label: string; entries: Entry[] }>();
  for (const [slug, g] of tagGroups) routes.set(`/tag/${slug}`, { kind: "tag", tag: g.label, path: `/tag/${slug}`, entries: g.entries });
  for (const [slug, g] of authorGroups) routes.set(`/author/${slug}`, { kind: "author", author: g.label, path: `/author/${slug}`, entries: g.entries });

  const statuses = [...db.statusOptions];
  for (const entry of entries) if (entry.status && !statuses.includes(entry.status)) statuses.push(entry.status);
  const columns = statuses.map((status) => ({ status, entries: entries.filter((e) => e.status === status) }));
  const noStatus = entries.filter((e) => !e.status);
  if (siteType === "roadmap" && noStatus.length) columns.push({ status: "No status", entries: noStatus });

  return {
    kind: "database",
    siteType,
    title: db.title,
    description: db.description,
    icon: db.icon,
    entries,
    columns: siteType === "roadmap" ? columns : [],
    tags: [...tagGroups].map(([slug, g]) => ({ tag: g.label, slug, count: g.entries.length })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    authors: [...authorGroups].map(([slug, g]) => ({ name: g.label, slug, count: g.entries.length })),
    routes,
    pathOfPage,
    rootRecordMap: root.recordMap,
    pageBlocks: root.recordMap.block,
  };
}
