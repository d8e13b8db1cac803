import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { fetchWholePage } from "@/notion/fetch-page";
import { createNotionGateway } from "@/notion/notion-gateway";
import type { RenderContext } from "@/site-server/render/context";
import { NotionBody } from "@/site-server/render/notion-body";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { PRIVATE_WORKSPACES, privateStore } from "../../fixtures/real/corpus";
import { expectedPrivatePage } from "../../fixtures/real/expectations";
import { checkPage } from "./check-page";
import { htmlErrors } from "./publish";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * The contract test's judge can fail: a recorded page rendered by our block renderer passes, and the same HTML with
 * a block taken out, two blocks swapped, a heading's level or a code block's language changed does not.
 */

const workspace = PRIVATE_WORKSPACES.find((w) => w.name === "main")!;
const store = privateStore(workspace.dir);
let stub: NotionStub;
const html = new Map<string, string>();

async function render(pageId: string): Promise<string> {
  const recordMap = await fetchWholePage(createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 5000 }), pageId);
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
  // In the layout's one <main> landmark, as document.tsx places it.
  return `<!doctype html><html lang="en"><head><title>t</title></head><body><header></header><main id="main">${renderToStaticMarkup(createElement(NotionBody, { ctx, recordMap, pageId }))}</main><footer></footer></body></html>`;
}

const BASIC = "0be6efce-9daf-4268-8f65-c76b89f8eb27";
const CODE = "0c322c33-381c-49bc-a508-3a451c334c39";

beforeAll(async () => {
  stub = await createNotionStub({ dataDir: workspace.dir });
  for (const id of [BASIC, CODE]) html.set(id, await render(id));
});
afterAll(() => stub?.close());

/** One element (by its block class) cut out of the HTML. */
function withoutBlock(page: string, blockHex: string): string {
  const start = page.indexOf(`<blockquote class="notion-quote notion-block-${blockHex}`);
  const end = page.indexOf("</blockquote>", start) + "</blockquote>".length;
  return page.slice(0, start) + page.slice(end);
}

describe("the contract test's page judge", () => {
  it("passes a recorded page as our renderer draws it", () => {
    expect(checkPage(html.get(BASIC)!, expectedPrivatePage(store, BASIC), "x.example").failures).toEqual([]);
    expect(checkPage(html.get(CODE)!, expectedPrivatePage(store, CODE), "x.example").failures).toEqual([]);
  });

  it("fails when a block is missing", () => {
    const cut = withoutBlock(html.get(BASIC)!, "fc93ccaaef124997908b139d003b29cf");
    const failures = checkPage(cut, expectedPrivatePage(store, BASIC), "x.example").failures;
    expect(failures).toContain('quote fc93ccaa-ef12-4997-908b-139d003b29cf: text missing: "This is an example quote."');
    expect(failures).toContain("quote fc93ccaa-ef12-4997-908b-139d003b29cf: not rendered");
  });

  it("fails when blocks are out of order", () => {
    const page = html.get(BASIC)!;
    const quote = page.slice(page.indexOf('<blockquote class="notion-quote'), page.indexOf("</blockquote>") + "</blockquote>".length);
    // To the end of the page's body (the body's root <div> closes just before </main>).
    const moved = page.replace(quote, "").replace("</div></main>", `${quote}</div></main>`);
    expect(moved).not.toBe(page.replace(quote, ""));
    // The quote now comes last, so what followed it is found before it: the first of those is reported out of order.
    expect(checkPage(moved, expectedPrivatePage(store, BASIC), "x.example").failures.join("\n")).toMatch(/: text out of order: "This content is hidden\./);
  });

  it("fails when the page has two <main> landmarks or its body is outside <main>", async () => {
    const page = html.get(BASIC)!;
    // The body's root as a <main> of its own inside the layout's (screen readers then meet two mains).
    const twoMains = page.replace(/<div class="notion ([^"]*)">([\s\S]*)<\/div><\/main>/, '<main class="notion $1">$2</main></main>');
    expect(twoMains).not.toBe(page);
    expect(checkPage(twoMains, expectedPrivatePage(store, BASIC), "x.example").failures).toContain("2 <main> landmarks in the page (a page has one)");
    // The walk's validator (html-validate:standard) finds it too, and passes the page as our layout writes it.
    expect(await htmlErrors(page, "/")).toEqual([]);
    expect((await htmlErrors(twoMains, "/")).join("\n")).toMatch(/^\/: invalid HTML: /);
    const outside = page.replace('<main id="main">', "<div>").replace("</main>", "</div><main></main>");
    expect(checkPage(outside, expectedPrivatePage(store, BASIC), "x.example").failures).toContain("no page body (an element of class notion notion-page notion-block-<id>) inside <main>");
  });

  it("fails when a heading has another level or a code block loses its language", () => {
    const flattened = html.get(BASIC)!.replace('class="notion-h notion-h2 notion-h-indent-0 notion-block-eef2393d431345f6817c999c04361f4b"', 'class="notion-h notion-h1 notion-h-indent-0 notion-block-eef2393d431345f6817c999c04361f4b"');
    expect(checkPage(flattened, expectedPrivatePage(store, BASIC), "x.example").failures.join("\n")).toMatch(/sub_header eef2393d-4313-45f6-817c-999c04361f4b: is not a level-2 heading/);
    expect(flattened).not.toBe(html.get(BASIC));
    const unlabelled = html.get(CODE)!.replace('<span class="code-language">TypeScript</span>', "");
    expect(unlabelled).not.toBe(html.get(CODE));
    expect(checkPage(unlabelled, expectedPrivatePage(store, CODE), "x.example").failures.join("\n")).toMatch(/code [0-9a-f-]+: code block does not show its language "TypeScript"/);
  });
});
