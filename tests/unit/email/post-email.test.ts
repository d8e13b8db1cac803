import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { parseDocument, DomUtils } from "htmlparser2";
import type { Element } from "domhandler";
import { recordedRecordMap } from "../../helpers/recorded-record-map";
import { postEmail, postEmailLinks } from "@/core/email/post-email/post-email";

/**
 * The post email on real recorded pages (tests/fixtures/real/SOURCES.md; the three bare blocks under
 * tests/fixtures/email/blocks are react-notion-x's recorded `equation`, `drive` and `file` blocks, SOURCES.md there).
 */

const recorded = recordedRecordMap();

const BLOCKS_DIR = path.join(import.meta.dirname, "../../fixtures/email/blocks");
const bareBlock = (name: string) => JSON.parse(fs.readFileSync(path.join(BLOCKS_DIR, `${name}.json`), "utf8")) as { id: string; parent_id: string };

const SITE = { origin: "https://blog.example.com", basePath: "" };
const EXAMPLE_PAGE = "2e22de6b-770e-4166-be30-1490f6ffd420";
const BASIC_BLOCKS = "0be6efce-9daf-4268-8f65-c76b89f8eb27";
const LISTS = "de14421f-1391-4ac7-b528-fa2e31eb1455";
const TEST_TABLE = "94167af6-5670-4327-9811-dc923edd1f04";

function mail(recordMap: ExtendedRecordMap, pageId: string, pathOfPage = new Map<string, string>()) {
  return postEmail({
    site: { name: "Field Notes", accentColor: "#2255dd" },
    post: { pageId, title: "A recorded post", description: "What this post is about", date: "2024-05-01", recordMap },
    postUrl: "https://blog.example.com/a-recorded-post",
    links: postEmailLinks(SITE, pathOfPage),
    unsubscribeUrl: "https://blog.example.com/_/unsubscribe?token=tok",
  });
}

/** Every element of the email's body, parsed as a mail client would. */
function elementsOf(html: string): Element[] {
  return DomUtils.findAll(() => true, parseDocument(html).children);
}

/** Elements that carry no look of their own (structure), so they need no style attribute. */
const STRUCTURAL = new Set(["html", "head", "meta", "title", "body", "tr", "br"]);

function expectEmailSafe(html: string) {
  const elements = elementsOf(html);
  expect(elements.length).toBeGreaterThan(10);
  for (const el of elements) {
    expect(["script", "iframe", "style", "link", "object", "embed", "form", "input", "video", "audio"]).not.toContain(el.name);
    expect(el.attribs.class, `<${el.name} class>`).toBeUndefined();
    for (const name of Object.keys(el.attribs)) expect(name.startsWith("on"), `<${el.name} ${name}>`).toBe(false);
    if (!STRUCTURAL.has(el.name)) expect(el.attribs.style, `<${el.name}> has an inline style`).toBeTruthy();
  }
  for (const a of elements.filter((el) => el.name === "a")) expect(a.attribs.href).toMatch(/^(https?:\/\/|mailto:)/);
}

describe("a post as email, from real recorded pages", () => {
  it("writes headings, paragraphs, callouts, quotes, code, images, videos, embeds and lists with inline styles only", () => {
    const { html, text, subject } = mail(recorded, EXAMPLE_PAGE);
    expectEmailSafe(html);
    expect(subject).toBe("A recorded post — Field Notes");
    const elements = elementsOf(html);
    const names = new Set(elements.map((el) => el.name));
    for (const tag of ["h2", "h3", "h4", "p", "ul", "li", "blockquote", "pre", "code", "img", "hr", "a", "table", "td"]) expect(names, tag).toContain(tag);

    // Notion-hosted images go through the site's image route on its own host, at email width.
    const images = elements.filter((el) => el.name === "img").map((el) => el.attribs.src!);
    expect(images).toContain(
      `https://blog.example.com/_/img/959f085a-918d-4a2b-a7cd-e3f3904bc1a9?${new URLSearchParams({ src: "https://s3-us-west-2.amazonaws.com/secure.notion-static.com/f6115549-e194-4c05-9165-bffc62150d20/79684011-6c948280-822e-11ea-9e23-1644903796fb.png", w: "1080" })}`,
    );
    expect(images.filter((src) => src.includes("secure.notion-static.com") && !src.startsWith("https://blog.example.com/_/img/"))).toEqual([]);
    // The video is a linked thumbnail to where it plays; the embed a link.
    expect(images).toContain("https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg");
    const hrefs = elements.filter((el) => el.name === "a").map((el) => el.attribs.href);
    expect(hrefs).toContain("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(hrefs).toContain("https://splitbee.io");
    // Code is escaped text, never markup.
    expect(html).toContain("&lt;div style={{ maxWidth: 768 }}&gt;");
    expect(html).toContain("ℹ️");
    // Links back to the site.
    expect(hrefs).toContain("https://blog.example.com/a-recorded-post");
    expect(html).toContain("View in browser");
    expect(html).toContain("Read on the site");

    // The code sample's own "<div" stays; none of the email's markup does.
    expect(text).not.toMatch(/<(p|table|td|tr|a|img|h[1-6]|pre|code|li|ul|ol|blockquote|strong|em)[\s>]/);
    expect(text).toContain("const Example = () => (");
    expect(text).toContain("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(text).toContain("View in browser: https://blog.example.com/a-recorded-post");
    expect(text).toContain("Read on the site: https://blog.example.com/a-recorded-post");
    expect(text).toContain("Unsubscribe: https://blog.example.com/_/unsubscribe?token=tok");
  });

  it("shows a toggle open, and writes bookmarks as links", () => {
    const { html, text } = mail(recorded, BASIC_BLOCKS);
    expectEmailSafe(html);
    expect(html).toContain("This is a toggle.");
    expect(html).toContain("This content is hidden. 🤫");
    expect(text).toContain("This content is hidden. 🤫");
    expect(html).toContain('href="https://github.com"');
    expect(html).toContain("Build software better, together");
    expect(html).toContain("This is an example quote.");
  });

  it("keeps numbered and bulleted lists, nested as in Notion", () => {
    const { html, text } = mail(recorded, LISTS);
    expectEmailSafe(html);
    const names = elementsOf(html).map((el) => el.name);
    expect(names).toContain("ol");
    expect(names).toContain("ul");
    expect(text).toMatch(/^1\. /m);
    expect(text).toMatch(/^ {3}- /m);
  });

  it("writes a database as a table with its rows, titles linked when the site publishes them", () => {
    const { html, text } = mail(recorded, TEST_TABLE, new Map([["e56b74a6-398a-4384-8137-cca2a0de20b2", "/a-row-that-is-not-empty-page"]]));
    expectEmailSafe(html);
    const cells = elementsOf(html).filter((el) => el.name === "th" || el.name === "td");
    const headers = cells.filter((el) => el.name === "th").map((el) => DomUtils.textContent(el));
    expect(headers).toEqual(["Name", "Numbers", "Tags", "Perc"]);
    expect(html).toContain('<a href="https://blog.example.com/a-row-that-is-not-empty-page" style="color:#2255dd">A row that is not empty page</a>');
    expect(text).toContain("| A row that is empty page | 3456.334 | tag1 | 0.0325 |");
    expect(text).toContain("| A row that is not empty page (https://blog.example.com/a-row-that-is-not-empty-page) | 223134 | tag2,tag1 | 0.23 |");
  });

  it("writes math as its source text, and Drive files and uploads as links (bare recorded blocks)", () => {
    const equation = bareBlock("equation");
    const drive = bareBlock("drive");
    const file = bareBlock("file");
    const root = { id: "root", type: "page", properties: { title: [["Blocks"]] }, content: [equation.id, drive.id, file.id] };
    const recordMap = { ...recorded, block: { ...recorded.block, root: { role: "reader", value: root }, [equation.id]: { role: "reader", value: equation }, [drive.id]: { role: "reader", value: drive }, [file.id]: { role: "reader", value: file } } } as unknown as ExtendedRecordMap;
    const { html, text } = mail(recordMap, "root", new Map([["root", "/blocks"]]));
    expectEmailSafe(html);
    expect(html).toContain("\\displaystyle {1 +  \\frac{q^2}{(1-q)}");
    expect(text).toContain("\\prod_{j=0}^{\\infty}");
    expect(text).toContain("Aaron_Wang_Design_Resume.pdf: https://drive.google.com/file/d/1QqtwutJ9KC5gGitlHymkgVwJvR-l4n9S/view?usp=drivesdk");
    // An uploaded file's Notion address expires: the email links to the post instead, never to Notion's bucket.
    expect(html).not.toContain("secure.notion-static.com");
    expect(text).toContain("Aaron_Wang_Design_Resume.pdf: https://blog.example.com/blocks");
  });

  it("writes a simple table with its header row (no recording of one exists: a block shaped as the markdown test's)", () => {
    const block = (value: object) => ({ role: "reader", value });
    const recordMap = {
      ...recorded,
      block: {
        p: block({ id: "p", type: "page", properties: { title: [["Prices"]] }, content: ["t"] }),
        t: block({ id: "t", type: "table", format: { table_block_column_header: true, table_block_column_order: ["a1", "b2"] }, content: ["r1", "r2"] }),
        r1: block({ id: "r1", type: "table_row", properties: { a1: [["Plan"]], b2: [["Price"]] } }),
        r2: block({ id: "r2", type: "table_row", properties: { a1: [["Team", [["b"]]]], b2: [["<$29>"]] } }),
      },
    } as unknown as ExtendedRecordMap;
    const { html, text } = mail(recordMap, "p");
    expectEmailSafe(html);
    expect(html).toContain(">Plan</th>");
    expect(html).toContain("&lt;$29&gt;</td>");
    expect(text).toContain("| Plan | Price |\n| Team | <$29> |");
  });

  it("never turns a javascript: link into a link, and escapes text", () => {
    const recordMap = {
      ...recorded,
      block: {
        p: { role: "reader", value: { id: "p", type: "page", content: ["t"] } },
        t: { role: "reader", value: { id: "t", type: "text", properties: { title: [["<img src=x onerror=alert(1)>", [["a", "javascript:alert(1)"]]]] } } },
      },
    } as unknown as ExtendedRecordMap;
    const { html } = mail(recordMap, "p");
    expectEmailSafe(html);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("javascript:");
  });
});
