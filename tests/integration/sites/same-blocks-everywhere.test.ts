import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SiteType } from "@/lib/site-types";
import { REAL, readJson, recordMapOf, renderRecorded, valueOf, type RenderedSite } from "../../helpers/render-recorded";

/**
 * One renderer for blocks on every site type: layout differs, content never does. Real recordings published as simple,
 * docs and help-desk sites show the same blocks on each page, nested list items in their recorded order and inside
 * their parent item, and the blocks react-notion-x draws as nothing (a Google Drive file) as Notion shows them.
 */

const NOTION_X = path.join(REAL, "NotionX__react-notion-x/packages");
const TYPES: SiteType[] = ["simple", "docs", "help_desk"];
type BlockValue = { id: string; type: string; content?: string[]; parent_id?: string; properties?: Record<string, unknown[][]>; format?: Record<string, unknown> };

const blocksOf = (recorded: Record<string, unknown>) => new Map(Object.values(recordMapOf(recorded).block).map((r) => valueOf<BlockValue>(r)!).filter(Boolean).map((b) => [b.id, b]));
const text = (v: unknown[][] | undefined) => (v ?? []).map((p) => String(p[0])).join("");
/** The page body (react-notion-x's part), without the layout around it. */
function bodyOf(html: string): string {
  const start = html.indexOf('<div class="notion ');
  let depth = 0;
  for (const m of html.slice(start).matchAll(/<(\/?)div\b/g)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, start + m.index);
  }
  return html.slice(start);
}
const blockIdsIn = (html: string) => [...new Set([...bodyOf(html).matchAll(/notion-block-([0-9a-f]{32})/g)].map((m) => m[1]!))];
const plain = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").trim();

async function allTypes(recorded: Record<string, unknown>, rootId: string): Promise<Map<SiteType, RenderedSite>> {
  const sites = new Map<SiteType, RenderedSite>();
  for (const type of TYPES) sites.set(type, await renderRecorded(recorded, type, rootId));
  return sites;
}

describe("nested lists keep their recorded order and nesting on every site type (Lists, notion-compat de14421f)", () => {
  const recorded = readJson(path.join(NOTION_X, "notion-compat/de14421f13914ac7b528fa2e31eb1455.json"));
  const rootId = "de14421f-1391-4ac7-b528-fa2e31eb1455";
  const blocks = blocksOf(recorded);
  // Every list item of the page, depth first, as Notion lays them out.
  const expected: string[] = [];
  const walk = (id: string) => {
    const b = blocks.get(id);
    if (!b || (b.type === "page" && id !== rootId)) return;
    if (b.type === "bulleted_list" || b.type === "numbered_list") expected.push(text(b.properties?.title).trim());
    for (const child of b.content ?? []) walk(child);
  };
  walk(rootId);

  it("renders every list item, in order, each nested list inside its parent item", async () => {
    expect(expected.length).toBeGreaterThan(20);
    for (const [type, site] of await allTypes(recorded, rootId)) {
      const body = bodyOf(site.html.get("/")!);
      const items = [...body.matchAll(/<li>([\s\S]*?)(?=<li>|<\/li>|<ul|<ol)/g)].map((m) => plain(m[1]!));
      expect(items, type).toEqual(expected);
      // A list's children are items only: a nested list sits inside the item before it.
      expect(body, type).not.toMatch(/<\/li>\s*<(ul|ol|div)\b/);
      expect(body, type).not.toMatch(/<(ul|ol)[^>]*>\s*<(ul|ol|div)\b/);
    }
  });
});

describe("the same blocks on every site type", () => {
  const pageJson = readJson(path.join(NOTION_X, "notion-client/fixtures/page.json"));
  const kitchen = { ...recordMapOf(pageJson), block: { ...recordMapOf(readJson(path.join(NOTION_X, "notion-client/fixtures/table.json"))).block, ...recordMapOf(pageJson).block } };
  const cases: [string, Record<string, unknown>, string][] = [
    ["Code Blocks", readJson(path.join(NOTION_X, "notion-compat/0c322c33381c49bca5083a451c334c39.json")), "0c322c33-381c-49bc-a508-3a451c334c39"],
    ["Basic Blocks", readJson(path.join(NOTION_X, "notion-compat/0be6efce9daf42688f65c76b89f8eb27.json")), "0be6efce-9daf-4268-8f65-c76b89f8eb27"],
    ["Table Kitchen Sink (a page whose sub-page holds an inline database)", kitchen, "067dd719-a912-471e-a9a3-ac10710e7fdf"],
  ];

  for (const [name, recorded, rootId] of cases) {
    it(`${name}: every page shows the same blocks and databases on simple, docs and help-desk sites`, async () => {
      const sites = await allTypes(recorded, rootId);
      const simple = sites.get("simple")!;
      expect(simple.html.size).toBeGreaterThan(0);
      const recordedBlocks = blocksOf(recorded);
      for (const [p, html] of simple.html) {
        const ids = blockIdsIn(html);
        // A page with content shows it (its own block and its children).
        const pageId = [...simple.model.pathOfPage].find(([, path]) => path === p)?.[0];
        if (recordedBlocks.get(pageId ?? "")?.content?.length) expect(ids.length, `${p} has a body`).toBeGreaterThan(1);
        const databases = (html.match(/class="inline-collection /g) ?? []).length;
        for (const type of ["docs", "help_desk"] as const) {
          const other = sites.get(type)!.html.get(p);
          expect(other, `${type} ${p}`).toBeDefined();
          expect(blockIdsIn(other!), `${type} ${p}`).toEqual(ids);
          expect((other!.match(/class="inline-collection /g) ?? []).length, `${type} ${p} databases`).toBe(databases);
        }
      }
    });
  }

  it("an HTML code block keeps its language label and Prism's markup grammar on every site type", async () => {
    const recorded = cases[0]![1];
    const html = blocksOf(recorded);
    const code = [...html.values()].find((b) => b.type === "code" && text(b.properties?.language) === "HTML")!;
    for (const [type, site] of await allTypes(recorded, cases[0]![2])) {
      const page = site.html.get("/")!;
      expect(page, type).toContain('<span class="code-language">HTML</span><pre class="language-markup" tabindex="0"><code class="language-markup">');
      expect(plain(page), type).toContain(text(code.properties?.title).split("\n")[0]!);
    }
  });
});

describe("blocks react-notion-x draws as nothing", () => {
  it("a Google Drive file (a real drive block) is a link to the file with its title, as Notion's card", async () => {
    const basic = readJson(path.join(NOTION_X, "notion-compat/0be6efce9daf42688f65c76b89f8eb27.json"));
    const drive = readJson<BlockValue & { format: { drive_properties: { url: string; title: string } } }>(path.join(NOTION_X, "notion-client/fixtures/blocks/drive.json"));
    const rootId = "0be6efce-9daf-4268-8f65-c76b89f8eb27";
    // The recorded block, unchanged, placed at the end of a recorded page.
    const map = recordMapOf(basic) as { block: Record<string, { role?: string; value: BlockValue & { value?: BlockValue } }> };
    const root = map.block[rootId]!;
    const inner = root.value.value ?? root.value;
    const moved = { ...inner, content: [...(inner.content ?? []), drive.id] };
    const withDrive = {
      ...map,
      block: { ...map.block, [rootId]: root.value.value ? { ...root, value: { ...root.value, value: moved } } : { ...root, value: moved }, [drive.id]: { role: "reader", value: { ...drive, parent_id: rootId } } },
    };
    for (const [type, site] of await allTypes(withDrive, rootId)) {
      const page = site.html.get("/")!;
      const link = new RegExp(`<a[^>]+href="${drive.format.drive_properties.url.replace(/[.?*+()[\]\\]/g, "\\$&")}"[^>]*>[\\s\\S]*?${drive.format.drive_properties.title.replace(/[.?*+()[\]\\]/g, "\\$&")}`);
      expect(page, type).toMatch(link);
      expect(site.markdown.get("/"), type).toContain(drive.format.drive_properties.url);
    }
  });
});
