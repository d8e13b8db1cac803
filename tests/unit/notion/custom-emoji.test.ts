import type { ExtendedRecordMap } from "notion-types";
import { describe, expect, it } from "vitest";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { customEmojiId, customEmojiOf, customEmojiRefsOf } from "@/notion/custom-emoji";
import { blockRecord, collectionRecord, customEmojiRecordOf, pageRecord } from "@/notion/official/convert";
import { contentHashOf, type SnapshotPage } from "@/notion/fetch-site-content";
import type { SiteSnapshot } from "@/notion/site-content";
import { faviconHref } from "@/site-server/render/favicon";
import { renderRoute } from "@/site-server/render/render-route";
import { siteModelOf, type TreeSiteModel } from "@/site-model/site-model";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * A workspace's custom emoji as a page icon and a callout icon (issue 21): Notion stores the icon as
 * `notion://custom_emoji/<spaceId>/<emojiId>` and the emoji as a `custom_emoji` record; the page draws its image
 * through the image route, named by the emoji's name, and never prints the reference.
 */

const SPACE = "74d1d741-5106-4c65-bc00-eaee1fcfc1c4";
const EMOJI = "34f164ff-d650-416c-b23e-e56362497228";
const REF = `notion://custom_emoji/${SPACE}/${EMOJI}`;
const FILE = "attachment:79ba1852-621a-4967-95a1-e669bc56a345:emoji-lumen-spark.png";
const PAGE = "11111111-1111-4111-8111-111111111111";
const CALLOUT = "22222222-2222-4222-8222-222222222222";

const box = (value: object) => ({ spaceId: SPACE, value: { value, role: "reader" } });

function recordMap(emoji: unknown = box({ id: EMOJI, name: "lumen-spark", url: FILE })): ExtendedRecordMap {
  return {
    block: {
      [PAGE]: box({ id: PAGE, type: "page", alive: true, parent_table: "space", parent_id: SPACE, content: [CALLOUT], properties: { title: [["Brand kit"]] }, format: { page_icon: REF } }),
      [CALLOUT]: box({ id: CALLOUT, type: "callout", alive: true, parent_table: "block", parent_id: PAGE, properties: { title: [["Use the spark"]] }, format: { page_icon: REF } }),
    },
    collection: {},
    collection_view: {},
    notion_user: {},
    collection_query: {},
    signed_urls: {},
    ...(emoji === null ? {} : { custom_emoji: { [EMOJI]: emoji } }),
  } as unknown as ExtendedRecordMap;
}

function render(rm: ExtendedRecordMap): { html: string; ctx: Parameters<typeof renderRoute>[0] } {
  const page: SnapshotPage = { pageId: PAGE, parentPageId: null, recordMap: rm, lastEditedTime: 0, contentHash: contentHashOf(rm) };
  const snapshot: SiteSnapshot = { siteId: "s", version: 1, syncedAt: null, lastAttemptAt: null, lastError: null, lastEditedAt: 0, pages: new Map([[PAGE, page]]) };
  const model = siteModelOf({ siteType: "simple", notionPageId: PAGE, settings: { versions: [] } }, snapshot) as TreeSiteModel;
  const ctx = { siteId: "s", settings: parseSiteSettings({}), i18n: translatorFor("en"), model, origin: "https://brand.example", basePath: "", cssHref: "/_/site.css", appUrl: "https://app.example", now: new Date() };
  return { html: renderRoute(ctx, model.routes.get("/")!), ctx };
}

const emojiSrc = (w: number) => `/_/img/${PAGE}?src=${encodeURIComponent(FILE)}&amp;w=${w}`;

describe("reading custom emoji", () => {
  it("knows a custom emoji reference and reads its record in either box", () => {
    expect(customEmojiId(REF)).toBe(EMOJI);
    expect(customEmojiId("🧭")).toBeNull();
    expect(customEmojiId("attachment:x:y.png")).toBeNull();
    expect(customEmojiOf(recordMap() as never, REF)).toEqual({ id: EMOJI, name: "lumen-spark", url: FILE });
    expect(customEmojiOf({ custom_emoji: { [EMOJI]: { role: "reader", value: { id: EMOJI, name: "old", url: FILE } } } }, REF)?.name).toBe("old");
    expect(customEmojiRefsOf(recordMap())).toEqual([REF]);
  });

  it("reads an unreadable or differently shaped record as no emoji", () => {
    expect(customEmojiOf(recordMap({ spaceId: SPACE, value: { role: "none" } }) as never, REF)).toBeNull();
    expect(customEmojiOf(recordMap(box({ id: EMOJI, name: "x" })) as never, REF)).toBeNull();
    expect(customEmojiOf(recordMap(box({ id: EMOJI, name: "x", url: "javascript:alert(1)" })) as never, REF)).toBeNull();
    expect(customEmojiOf(recordMap(null) as never, REF)).toBeNull();
  });
});

describe("drawing custom emoji", () => {
  it("draws the page's custom emoji beside the title at 128 px and the callout's at 64 px, named by the emoji", () => {
    const { html } = render(recordMap());
    expect(html).toContain(`<span class="page-icon"><img src="${emojiSrc(128)}" alt="lumen-spark"`);
    const callout = /<div class="notion-callout[\s\S]*?<\/div><\/div>/.exec(html)?.[0] ?? "";
    expect(callout).toContain(`src="${emojiSrc(64).replace(PAGE, CALLOUT)}"`);
    expect(callout).toMatch(/<img[^>]*alt="lumen-spark"/);
    expect(html).not.toContain("notion://");
  });

  it("makes the root page's custom emoji the site header's icon and the favicon", () => {
    const { html, ctx } = render(recordMap());
    const brand = /<a class="brand"[^>]*>([\s\S]*?)<\/a>/.exec(html)![1]!;
    expect(brand).toContain(`<img src="${emojiSrc(64)}"`);
    expect(faviconHref(ctx)).toBe(emojiSrc(64).replace("&amp;", "&"));
  });

  it("draws an emoji it can't read as no icon, never as its reference", () => {
    const { html, ctx } = render(recordMap({ spaceId: SPACE, value: { role: "none" } }));
    expect(html).not.toContain("notion://");
    expect(html).not.toContain("custom_emoji");
    expect(html).not.toContain('class="page-icon"');
    expect(html).not.toContain("/_/img/");
    expect(faviconHref(ctx)).toMatch(/^\/_\/favicon\.svg\?v=/);
  });
});

describe("custom emoji through the official API", () => {
  const icon = { type: "custom_emoji", custom_emoji: { id: EMOJI, name: "lumen-spark", url: "https://s3-us-west-2.amazonaws.com/public.notion-static.com/abc/lumen-spark.png" } };
  const ctx = { parentId: SPACE, parentTable: "space" as const, spaceId: SPACE, content: [] };
  const times = { created_time: "2026-10-01T09:00:00.000Z", last_edited_time: "2026-10-02T09:00:00.000Z", created_by: { id: "u" }, last_edited_by: { id: "u" } };

  it("becomes the private API's reference and record, for a page and a callout", () => {
    const page = pageRecord({ object: "page", id: PAGE, ...times, parent: { type: "workspace", workspace: true }, properties: {}, icon, cover: null } as never, ctx);
    expect((page.format as { page_icon?: string }).page_icon).toBe(REF);
    const callout = blockRecord({ object: "block", id: CALLOUT, type: "callout", ...times, has_children: false, parent: { type: "page_id", page_id: PAGE }, callout: { rich_text: [], color: "default", icon } } as never, ctx);
    expect((callout?.format as { page_icon?: string }).page_icon).toBe(REF);
    expect(customEmojiRecordOf({ icon })).toEqual({ id: EMOJI, name: "lumen-spark", url: icon.custom_emoji.url });
    expect(customEmojiRecordOf({ callout: { icon } })?.id).toBe(EMOJI);
    expect(customEmojiRecordOf({ icon: { type: "emoji", emoji: "🧭" } })).toBeNull();
  });

  it("keeps what rollups need of a data source's schema: number formats, relations, rollups", () => {
    const source = {
      id: "ds",
      title: [],
      description: [],
      icon: null,
      properties: {
        Name: { id: "title", name: "Name", type: "title", title: {} },
        Cost: { id: "c%3Ao", name: "Cost", type: "number", number: { format: "dollar" } },
        Channels: { id: "r%3Ae", name: "Channels", type: "relation", relation: { data_source_id: "other", database_id: "db2", type: "single_property" } },
        Total: { id: "t%3Ao", name: "Total", type: "rollup", rollup: { relation_property_id: "r%3Ae", rollup_property_id: "c%3Ao", function: "sum" } },
      },
      ...times,
    };
    const schema = (collectionRecord(source as never, "db", SPACE) as unknown as { schema: Record<string, Record<string, unknown>> }).schema;
    expect(schema["c:o"]).toMatchObject({ type: "number", number_format: "dollar" });
    expect(schema["r:e"]).toMatchObject({ type: "relation", collection_id: "other" });
    expect(schema["t:o"]).toMatchObject({ type: "rollup", relation_property: "r:e", target_property: "c:o", aggregation: "sum" });
  });
});
