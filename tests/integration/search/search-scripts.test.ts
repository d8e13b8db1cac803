import type { ExtendedRecordMap } from "notion-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { indexSitePages } from "@/core/search/index-site-pages";
import { searchSite } from "@/core/search/search-site";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import { insertSite, openTestDatabase } from "../../helpers/test-db";

/**
 * Site search in scripts without spaces and with diacritics, in the real database (PGlite, and PostgreSQL under
 * TEST_DB=postgres): a two-character Chinese word inside a longer run, a Japanese phrase, an Arabic word written with
 * and without its diacritics, and Latin words as before.
 */

let database: Database;
let siteId: string;

function page(pageId: string, title: string, texts: string[]): SnapshotPage {
  const block: Record<string, unknown> = { [pageId]: { value: { id: pageId, type: "page", properties: { title: [[title]] }, content: texts.map((_, i) => `${pageId}-${i}`) } } };
  texts.forEach((text, i) => (block[`${pageId}-${i}`] = { value: { id: `${pageId}-${i}`, type: "text", properties: { title: [[text]] } } }));
  return { pageId, parentPageId: null, lastEditedTime: 0, contentHash: pageId, recordMap: { block, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} } as unknown as ExtendedRecordMap };
}

const PAGES = new Map(
  [
    page("zh", "快速开始", ["在配置中心修改服务器地址，然后重新启动应用。"]),
    page("ja", "はじめに", ["管理画面で設定を変更すると、すぐに反映されます。"]),
    page("ar", "مَرْحَبًا بِكُمْ", ["اُكْتُبْ كَلِمَةَ الْمُرُورِ ثُمَّ اضْغَطْ على زر الدخول."]),
    page("en", "Installing", ["Paste the script tag before the closing head tag on every page."]),
  ].map((p) => [p.pageId, p]),
);

const ids = async (query: string) => (await searchSite(database.db, siteId, query)).map((h) => h.pageId);

beforeAll(async () => {
  database = await openTestDatabase();
  siteId = (await insertSite(database, "docs", "00000000-0000-4000-8000-0000000000c1")).site.id;
  expect(await indexSitePages(database.db, siteId, PAGES)).toBe(4);
}, 60_000);
afterAll(() => database?.close());

describe("search in every script", () => {
  it("finds a two-character Chinese word inside a longer run, and a single character as it is typed", async () => {
    expect(await ids("配置")).toEqual(["zh"]);
    expect(await ids("服务器")).toEqual(["zh"]);
    expect(await ids("快速")).toEqual(["zh"]);
    expect(await ids("配")).toEqual(["zh"]);
    expect(await ids("配置文件")).toEqual([]);
  });

  it("finds a Japanese phrase, and not one whose characters are there in another order", async () => {
    expect(await ids("設定を変更")).toEqual(["ja"]);
    expect(await ids("管理画面")).toEqual(["ja"]);
    expect(await ids("更変")).toEqual([]);
  });

  it("finds an Arabic word with and without its diacritics", async () => {
    expect(await ids("كلمة")).toEqual(["ar"]);
    expect(await ids("كَلِمَةَ")).toEqual(["ar"]);
    expect(await ids("مرحبا")).toEqual(["ar"]);
    expect(await ids("الدخول")).toEqual(["ar"]);
  });

  it("still finds Latin words by prefix, stemmed", async () => {
    expect(await ids("install")).toEqual(["en"]);
    expect(await ids("scri")).toEqual(["en"]);
  });
});
