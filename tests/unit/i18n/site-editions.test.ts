import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { contentHashOf, type SnapshotPage } from "@/notion/fetch-site-content";
import { siteModelOf } from "@/site-model/site-model";
import { pagesUnder, pairedPaths, positionsOf } from "@/site-model/site-languages";
import { languageSitesOf, preferredLanguagePath, splitLanguagePath } from "@/site-server/languages";
import type { PublishedSite } from "@/site-server/site-lookup";

/**
 * One site in several languages, as data: the snapshot split per language (a language's tree never shows in the
 * site's own, even placed inside it), pages paired by position, and which first visits to `/` are sent to a language.
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const url = (n: number) => `https://www.notion.so/Page-${id(n).replace(/-/g, "")}`;

/** A page-tree snapshot: [id, parent, title, children] per page, each page's record map holding its child page blocks. */
function snapshot(pages: [number, number | null, string, number[]][]): Map<string, SnapshotPage> {
  const blockOf = (n: number, parent: number | null, title: string, children: number[]) => ({
    role: "reader",
    value: { id: id(n), type: "page", alive: true, properties: { title: [[title]] }, content: children.map(id), parent_id: parent === null ? "space" : id(parent), parent_table: parent === null ? "space" : "block" },
  });
  const byId = new Map(pages.map((p) => [p[0], p]));
  return new Map(
    pages.map(([n, parent, title, children]) => {
      const block: Record<string, unknown> = { [id(n)]: blockOf(n, parent, title, children) };
      for (const c of children) block[id(c)] = blockOf(c, n, byId.get(c)![2], byId.get(c)![3]);
      const recordMap = { block, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} } as unknown as ExtendedRecordMap;
      return [id(n), { pageId: id(n), parentPageId: parent === null ? null : id(parent), recordMap, lastEditedTime: 1, contentHash: contentHashOf(recordMap) }];
    }),
  );
}

// English: Home › Guide › Install, Home › Pricing. Japanese (placed inside the English tree, as owners do): ホーム › ガイド › 導入.
const pages = snapshot([
  [1, null, "Home", [2, 4, 10]],
  [2, 1, "Guide", [3]],
  [3, 2, "Install", []],
  [4, 1, "Pricing", []],
  [10, 1, "ホーム", [11]],
  [11, 10, "ガイド", [12]],
  [12, 11, "導入", []],
]);
const settings = { versions: [], languages: [{ language: "ja", notionPageUrl: url(10) }] };

describe("a site in several languages", () => {
  it("keeps each language's pages to itself", () => {
    const en = siteModelOf({ siteType: "docs", notionPageId: id(1), settings }, { pages })!;
    expect([...en.pathOfPage.values()].sort()).toEqual(["/", "/guide", "/guide/install", "/pricing"]);
    const ja = siteModelOf({ siteType: "docs", notionPageId: id(10), settings: { versions: [] } }, { pages: pagesUnder(id(10), pages) })!;
    expect(ja.pathOfPage.size).toBe(3);
    expect(ja.title).toBe("ホーム");
    // Without the language in the settings, the Japanese tree is an ordinary sub-page of the English one.
    expect(siteModelOf({ siteType: "docs", notionPageId: id(1), settings: { versions: [] } }, { pages })!.pathOfPage.size).toBe(7);
  });

  it("pairs pages by their position in the tree; a page with no twin has no pair", () => {
    const en = siteModelOf({ siteType: "docs", notionPageId: id(1), settings }, { pages })!;
    const ja = siteModelOf({ siteType: "docs", notionPageId: id(10), settings: { versions: [] } }, { pages: pagesUnder(id(10), pages) })!;
    const editions = [
      { language: "en", basePath: "", positions: positionsOf(en) },
      { language: "ja", basePath: "/ja", positions: positionsOf(ja) },
    ];
    const jaInstall = ja.pathOfPage.get(id(12))!;
    expect(pairedPaths(editions, editions[0]!, "/guide/install")).toEqual([
      { language: "en", path: "/guide/install" },
      { language: "ja", path: `/ja${jaInstall}` },
    ]);
    expect(pairedPaths(editions, editions[1]!, "/")).toEqual([
      { language: "en", path: "/" },
      { language: "ja", path: "/ja/" },
    ]);
    expect(pairedPaths(editions, editions[0]!, "/pricing")).toEqual([{ language: "en", path: "/pricing" }]);
  });
});

describe("first visits to /", () => {
  const site = { id: "s", notionPageId: id(1), basePath: "", settings: { language: "en", versions: [], languages: [{ language: "ja", notionPageUrl: url(10) }, { language: "de", notionPageUrl: url(20) }] } } as unknown as PublishedSite;
  const visit = (headers: Record<string, string>) => preferredLanguagePath({ headers: { "user-agent": "Mozilla/5.0 Chrome/126.0", ...headers } } as unknown as IncomingMessage, site, "en");

  it("go to the extra language the browser prefers most, by q-value", () => {
    expect(visit({ "accept-language": "ja-JP,ja;q=0.9,en;q=0.8" })).toBe("/ja/");
    expect(visit({ "accept-language": "fr;q=0.9, de;q=0.8, ja;q=0.5" })).toBe("/de/");
    expect(visit({ "accept-language": "en;q=0.4, ja;q=0.7" })).toBe("/ja/");
  });

  it("stay on / for the site's own language, a language it lacks, a reader who chose, and crawlers", () => {
    expect(visit({ "accept-language": "en-GB,ja;q=0.9" })).toBeNull();
    expect(visit({ "accept-language": "fr" })).toBeNull();
    expect(visit({})).toBeNull();
    expect(visit({ "accept-language": "ja;q=0" })).toBeNull();
    expect(visit({ "accept-language": "ja", cookie: "a=1; site_lang=en" })).toBeNull();
    expect(visit({ "accept-language": "ja", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBeNull();
    expect(visit({ "accept-language": "ja", "user-agent": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)" })).toBeNull();
  });

  it("a language's prefix opens that language's view of the site; anything else is the site's own path", () => {
    const ja = splitLanguagePath(site, "/ja/guide")!;
    expect(ja.path).toBe("/guide");
    expect(ja.site).toBe(languageSitesOf(site).get("ja"));
    expect(ja.site.basePath).toBe("/ja");
    expect(ja.site.settings.language).toBe("ja");
    expect(splitLanguagePath(site, "/ja")!.path).toBe("/");
    expect(splitLanguagePath(site, "/japan")).toBeNull();
    expect(splitLanguagePath(site, "/fr/guide")).toBeNull();
  });
});
