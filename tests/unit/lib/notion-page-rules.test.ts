import { describe, expect, it } from "vitest";
import { betterSiteTypeFor, notionPageProblem, notionUrlProblem, withNotionScheme, type NotionPageInspection } from "@/lib/notion-page-rules";
import { fieldChoices, hiddenByValue, propertyMapProblem } from "@/lib/database-fields";
import { requiredStructure, siteNoun, type SiteType } from "@/lib/site-types";

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
    ["roadmap on a list", "roadmap", db("list", ["name", "status"]), "Notion page must be a board database, instead it is a list. Please duplicate the Notion template first"],
    ["blog on a gallery", "blog", db("gallery", BLOG), "Notion page must be a table database, instead it is a gallery. Please duplicate the Notion template first"],
    ["roadmap on a table", "roadmap", db("table", ["name", "status"]), "Notion page must be a board database, instead it is a table. Please duplicate the Notion template first"],
    ["blog missing all but name", "blog", db("table", ["Name", "Notes"]), "Missing required properties in Notion page, please duplicate the Notion template. Missing date, description, tags, authors, hidden"],
    ["changelog missing version", "changelog", db("table", ["name", "date", "tags", "hidden"]), "Missing required properties in Notion page, please duplicate the Notion template. Missing version"],
    ["roadmap missing status", "roadmap", db("board", ["Name"]), "Missing required properties in Notion page, please duplicate the Notion template. Missing status"],
    ["blog, properties in any case", "blog", db("table", ["NAME", "Date", "Description", "TAGS", "Authors", "hidden"]), null],
    ["changelog ok", "changelog", db("table", ["Name", "Date", "Version", "Tags", "Hidden", "Extra"]), null],
    ["roadmap ok", "roadmap", db("board", ["Name", "Status"]), null],
    ["docs on a plain page", "docs", plain, null],
    ["docs on a database (its rows become the pages)", "docs", db("table", []), null],
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

  it("adds https:// to a Notion link pasted without it, and only to a Notion link (review O6)", () => {
    expect(withNotionScheme("notion.so/My-page-0123456789abcdef0123456789abcdef")).toBe("https://notion.so/My-page-0123456789abcdef0123456789abcdef");
    expect(withNotionScheme(" www.notion.so/x ")).toBe("https://www.notion.so/x");
    expect(withNotionScheme("lumen.notion.site/Blog-0123")).toBe("https://lumen.notion.site/Blog-0123");
    expect(withNotionScheme("https://www.notion.so/x")).toBe("https://www.notion.so/x");
    // Half typed, or not Notion's: left as typed, so the spec's message still answers it.
    expect(withNotionScheme("notion.so")).toBe("notion.so");
    expect(withNotionScheme("example.com/page")).toBe("example.com/page");
    expect(notionUrlProblem(withNotionScheme("example.com/page"))).toBe("Needs to be an url");
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

/** A database as the page check reads it, with Notion's property types. */
const typed = (collectionType: string, schema: Record<string, string>): NotionPageInspection => ({
  state: "valid",
  isCollection: true,
  collectionType,
  properties: Object.entries(schema).map(([name, type]) => ({ name, type })),
});
const NOTIONNEXT = { title: "title", slug: "text", summary: "text", tags: "multi_select", category: "select", date: "date", status: "select", type: "select" };
const FEATHER = { Title: "title", Published: "checkbox", "Publish Date": "date", Excerpt: "text", Tags: "multi_select", Authors: "person" };

describe("existing blog databases (issue 21 item 8)", () => {
  it("accepts a list view when the properties fit, for blogs and changelogs", () => {
    expect(notionPageProblem("blog", db("list", BLOG))).toBeNull();
    expect(notionPageProblem("changelog", db("list", ["name", "date", "version", "tags", "hidden"]))).toBeNull();
  });

  it("finds NotionNext's and Feather's names by alias, only with a fitting type", () => {
    // NotionNext has no authors property: the message is the spec's, naming just that.
    expect(notionPageProblem("blog", typed("table", NOTIONNEXT))).toBe("Missing required properties in Notion page, please duplicate the Notion template. Missing authors");
    expect(notionPageProblem("blog", typed("table", FEATHER))).toBeNull();
    // An alias of the wrong type is not taken: a "summary" that is a date can't be the description.
    expect(notionPageProblem("blog", typed("table", { ...FEATHER, Excerpt: "date" }))).toBe(
      "Missing required properties in Notion page, please duplicate the Notion template. Missing description",
    );
  });

  it("takes the owner's mapping, type-checked, and 'not used' only for fields a site can do without", () => {
    expect(notionPageProblem("blog", typed("list", NOTIONNEXT), { propertyMap: { authors: null } })).toBeNull();
    expect(notionPageProblem("blog", typed("table", { Name: "title", When: "date", Notes: "text", Labels: "multi_select", By: "person", Off: "checkbox" }), { propertyMap: { date: "When", description: "Notes", authors: "By", hidden: "Off" } })).toBeNull();
    // The date may not be "not used"; a text can't be the date; the mapping's own problem is named first.
    expect(notionPageProblem("blog", typed("table", NOTIONNEXT), { propertyMap: { authors: null, date: null } })).toBe("The date property is needed");
    expect(notionPageProblem("blog", typed("table", NOTIONNEXT), { propertyMap: { authors: null, date: "summary" } })).toBe(
      "summary is a text property and cannot be used as date: when the entry was published (a date)",
    );
    // Still not a database, or the wrong view: those messages come first, mapping or not.
    expect(notionPageProblem("blog", plain, { propertyMap: { date: "Nope" } })).toBe("Notion page must be a database, please duplicate the Notion template first");
    expect(propertyMapProblem({ date: "summary" }, typed("table", NOTIONNEXT).properties)).toBe("summary is a text property and cannot be used as date: when the entry was published (a date)");
    expect(propertyMapProblem({ status: null }, [])).toBe("The status property is needed");
    expect(propertyMapProblem({ tags: "category", authors: null }, typed("table", NOTIONNEXT).properties)).toBeNull();
  });

  it("offers only properties of a fitting type, and says what each field found", () => {
    const choices = fieldChoices(["name", "date", "description", "tags", "authors", "hidden"], typed("table", NOTIONNEXT).properties);
    expect(choices.map((c) => [c.field, c.current, c.candidates.map((p) => p.name)])).toEqual([
      ["date", "date", ["date"]],
      ["description", "summary", ["slug", "summary"]],
      ["tags", "tags", ["tags", "category", "status", "type"]],
      ["authors", undefined, ["slug", "summary"]],
      ["hidden", "status", ["category", "status", "type"]],
    ]);
  });

  it("reads visibility the way each kind of property means it", () => {
    expect(hiddenByValue({ name: "Hidden", type: "checkbox" }, "Yes")).toBe(true);
    expect(hiddenByValue({ name: "Published", type: "checkbox" }, "Yes")).toBe(false);
    expect(hiddenByValue({ name: "Published", type: "checkbox" }, "No")).toBe(true);
    expect(hiddenByValue({ name: "status", type: "select" }, "Published")).toBe(false);
    expect(hiddenByValue({ name: "status", type: "select" }, "Draft")).toBe(true);
    expect(hiddenByValue({ name: "Hidden", type: "select" }, "No")).toBe(false);
  });
});

describe("betterSiteTypeFor", () => {
  const database = (collectionType: string, names: [string, string][]): NotionPageInspection => ({ state: "valid", isCollection: true, collectionType, properties: names.map(([name, type]) => ({ name, type })) });
  const blogTable = database("table", [["Name", "title"], ["Date", "date"], ["Description", "text"], ["Tags", "multi_select"], ["Authors", "person"], ["Hidden", "checkbox"]]);
  it("names the blog for a docs site given a blog's table, and nothing for a plain database or a blog site", () => {
    expect(betterSiteTypeFor("docs", blogTable)).toBe("blog");
    expect(betterSiteTypeFor("help_desk", blogTable)).toBe("blog");
    expect(betterSiteTypeFor("docs", database("table", [["Name", "title"], ["Owner", "person"]]))).toBeNull();
    expect(betterSiteTypeFor("blog", blogTable)).toBeNull();
    expect(betterSiteTypeFor("docs", { ...blogTable, isCollection: false })).toBeNull();
  });
});

describe("requiredStructure and siteNoun", () => {
  it("say the views the check takes, and read as nouns", () => {
    expect(requiredStructure("blog")?.collectionType).toBe("table or list");
    expect(requiredStructure("roadmap")?.collectionType).toBe("board");
    expect(siteNoun("docs")).toBe("docs site");
    expect(siteNoun("docsv2")).toBe("versioned docs site");
    expect(siteNoun("blog")).toBe("blog");
  });
});
