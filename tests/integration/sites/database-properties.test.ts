import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { SiteType } from "@/lib/site-types";
import { REAL, readJson, recordMapOf, renderRecorded, valueOf, type RenderedSite } from "../../helpers/render-recorded";

/**
 * Database properties as Notion shows them, from real recordings: the "Table Kitchen Sink" database of
 * react-notion-x's fixtures (page.json: the page, its collection, five views; table.json: the query with its four
 * rows, fed together through the Notion stand-in), and the "Damian Jones" row of "2020 NBA Players"
 * (collection-row-page.json: formulas, a relation, a file, a select). Every expectation is read from the recording:
 * the view's visible properties in its order, each row's stored value, the schema's option colours, the users.
 */

const FIXTURES = path.join(REAL, "NotionX__react-notion-x/packages/notion-client/fixtures");
type Rec = Record<string, unknown>;
type Schema = Record<string, { name: string; type: string; options?: { value: string; color?: string }[]; formula?: Rec }>;

const page = readJson(path.join(FIXTURES, "page.json"));
const table = readJson(path.join(FIXTURES, "table.json"));
const kitchen: Rec & { block: Rec } = { ...recordMapOf(page), block: { ...recordMapOf(table).block, ...recordMapOf(page).block } };
const values = <T>(map: unknown) => Object.values((map ?? {}) as Record<string, unknown>).map((r) => valueOf<T>(r)!).filter(Boolean);
const blocks = values<Rec & { id: string; type: string; parent_id: string; parent_table?: string; properties?: Record<string, unknown[][]>; view_ids?: string[]; collection_id?: string }>(kitchen.block);
const database = blocks.find((b) => b.type === "collection_view" && (b.view_ids?.length ?? 0) > 1)!;
const collection = valueOf<{ schema: Schema }>((kitchen.collection as Rec)[database.collection_id!])!;
const views = database.view_ids!.map((id) => valueOf<{ id: string; type: string; name?: string; format: Record<string, { property: string; visible?: boolean }[]> }>((kitchen.collection_view as Rec)[id])!);
const rows = blocks.filter((b) => b.parent_table === "collection" && b.parent_id === database.collection_id);
const users = values<{ id: string; given_name?: string; family_name?: string }>(kitchen.notion_user);
const host = blocks.find((b) => b.id === database.parent_id)!;
const rootId = blocks.find((b) => b.type === "page" && b.parent_table === "space")!.id;

const text = (v: unknown[][] | undefined) => (v ?? []).map((part) => String(part[0])).join("");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Quotes and ampersands as plain characters: React and the HTML serialiser escape them differently, both valid. */
const norm = (html: string) => html.replace(/&quot;|&#34;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const notionDay = (iso: string) => day.format(Date.parse(`${iso}T00:00:00Z`));
const linkOf = (part: unknown[]) => ((part[1] as unknown[][] | undefined) ?? []).find((d) => d[0] === "a")?.[1] as string | undefined;

/** What a stored value must look like in the page: fragments of HTML, read from the recording alone. */
function expectedHtml(row: (typeof rows)[number], key: string, schema: Schema): string[] {
  const entry = schema[key]!;
  const stored = row.properties?.[key];
  if (entry.type === "checkbox") return [text(stored) === "Yes" ? 'aria-label="Checked"' : 'aria-label="Not checked"'];
  if (!stored) return [];
  const raw = text(stored);
  switch (entry.type) {
    case "select":
    case "multi_select":
      return raw.split(",").map((name) => `<span class="property-pill notion-item-${entry.options!.find((o) => o.value === name)!.color ?? "default"}">${esc(name)}</span>`);
    case "date": {
      const date = JSON.stringify(stored).match(/"start_date":"([^"]+)"/)![1]!;
      const end = JSON.stringify(stored).match(/"end_date":"([^"]+)"/)?.[1];
      return [end ? `${notionDay(date)} → ${notionDay(end)}` : notionDay(date)];
    }
    case "person": {
      const id = JSON.stringify(stored).match(/\["u","([^"]+)"\]/)![1];
      const user = users.find((u) => u.id === id);
      return user ? [`${user.given_name} ${user.family_name}`] : [];
    }
    case "file":
      // Notion's own files go through the site's image route; others are linked where they are.
      return stored
        .filter((part) => part[0] !== ",")
        .flatMap((part) => {
          const url = linkOf(part) ?? String(part[0]);
          return [url.includes("secure.notion-static.com") ? `src=${encodeURIComponent(url)}` : `href="${esc(url)}"`, `>${esc(String(part[0]))}</a>`];
        });
    case "url":
      return [`href="${esc(raw)}"`];
    case "email":
      return raw.includes("@") ? [`href="mailto:${esc(raw)}"`] : [esc(raw)];
    case "phone_number":
      return [`href="tel:${raw}"`];
    default:
      return [esc(raw)];
  }
}

const visibleKeys = (view: (typeof views)[number]) => (view.format[`${view.type}_properties`] ?? []).filter((p) => p.visible !== false && p.property !== "title").map((p) => p.property);
const rowTitle = (row: (typeof rows)[number]) => text(row.properties?.title);

/** One view's part of the page (its tab), and in it the element of each row (a table row, a card, a list item). */
function viewHtml(html: string, view: (typeof views)[number]): string {
  const start = html.indexOf(`<summary>${esc(view.name || { table: "Table", list: "List", gallery: "Gallery", board: "Board" }[view.type]!)}</summary>`);
  expect(start, `${view.type} view tab`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</details>", start));
}
function rowHtml(part: string, row: (typeof rows)[number]): string {
  const element = part.match(/<(tr|li)>[\s\S]*?<\/\1>/g)!.find((el) => el.replace(/<[^>]+>/g, "").includes(rowTitle(row)));
  expect(element, rowTitle(row)).toBeDefined();
  return element!;
}

const TREE_TYPES: SiteType[] = ["simple", "docs", "help_desk"];
const sites = new Map<SiteType, RenderedSite>();
beforeAll(async () => {
  for (const type of TREE_TYPES) sites.set(type, await renderRecorded(kitchen, type, rootId));
}, 120_000);

const hostPath = "/collection-tests";

describe("an inline database shows its view's visible properties, formatted like Notion (Table Kitchen Sink)", () => {
  it("the recording has what the test walks: four rows, a table, list, gallery and board view", () => {
    expect(rows).toHaveLength(4);
    expect(views.map((v) => v.type).sort()).toEqual(["board", "gallery", "list", "table"]);
    expect(text(host.properties?.title as unknown[][])).toBe("Collection Tests");
  });

  for (const type of TREE_TYPES) {
    it(`${type}: every visible value of every row in the table, list and gallery views, in the view's order`, () => {
      const html = norm(sites.get(type)!.html.get(hostPath)!);
      expect(html).toBeDefined();
      for (const view of views.filter((v) => v.type !== "board")) {
        const part = viewHtml(html, view);
        if (view.type === "table") {
          const headers = [...part.matchAll(/<th scope="col">([^<]*)<\/th>/g)].map((m) => m[1]);
          expect(headers.slice(1)).toEqual(visibleKeys(view).map((k) => esc(collection.schema[k]!.name)));
        }
        for (const row of rows) {
          const el = rowHtml(part, row);
          let at = 0;
          for (const key of visibleKeys(view)) {
            for (const fragment of expectedHtml(row, key, collection.schema)) {
              const found = el.indexOf(norm(fragment), view.type === "table" ? 0 : at);
              expect(found, `${view.type} · ${rowTitle(row)} · ${collection.schema[key]!.name}: ${fragment}`).toBeGreaterThan(-1);
              at = Math.max(at, found);
            }
          }
        }
      }
    });

    it(`${type}: the board groups rows by its property, each card with the board's visible properties`, () => {
      const board = views.find((v) => v.type === "board")!;
      const part = viewHtml(norm(sites.get(type)!.html.get(hostPath)!), board);
      const groupBy = (board as unknown as { query2?: { group_by?: string } }).query2?.group_by ?? "";
      const columns = [...part.matchAll(/<section><h4>([^<]*)<\/h4>([\s\S]*?)<\/section>/g)];
      for (const row of rows) {
        const group = text(row.properties?.[groupBy]);
        const column = columns.find((c) => c[1] === (group ? esc(group) : `No ${esc(collection.schema[groupBy]!.name)}`));
        expect(column, `${rowTitle(row)} in column ${group}`).toBeDefined();
        const el = rowHtml(column![2]!, row);
        for (const key of visibleKeys(board)) for (const fragment of expectedHtml(row, key, collection.schema)) expect(el, `${rowTitle(row)} ${fragment}`).toContain(norm(fragment));
      }
    });

    it(`${type}: each row's own page shows its properties above the body`, () => {
      const site = sites.get(type)!;
      for (const row of rows) {
        const rowPath = site.model.pathOfPage.get(row.id)!;
        const html = norm(site.html.get(rowPath)!);
        const block = html.slice(html.indexOf('<dl class="row-properties">'), html.indexOf("</dl>"));
        // Every property with something to show (a person the recording has no user record for has no name to show).
        const keys = Object.keys(collection.schema).filter((k) => k !== "title" && expectedHtml(row, k, collection.schema).length);
        expect(keys.length, rowTitle(row)).toBeGreaterThan(0);
        for (const key of keys) {
          expect(block, `${rowTitle(row)} · ${collection.schema[key]!.name}`).toContain(`<dt>${esc(collection.schema[key]!.name)}</dt>`);
          for (const fragment of expectedHtml(row, key, collection.schema)) expect(block, `${rowTitle(row)} · ${fragment}`).toContain(norm(fragment));
        }
        // Above the body: before the row's first content block.
        expect(html.indexOf('<dl class="row-properties">')).toBeLessThan(html.indexOf("notion-asset-wrapper"));
      }
    });
  }

  it("the Markdown twin writes the database as a table of its first view's visible properties, and each row page its properties", () => {
    const site = sites.get("docs")!;
    const md = site.markdown.get(hostPath)!;
    const first = views.find((v) => v.id === database.view_ids![0])!;
    expect(md).toContain(`| ${[collection.schema.title!.name, ...visibleKeys(first).map((k) => collection.schema[k]!.name)].join(" | ")} |`);
    for (const row of rows) {
      const line = md.split("\n").find((l) => l.includes(`[${rowTitle(row)}](`))!;
      expect(line, rowTitle(row)).toBeDefined();
      const cells = line.split(" | ");
      expect(cells).toHaveLength(visibleKeys(first).length + 1);
      for (const key of visibleKeys(first)) {
        const raw = text(row.properties?.[key]);
        const entry = collection.schema[key]!;
        if (entry.type === "checkbox") expect(line).toContain(raw === "Yes" ? "| Yes" : "| No");
        // Markdown keeps ISO dates, which agents read without guessing a format.
        else if (entry.type === "date" && raw) expect(line).toContain(`| ${JSON.stringify(row.properties?.[key]).match(/"start_date":"([^"]+)"/)![1]!}`);
        else if (entry.type === "multi_select") for (const name of raw.split(",").filter(Boolean)) expect(line).toContain(name);
        else if (entry.type === "file") for (const part of (row.properties?.[key] ?? []).filter((p) => p[0] !== ",")) expect(line).toContain(`[${String(part[0])}](`);
        else if (entry.type === "email" && raw.includes("@")) expect(line).toContain(`(mailto:${raw})`);
        else if (entry.type === "person") for (const name of expectedHtml(row, key, collection.schema)) expect(line).toContain(`| ${name} |`);
        else if (raw) expect(line).toContain(raw);
      }
      const rowMd = site.markdown.get(site.model.pathOfPage.get(row.id)!)!;
      for (const key of Object.keys(collection.schema).filter((k) => k !== "title" && expectedHtml(row, k, collection.schema).length)) expect(rowMd, `${rowTitle(row)} ${key}`).toContain(`- **${collection.schema[key]!.name}:** `);
    }
  });
});

describe("a database row published as a page (Damian Jones in 2020 NBA Players)", () => {
  const recorded = readJson(path.join(FIXTURES, "collection-row-page.json"));
  const map = recordMapOf(recorded);
  const all = values<Rec & { id: string; type: string; parent_table?: string; parent_id: string; properties?: Record<string, unknown[][]> }>(map.block);
  const row = all.find((b) => b.parent_table === "collection" && text(b.properties?.title) === "Damian Jones")!;
  const schema = valueOf<{ schema: Schema }>((map.collection as Rec)[row.parent_id])!.schema;

  for (const type of TREE_TYPES) {
    it(`${type}: shows every stored property and every formula's result above the body`, async () => {
      const site = await renderRecorded(recorded, type, row.id);
      const html = norm(site.html.get("/")!);
      const block = html.slice(html.indexOf('<dl class="row-properties">'), html.indexOf("</dl>") + 5);
      expect(block.length).toBeGreaterThan(100);
      for (const [key, entry] of Object.entries(schema)) {
        if (key === "title" || entry.type === "relation") continue;
        if (entry.type === "formula") {
          const dd = new RegExp(`<dt>${esc(entry.name).replace(/[|]/g, "\\|")}</dt><dd>([^<]+)</dd>`).exec(block);
          expect(dd?.[1]?.trim(), `${entry.name} (formula)`).toBeTruthy();
          // A formula that joins a constant and a property: its result is exactly that.
          const f = entry.formula as { name?: string; args?: { type: string; value?: string; id?: string }[] };
          if (f.name === "add" && f.args?.[0]?.type === "constant" && f.args[1]?.type === "property") expect(dd![1]).toBe(`${f.args[0].value}${text(row.properties?.[f.args[1].id!])}`);
          continue;
        }
        if (!row.properties?.[key]) continue;
        expect(block, entry.name).toContain(`<dt>${esc(entry.name)}</dt>`);
        const raw = text(row.properties[key]);
        if (entry.type === "date") expect(block).toContain(notionDay(JSON.stringify(row.properties[key]).match(/"start_date":"([^"]+)"/)![1]!));
        else if (entry.type === "select") expect(block).toContain(`>${esc(raw)}</span>`);
        else if (entry.type === "file") expect(block).toContain(`href="${linkOf(row.properties[key][0]!)!}"`);
        else expect(block, entry.name).toContain(raw);
      }
      expect(site.markdown.get("/")).toContain(`- **${schema[Object.keys(schema).find((k) => schema[k]!.type === "select")!]!.name}:** `);
    });
  }
});
