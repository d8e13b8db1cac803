import fs from "node:fs";
import path from "node:path";
import { HtmlValidate } from "html-validate";
import { notionPageProblem, type NotionPageInspection } from "@/lib/notion-page-rules";
import type { SiteType } from "@/lib/site-types";
import { readableBlock, type Store } from "../../../tools/notion-stub/store";
import { hex, privateStore, subPagesOf, type PrivateWorkspace } from "../../fixtures/real/corpus";
import { expectedPrivatePage, pageReadable, type ExpectedPage } from "../../fixtures/real/expectations";
import { rawRequest } from "../../helpers/raw-request";
import { checkPage, parseHtml, renderedPageId } from "./check-page";

/**
 * Publishing recorded pages and judging the sites (both paths): which site types a recording fits, the pages a tree
 * site must and must not hold, and the walk over a published site — every address in its sitemap, every page judged
 * block by block against its recording, every local link and every image the stand-ins can serve fetched.
 */

export type Publication = { label: string; siteType: SiteType; pageId: string };

const TREE_TYPES: SiteType[] = ["simple", "docs", "help_desk"];
const DATABASE_TYPES: SiteType[] = ["blog", "changelog", "roadmap"];

/** What our page check would see in the recording (the inspection of docs/product.md §5). */
function inspectionOf(store: Store, pageId: string): NotionPageInspection {
  const page = readableBlock(store, pageId)!;
  if (page.type !== "collection_view_page") return { state: "valid", isCollection: false, collectionType: null, properties: [] };
  const view = store.records.collection_view.get(((page.view_ids as string[] | undefined) ?? [])[0] ?? "");
  const collection = store.records.collection.get(String(page.collection_id ?? ""));
  const schema = (collection?.schema ?? {}) as Record<string, { name: string; type: string }>;
  return { state: "valid", isCollection: true, collectionType: (view?.type as string | undefined) ?? null, properties: Object.values(schema).map((p) => ({ name: p.name, type: p.type })) };
}

/**
 * Every site type a recorded page fits: a page (or a full-page database) on a simple site; on docs and help-desk
 * sites too when it has sub-pages or rows (a tree); on blog/changelog/roadmap when the page check accepts it.
 */
export function publicationsOf(workspace: PrivateWorkspace): Publication[] {
  const store = privateStore(workspace.dir);
  return workspace.pages.flatMap((page) => {
    const inspection = inspectionOf(store, page.id);
    const sub = subPagesOf(store, page.id);
    const tree = inspection.isCollection || sub.readable.length + sub.unreadable.length > 0;
    const types = [...TREE_TYPES.filter((t) => t === "simple" || tree), ...DATABASE_TYPES.filter((t) => notionPageProblem(t, inspection) === null)];
    return types.map((siteType) => ({ label: `${page.name} as ${siteType}`, siteType, pageId: page.id }));
  });
}

/** The pages a tree site of this root must publish (readable ones, all the way down) and must leave out. */
export function treeOf(store: Store, rootId: string): { publish: Set<string>; leaveOut: Set<string> } {
  const publish = new Set<string>([hex(rootId)]);
  const leaveOut = new Set<string>();
  const visit = (id: string, depth: number) => {
    const block = readableBlock(store, id);
    if (!block || depth > 8) return;
    if (block.type === "collection_view_page") {
      const collectionId = String(block.collection_id ?? "");
      for (const row of store.records.block.values()) {
        if (row.parent_table !== "collection" || row.parent_id !== collectionId || row.alive === false || row.type !== "page") continue;
        // A row is a page like any other: one whose every content block the recording lacks is unreadable
        // (notion-capture__full-page-database.json records rows 3f98ce74-… and e703d132-… with one block each, never
        // recorded, which the stand-in answers as Notion answers blocks one can't read).
        (pageReadable(store, row.id) ? publish : leaveOut).add(hex(row.id));
      }
      return;
    }
    const { readable, unreadable } = subPagesOf(store, id);
    for (const child of unreadable) leaveOut.add(hex(child));
    for (const child of readable) {
      if (pageReadable(store, child)) {
        publish.add(hex(child));
        visit(child, depth + 1);
      } else leaveOut.add(hex(child));
    }
  };
  visit(rootId, 0);
  return { publish, leaveOut };
}

/** html-validate's standard rules, run in process on every page a walk fetches (valid-html.test.ts runs the same). */
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

export async function htmlErrors(html: string, label: string): Promise<string[]> {
  const report = await validator.validateString(html, label);
  return report.results
    .flatMap((r) => r.messages)
    .filter((m) => m.severity === 2)
    .map((m) => `${label}: invalid HTML: ${m.ruleId} ${m.message} … ${html.slice(Math.max(0, m.offset - 60), m.offset + 60).replace(/\s+/g, " ")}`);
}

export type SiteReport = { failures: string[]; pages: number; imagesLoaded: number; imagesNotFetched: number; linksFetched: number };

/**
 * Walks one published site: `/` and every sitemap address answer 200; each page is judged against the recording of
 * the Notion page it renders; the pages published are the readable ones of the tree, the unreadable ones nowhere;
 * every local link answers below 500; every image whose file the stand-in serves loads as an image; every page is
 * valid HTML (html-validate:standard).
 * `expectedFor` gives the recording's expectations for a rendered page id (null: not a recorded page).
 * `fetchableImage` says whether an image's recorded source is one the stand-in serves (others would go outside
 * this machine, so they are only checked to be in the page).
 */
export async function walkSite(opts: {
  appUrl: string;
  host: string;
  expectedFor: (pageHex: string) => ExpectedPage | null;
  tree: { publish: Set<string>; leaveOut: Set<string> } | null;
  fetchableImage: (recordedSource: string) => boolean;
}): Promise<SiteReport> {
  const { appUrl, host } = opts;
  const get = (p: string) => rawRequest(`${appUrl}${p}`, { host });
  const failures: string[] = [];
  const report: SiteReport = { failures, pages: 0, imagesLoaded: 0, imagesNotFetched: 0, linksFetched: 0 };
  const home = await get("/");
  if (home.status !== 200) {
    failures.push(`/ answers ${home.status}: ${home.body.slice(0, 200)}`);
    return report;
  }
  const sitemap = await get("/sitemap.xml");
  const paths = sitemap.status === 200 ? [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname) : [];
  if (sitemap.status !== 200) failures.push(`/sitemap.xml answers ${sitemap.status}`);
  const rendered = new Set<string>();
  const links = new Set<string>();
  for (const p of new Set(["/", ...paths])) {
    const res = p === "/" ? home : await get(p);
    if (res.status !== 200) {
      failures.push(`${p} (in the sitemap) answers ${res.status}`);
      continue;
    }
    report.pages += 1;
    failures.push(...(await htmlErrors(res.body, decodeURIComponent(p))));
    const pageHex = renderedPageId(res.body);
    if (process.env.REAL_DUMP_DIR) fs.writeFileSync(path.join(process.env.REAL_DUMP_DIR, `${host.split(".")[0]}${p.replaceAll("/", "_")}.html`), res.body);
    if (!pageHex) {
      // A listing (a help desk's home or category page) shows none of its own page's blocks.
      failures.push(`${decodeURIComponent(p)}: shows none of its Notion page's own blocks (a listing page: no page body naming a page in <main>)`);
      continue;
    }
    rendered.add(pageHex);
    const expected = opts.expectedFor(pageHex);
    if (expected) {
      const verdict = checkPage(res.body, expected, host);
      failures.push(...verdict.failures.map((f) => `${decodeURIComponent(p)}: ${f}`));
      for (const image of verdict.imageSources) {
        if (!image.src.startsWith("/") || !opts.fetchableImage(image.recorded)) {
          report.imagesNotFetched += 1;
          continue;
        }
        const img = await get(image.src.replaceAll("&amp;", "&"));
        if (img.status !== 200 || !/^image\//.test(String(img.headers["content-type"] ?? ""))) failures.push(`${decodeURIComponent(p)}: image of block ${image.blockId} answers ${img.status} ${img.headers["content-type"] ?? ""}`);
        else report.imagesLoaded += 1;
      }
    }
    const dom = parseHtml(res.body);
    for (const a of dom.all.filter((n) => n.tagName === "a")) {
      const href = dom.attr(a, "href");
      if (href && href.startsWith("/") && !href.startsWith("//")) links.add(href.split("#")[0]!);
    }
  }
  if (opts.tree) {
    for (const id of opts.tree.publish) if (!rendered.has(id)) failures.push(`readable page ${id} is not published (pages rendered: ${[...rendered].join(", ")})`);
    for (const id of opts.tree.leaveOut) if (rendered.has(id)) failures.push(`unreadable page ${id} is published`);
  }
  for (const href of links) {
    if (!href || href.startsWith("/_/img/")) continue;
    const res = await get(href);
    report.linksFetched += 1;
    if (res.status >= 500) failures.push(`link ${decodeURIComponent(href)} answers ${res.status}`);
  }
  return report;
}

/** Expectations for any page of a private workspace, by rendered id. */
export function privateExpectations(store: Store): (pageHex: string) => ExpectedPage | null {
  const byHex = new Map([...store.records.block.keys()].map((id) => [hex(id), id]));
  return (pageHex) => {
    const id = byHex.get(pageHex);
    return id && readableBlock(store, id) ? expectedPrivatePage(store, id) : null;
  };
}

/** Notion-hosted uploads: the private-API stand-in signs them to its own /files/ (placeholders: SOURCES.md). */
export const isNotionUpload = (source: string) => /^attachment:|^https:\/\/(s3[.-]us-west-2\.amazonaws\.com\/secure\.notion-static\.com|prod-files-secure\.s3\.us-west-2\.amazonaws\.com)\//.test(source);
