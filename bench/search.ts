import type { ExtendedRecordMap } from "notion-types";
import { sql } from "drizzle-orm";
import { indexSitePages } from "../src/core/search/index-site-pages";
import { searchSite } from "../src/core/search/search-site";
import type { SnapshotPage } from "../src/notion/fetch-site-content";
import { insertSite, openTestDatabase } from "../tests/helpers/test-db";
import type { BenchRow } from "./sync";

/**
 * Search in scripts without spaces: a 2,000-page site written in Chinese and Japanese (made from a fixed word list
 * with a seeded generator, ~600 characters a page), indexed as the site server does, then 200 searches of one to
 * four words; p50 and p95 of searchSite, the index's size and what the character pairs add to it; and the same site
 * in English words as a control (every word is on most pages in both, so most searches rank most pages: a worst
 * case). PGlite here, and PostgreSQL as well when TEST_DATABASE_URL is set.
 */

const WORDS = [
  "配置", "中心", "服务器", "地址", "修改", "启动", "应用", "用户", "权限", "数据库", "备份", "恢复", "日志", "监控", "告警", "网络",
  "安全", "证书", "域名", "缓存", "搜索", "索引", "文档", "页面", "发布", "版本", "更新", "设置", "管理画面", "設定", "変更", "反映",
  "ログイン", "パスワード", "アカウント", "請求書", "支払い", "通知", "メール", "プロジェクト", "チーム", "招待", "削除", "保存",
];
/** The control: the same site in English words (as many, as often), to tell the pairs' cost from the corpus's. */
const ENGLISH = [
  "configure", "center", "server", "address", "change", "restart", "application", "user", "permission", "database", "backup", "restore",
  "log", "monitor", "alert", "network", "security", "certificate", "domain", "cache", "search", "index", "document", "page", "publish",
  "version", "update", "settings", "dashboard", "setup", "modify", "apply", "login", "password", "account", "invoice", "payment",
  "notification", "email", "project", "team", "invite", "delete", "save",
];
const PAGES = 2000;
const SEARCHES = 200;

function seeded(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

function page(i: number, next: () => number, words: string[], space: string): SnapshotPage {
  const pick = () => words[Math.floor(next() * words.length)]!;
  const sentence = () => `${Array.from({ length: 8 }, pick).join(space)}${space ? "." : "。"}`;
  const pageId = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
  const texts = Array.from({ length: 12 }, sentence);
  const block: Record<string, unknown> = { [pageId]: { value: { id: pageId, type: "page", properties: { title: [[`${pick()}${space}${pick()}`]] }, content: texts.map((_, j) => `${pageId}-${j}`) } } };
  texts.forEach((text, j) => (block[`${pageId}-${j}`] = { value: { id: `${pageId}-${j}`, type: "text", properties: { title: [[text]] } } }));
  return { pageId, parentPageId: null, lastEditedTime: 0, contentHash: pageId, recordMap: { block, collection: {}, collection_view: {}, notion_user: {}, collection_query: {}, signed_urls: {} } as unknown as ExtendedRecordMap };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)]!;

async function benchOn(engine: string, words = WORDS, space = ""): Promise<BenchRow[]> {
  const database = await openTestDatabase();
  try {
    const siteId = (await insertSite(database, "docs", "00000000-0000-4000-8000-0000000000b1")).site.id;
    const next = seeded(39);
    const pages = new Map(Array.from({ length: PAGES }, (_, i) => page(i, next, words, space)).map((p) => [p.pageId, p]));
    const indexStart = performance.now();
    await indexSitePages(database.db, siteId, pages);
    const indexMs = performance.now() - indexStart;
    const sizes = (await database.db.execute(sql`
      select sum(pg_column_size(tsv))::bigint as tsv,
             sum(pg_column_size(setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', headings), 'B') || setweight(to_tsvector('english', body), 'C')))::bigint as words_only,
             pg_total_relation_size('search_documents')::bigint as total
      from search_documents where site_id = ${siteId}`)) as unknown as { rows: { tsv: string; words_only: string; total: string }[] };
    const size = sizes.rows[0]!;
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < SEARCHES; i++) {
      const query = Array.from({ length: 1 + (i % 4) }, () => words[Math.floor(next() * words.length)]!).join(i % 2 || space ? " " : "");
      const t = performance.now();
      found += (await searchSite(database.db, siteId, query)).length ? 1 : 0;
      times.push(performance.now() - t);
    }
    const kb = (n: string | number) => `${Math.round(Number(n) / 1024).toLocaleString("en-US")} KB`;
    return [
      { name: `${engine}: search p50 / p95, ${PAGES}-page site`, value: `${quantile(times, 0.5).toFixed(1)} / ${quantile(times, 0.95).toFixed(1)} ms` },
      { name: `${engine}: searches that found a page`, value: `${found} / ${SEARCHES}` },
      { name: `${engine}: index (tsvector) size, with pairs / words only`, value: `${kb(size.tsv)} / ${kb(size.words_only)}` },
      { name: `${engine}: search_documents on disk (table, TOAST, indexes)`, value: kb(size.total) },
      { name: `${engine}: indexing ${PAGES} pages`, value: `${(indexMs / 1000).toFixed(1)} s` },
    ];
  } finally {
    await database.close();
  }
}

export async function benchSearch(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  process.env.TEST_DB = "pglite";
  rows.push(...(await benchOn("PGlite, CJK")), ...(await benchOn("PGlite, English control", ENGLISH, " ")));
  if (process.env.TEST_DATABASE_URL) {
    process.env.TEST_DB = "postgres";
    rows.push(...(await benchOn("PostgreSQL, CJK")), ...(await benchOn("PostgreSQL, English control", ENGLISH, " ")));
  }
  return rows;
}
