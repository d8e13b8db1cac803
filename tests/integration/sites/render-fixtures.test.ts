import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { fetchWholePage } from "@/notion/fetch-page";
import { createNotionGateway } from "@/notion/notion-gateway";
import { NotionBody } from "@/site-server/render/notion-body";
import { renderRoute } from "@/site-server/render/render-route";
import { siteModelOf } from "@/site-model/site-model";
import { fetchSiteContent } from "@/notion/fetch-site-content";
import { publicPageSource } from "@/notion/page-source";
import type { RenderContext } from "@/site-server/render/context";
import { createNotionStub } from "../../../tools/notion-stub/server";
import { translatorFor } from "@/lib/i18n/translator";

/** Every recorded getPage() output renders through our block renderer (server-side code and math included). */
const FIXTURES = path.resolve(import.meta.dirname, "../../../../shared/notion-fixtures/NotionX__react-notion-x/packages");
const FILES = [
  ...fs.readdirSync(path.join(FIXTURES, "notion-compat")).map((f) => path.join(FIXTURES, "notion-compat", f)),
  path.join(FIXTURES, "notion-client/fixtures/collection-view-page.json"),
];

describe("recorded Notion pages render", () => {
  it.each(FILES.map((f) => [path.basename(f), f]))("%s", async (_name, file) => {
    const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as { recordMap?: { block: object }; block?: object };
    const rootId = Object.keys((recorded.recordMap ?? recorded).block!)[0]!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-"));
    fs.writeFileSync(path.join(dir, "page.json"), JSON.stringify(recorded));
    const stub = await createNotionStub({ dataDir: dir });
    try {
      const recordMap = await fetchWholePage(createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 5000 }), rootId);
      const ctx = {
        siteId: "s",
        settings: parseSiteSettings({}),
        i18n: translatorFor("en"),
        model: { pathOfPage: new Map(), rootRecordMap: recordMap } as unknown as RenderContext["model"],
        origin: "https://x.example",
        basePath: "",
        cssHref: "/_/site.css",
        appUrl: "https://app.example",
        now: new Date(),
      } satisfies RenderContext;
      const html = renderToStaticMarkup(createElement(NotionBody, { ctx, recordMap, pageId: rootId }));
      // The body is a <div>: the layout around it holds the page's one <main>.
      expect(html).toMatch(/^<div class="notion /);
      expect(html.length).toBeGreaterThan(100);
      // A full-page database renders statically in the shape of its first view, with its rows.
      if (path.basename(file) === "collection-view-page.json") expect(html).toMatch(/class="inline-collection inline-collection-\w+"[\s\S]*<(tr|li)/);
      // Notion file URLs never reach the page directly: they go through the image route.
      expect(html).not.toMatch(/src="(attachment:|https:\/\/prod-files-secure|https:\/\/s3[.-]us-west-2\.amazonaws\.com\/secure\.notion-static)/);
    } finally {
      await stub.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(FILES.map((f) => [path.basename(f), f]))("%s as a docs site: a navigation tree whose every page renders", async (_name, file) => {
    const recorded = JSON.parse(fs.readFileSync(file, "utf8")) as { recordMap?: { block: object }; block?: object };
    const rootId = Object.keys((recorded.recordMap ?? recorded).block!)[0]!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tree-"));
    fs.writeFileSync(path.join(dir, "page.json"), JSON.stringify(recorded));
    const stub = await createNotionStub({ dataDir: dir });
    try {
      const content = await fetchSiteContent(publicPageSource(createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 5000 })), { siteType: "docs", rootPageIds: [rootId], previous: new Map() });
      const model = siteModelOf({ siteType: "docs", notionPageId: rootId, settings: { versions: [] } }, { pages: content.pages });
      expect(model?.kind).toBe("tree");
      const paths = [...model!.routes.keys()];
      expect(new Set(paths).size).toBe(paths.length);
      expect(paths[0]).toBe("/");
      const ctx: RenderContext = {
        siteId: "s",
        settings: parseSiteSettings({}),
        i18n: translatorFor("en"),
        model: model!,
        origin: "https://x.example",
        basePath: "",
        cssHref: "/_/site.css",
        islandHref: "/_/site.js",
        appUrl: "https://app.example",
        now: new Date(),
      };
      for (const route of model!.routes.values()) {
        const html = renderRoute(ctx, route);
        expect(html).toMatch(/<nav class="docs-pages" aria-label="Pages">/);
      }
    } finally {
      await stub.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
