import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseSiteSettings } from "@/core/sites/site-settings";
import type { SiteType } from "@/lib/site-types";
import { fetchSiteContent } from "@/notion/fetch-site-content";
import { createNotionGateway } from "@/notion/notion-gateway";
import { publicPageSource } from "@/notion/page-source";
import { siteModelOf, type SiteModel } from "@/site-model/site-model";
import { markdownOf } from "@/site-server/llms";
import type { RenderContext } from "@/site-server/render/context";
import { renderNotFound, renderRoute } from "@/site-server/render/render-route";
import { createNotionStub } from "../../tools/notion-stub/server";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * A site published from Notion pages in process: the Notion stand-in serves the pages (a recorded getPage() output
 * written to a data directory, or a directory such as the demo workspace), the real sync reads them, and every route
 * is rendered as the site server renders it, with its Markdown twin. No database, no HTTP server of ours.
 */

export type RenderedSite = { model: SiteModel; ctx: RenderContext; html: Map<string, string>; markdown: Map<string, string>; notFound: string };

export const REAL = path.resolve(import.meta.dirname, "../../../shared/notion-fixtures");

export const readJson = <T = Record<string, unknown>>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T;

/** A recorded response's record map, whichever wrapper it came in. */
export const recordMapOf = (recorded: Record<string, unknown>) => (recorded.recordMap ?? recorded) as { block: Record<string, unknown> } & Record<string, unknown>;

/** A record's value, whichever era's wrapper it has ({role, value} or {spaceId, value:{value, role}}). */
export function valueOf<T = Record<string, unknown>>(record: unknown): T | undefined {
  const outer = (record as { value?: unknown } | undefined)?.value as { value?: unknown; role?: unknown } | undefined;
  return (outer && typeof outer.value === "object" && outer.value !== null && "role" in outer ? outer.value : outer) as T | undefined;
}

export async function renderRecorded(recorded: object, siteType: SiteType, rootPageId: string): Promise<RenderedSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recorded-"));
  fs.writeFileSync(path.join(dir, "page.json"), JSON.stringify(recorded));
  try {
    return await renderFromDir(dir, siteType, rootPageId);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function renderFromDir(dataDir: string, siteType: SiteType, rootPageId: string): Promise<RenderedSite> {
  const stub = await createNotionStub({ dataDir });
  try {
    const gateway = createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 10_000 });
    const content = await fetchSiteContent(publicPageSource(gateway), { siteType, rootPageIds: [rootPageId], previous: new Map() });
    const model = siteModelOf({ siteType, notionPageId: rootPageId, settings: { versions: [] } }, { pages: content.pages });
    if (!model) throw new Error(`no ${siteType} site from ${rootPageId}`);
    const ctx: RenderContext = {
      siteId: "s",
      settings: parseSiteSettings({}),
      i18n: translatorFor("en"),
      model,
      origin: "https://site.example",
      basePath: "",
      cssHref: "/_/site.css",
      islandHref: "/_/site.js",
      appUrl: "https://app.example",
      now: new Date("2026-01-01T00:00:00Z"),
    };
    const html = new Map<string, string>();
    const markdown = new Map<string, string>();
    for (const [p, route] of model.routes) {
      html.set(p, renderRoute(ctx, route));
      const md = markdownOf(ctx, route);
      if (md !== null) markdown.set(p, md);
    }
    return { model, ctx, html, markdown, notFound: renderNotFound(ctx, "/no-such-page") };
  } finally {
    await stub.close();
  }
}
