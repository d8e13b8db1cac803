import { describe, expect, it } from "vitest";
import { notionPageProblem, notionUrlProblem, type NotionPageInspection } from "@/lib/notion-page-rules";
import type { SiteType } from "@/lib/site-types";

const db = (collectionType: string, names: string[]): NotionPageInspection => ({
  state: "valid",
  isCollection: true,
  collectionType,
  properties: names.map((name) => ({ name })),
});
const plain: NotionPageInspection = { state: "valid", isCollection: false, collectionType: null, properties: [] };
const BLOG = ["name", "date", "description", "tags", "authors", "hidden"];

describe("docs/product.md §5 Notion page messages, verbatim", () => {
  it.each<[string, SiteType, NotionPageInspection, string | null]>([
    ["invalid url", "blog", { ...plain, state: "invalid_url" }, "Notion page url is invalid"],
    ["private", "docs", { ...plain, state: "private" }, "The Notion page is not public, you need to share it to web first"],
    ["blog on a plain page", "blog", plain, "Notion page must be a database, please duplicate the Notion template first"],
    ["changelog on a plain page", "changelog", plain, "Notion page must be a database, please duplicate the Notion template first"],
    ["roadmap on a plain page", "roadmap", plain, "Notion page must be a database, please duplicate the Notion template first"],
    ["blog on a board", "blog", db("board", BLOG), "Notion page must be a table database, instead it is a board. Please duplicate the Notion template first"],
    ["blog on a list", "blog", db("list", BLOG), "Notion page must be a table database, instead it is a list. Please duplicate the Notion template first"],
    ["roadmap on a table", "roadmap", db("table", ["name", "status"]), "Notion page must be a board database, instead it is a table. Please duplicate the Notion template first"],
    ["blog missing all but name", "blog", db("table", ["Name", "Notes"]), "Missing required properties in Notion page, please duplicate the Notion template. Missing date, description, tags, authors, hidden"],
    ["changelog missing version", "changelog", db("table", ["name", "date", "tags", "hidden"]), "Missing required properties in Notion page, please duplicate the Notion template. Missing version"],
    ["roadmap missing status", "roadmap", db("board", ["Name"]), "Missing required properties in Notion page, please duplicate the Notion template. Missing status"],
    ["blog, properties in any case", "blog", db("table", ["NAME", "Date", "Description", "TAGS", "Authors", "hidden"]), null],
    ["changelog ok", "changelog", db("table", ["Name", "Date", "Version", "Tags", "Hidden", "Extra"]), null],
    ["roadmap ok", "roadmap", db("board", ["Name", "Status"]), null],
    ["docs on a plain page", "docs", plain, null],
    ["docs on a database", "docs", db("table", []), null],
    ["docsv2 on a plain page", "docsv2", plain, null],
    ["help desk on a plain page", "help_desk", plain, null],
    ["simple on a list database", "simple", db("list", []), null],
  ])("%s", (_name, siteType, inspection, message) => {
    expect(notionPageProblem(siteType, inspection)).toBe(message);
  });

  it("needs a URL before anything is fetched", () => {
    expect(notionUrlProblem("notion.so/My-page-0123456789abcdef0123456789abcdef")).toBe("Needs to be an url");
    expect(notionUrlProblem("  ")).toBe("Needs to be an url");
    expect(notionUrlProblem("https://www.notion.so/x")).toBeNull();
    expect(notionUrlProblem("HTTP://example.com")).toBeNull();
  });
});

describe("connected pages (issue 22)", () => {
  it("says 'not shared with this connection' instead of 'not public', and how to share it; other messages unchanged", () => {
    expect(notionPageProblem("docs", { ...plain, state: "private" }, { connected: true })).toBe(
      "The Notion page is not shared with this connection: in Notion, open the page's ••• menu → Connections and add Pagewright",
    );
    expect(notionPageProblem("docs", { ...plain, state: "private" })).toBe("The Notion page is not public, you need to share it to web first");
    expect(notionPageProblem("blog", plain, { connected: true })).toBe("Notion page must be a database, please duplicate the Notion template first");
    expect(notionPageProblem("docs", plain, { connected: true })).toBeNull();
  });
});
