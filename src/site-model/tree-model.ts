import type { ExtendedRecordMap } from "notion-types";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { childPageIds } from "@/notion/fetch-site-content";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle } from "@/notion/record-map";
import { slugifyOrFallback } from "@/lib/slug";
import { encodePathSegment } from "@/lib/url-path";
import { SITE_TYPE_INFO, type TreeSiteType } from "@/lib/site-types";
import { headingsOf, type Heading } from "./headings";

/**
 * Page-tree sites (docs, docsv2, help desk, simple): the snapshot's pages as a tree with nested slugs. docsv2 has one
 * tree per version; the first version is served at the root, the others under their label.
 */

/** How Notion draws a page around its blocks: header (cover, icon) and the page options. */
export type PageLook = {
  /** The page icon as Notion stores it: an emoji, a Notion file or an image URL. */
  icon: string | null;
  cover: string | null;
  /** Notion's page_cover_position: 0 shows the cover's bottom, 1 its top. */
  coverPosition: number;
  fullWidth: boolean;
  font: "default" | "serif" | "mono";
  smallText: boolean;
};

export type TreeNode = {
  pageId: string;
  title: string;
  /** The page's emoji icon (image icons are in `look`). */
  icon: string | null;
  look: PageLook;
  path: string;
  depth: number;
  parent: TreeNode | null;
  children: TreeNode[];
  recordMap: ExtendedRecordMap;
  /** The page's headings, for its table of contents. */
  headings: Heading[];
  lastEdited: number;
  version: TreeVersion | null;
};

export type TreeVersion = { label: string; prefix: string; root: TreeNode };

export const RESERVED_TOP = new Set(["_", "rss.xml", "sitemap.xml", "robots.txt", "llms.txt", "llms-full.txt", "favicon.ico"]);

/**
 * An icon that is an image (a Notion file, Notion's own /icons/…, a URL, or a workspace's custom emoji
 * `notion://custom_emoji/…`) rather than an emoji.
 */
export const isImageIcon = (icon: string) => /^(https?:|\/|attachment:|notion:\/\/custom_emoji\/)/.test(icon);

const iconOf = (recordMap: ExtendedRecordMap, id: string) => {
  const icon = lookOf(recordMap, id).icon;
  return icon && !isImageIcon(icon) ? icon : null;
};

/** Notion's page_cover_position, 0–1 (the middle when unset). */
export const coverPositionOf = (format: { page_cover_position?: unknown } | undefined): number =>
  typeof format?.page_cover_position === "number" ? Math.min(1, Math.max(0, format.page_cover_position)) : 0.5;

export function lookOf(recordMap: ExtendedRecordMap, id: string): PageLook {
  const block = blockOf(recordMap, id);
  const format = (block?.format ?? {}) as { page_icon?: string; page_cover?: string; page_cover_position?: number; page_full_width?: boolean; page_font?: string; page_small_text?: boolean };
  const collection = block?.type === "collection_view_page" ? collectionOf(recordMap, collectionIdOf(recordMap, block) ?? "") : undefined;
  const icon = format.page_icon || (collection as { icon?: string } | undefined)?.icon || null;
  return {
    icon,
    cover: format.page_cover || null,
    coverPosition: coverPositionOf(format),
    fullWidth: format.page_full_width === true,
    font: format.page_font === "serif" || format.page_font === "mono" ? format.page_font : "default",
    smallText: format.page_small_text === true,
  };
}

/** A page's title; a full-page database keeps its name on the collection. */
function titleOf(recordMap: ExtendedRecordMap, id: string): string {
  const block = blockOf(recordMap, id);
  if (block?.type === "collection_view_page") return collectionTitle(collectionOf(recordMap, collectionIdOf(recordMap, block) ?? "")) || pageTitle(block);
  return pageTitle(block);
}

/** Builds the tree under `rootId` with paths below `prefix`; pages already placed (another version) are skipped. */
export function buildTree(rootId: string, pages: Map<string, SnapshotPage>, prefix: string, placed: Set<string>, version: TreeVersion | null = null): TreeNode | null {
  const root = pages.get(rootId);
  if (!root) return null;
  const make = (page: SnapshotPage, path: string, depth: number, parent: TreeNode | null): TreeNode => {
    placed.add(page.pageId);
    const node: TreeNode = {
      pageId: page.pageId,
      title: titleOf(page.recordMap, page.pageId) || "Untitled",
      icon: iconOf(page.recordMap, page.pageId),
      look: lookOf(page.recordMap, page.pageId),
      path,
      depth,
      parent,
      children: [],
      recordMap: page.recordMap,
      headings: headingsOf(page.recordMap, page.pageId),
      lastEdited: page.lastEditedTime,
      version,
    };
    const used = new Set<string>();
    for (const childId of childPageIds(page.recordMap, page.pageId)) {
      const child = pages.get(childId);
      if (!child || placed.has(childId)) continue;
      const base = slugifyOrFallback(titleOf(child.recordMap, childId), childId.replace(/-/g, "").slice(0, 12));
      let slug = depth === 0 && !prefix && RESERVED_TOP.has(base) ? `${base}-page` : base;
      for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
      used.add(slug);
      node.children.push(make(child, `${path === "/" ? "" : path}/${encodePathSegment(slug)}`, depth + 1, node));
    }
    return node;
  };
  return make(root, prefix || "/", 0, null);
}

export function flatten(node: TreeNode): TreeNode[] {
  return [node, ...node.children.flatMap(flatten)];
}

export type TreeSiteModelBase = {
  kind: "tree";
  siteType: TreeSiteType;
  title: string;
  icon: string | null;
  description: string;
  root: TreeNode;
  versions: TreeVersion[];
  /** Every page in reading order (depth first), per tree. */
  nodes: TreeNode[];
  pathOfPage: Map<string, string>;
  rootRecordMap: ExtendedRecordMap;
};

/**
 * The tree model: for docsv2 with versions, version roots (configured page ids) get their own trees — the first at
 * the root, others under `/<label>` — and the site's own page is the default version when none is configured.
 */
export function buildTreeModel(
  siteType: TreeSiteModelBase["siteType"],
  rootPageId: string,
  pages: Map<string, SnapshotPage>,
  versionRoots: { label: string; pageId: string }[] = [],
): TreeSiteModelBase | null {
  const rootPage = pages.get(rootPageId);
  if (!rootPage) return null;
  const placed = new Set<string>();
  const versions: TreeVersion[] = [];
  let root: TreeNode | null = null;
  if (SITE_TYPE_INFO[siteType].versions && versionRoots.length) {
    versionRoots.forEach(({ label, pageId }, i) => {
      const prefix = i === 0 ? "" : `/${encodePathSegment(slugifyOrFallback(label, `v${i + 1}`))}`;
      const version: TreeVersion = { label, prefix, root: null as unknown as TreeNode };
      const tree = buildTree(pageId, pages, prefix, placed, version);
      if (!tree) return;
      version.root = tree;
      versions.push(version);
    });
    root = versions[0]?.root ?? null;
  }
  root ??= buildTree(rootPageId, pages, "", placed);
  if (!root) return null;
  const nodes = versions.length ? versions.flatMap((v) => flatten(v.root)) : flatten(root);
  return {
    kind: "tree",
    siteType,
    title: titleOf(rootPage.recordMap, rootPageId) || "Untitled",
    icon: lookOf(rootPage.recordMap, rootPageId).icon,
    description: "",
    root,
    versions,
    nodes,
    pathOfPage: new Map(nodes.map((n) => [n.pageId, n.path])),
    rootRecordMap: rootPage.recordMap,
  };
}
