import { describe, expect, it } from "vitest";
import { SUBDOMAIN_FORMAT_ERROR, SUBDOMAIN_RE, SUBDOMAIN_RESERVED_ERROR, siteHost, siteHostKey, siteHostPrefix, siteUrl, suggestedSubdomain, titleFromNotionUrl, validateSubdomain } from "@/lib/site-address";
import { SITE_TYPES } from "@/lib/site-types";

describe("site address (docs/product.md §5)", () => {
  it.each([
    ["blog", "blog."],
    ["changelog", "changelog."],
    ["roadmap", "roadmap."],
    ["docsv2", "doc."],
    ["help_desk", ""],
    ["docs", ""],
    ["simple", ""],
  ])("%s has prefix %j", (type, prefix) => {
    expect(siteHostPrefix(type)).toBe(prefix);
  });

  it("lists the seven site types", () => {
    expect(SITE_TYPES).toEqual(["blog", "changelog", "roadmap", "docsv2", "help_desk", "docs", "simple"]);
  });

  it.each([["wiki"], [""], ["Blog"], ["docs_v2"], ["toString"]])("throws on unknown type %j, naming it", (type) => {
    expect(() => siteHostPrefix(type)).toThrow(`Unknown site type: ${type}`);
  });

  it("siteHost and siteUrl throw on an unknown type too", () => {
    expect(() => siteHost({ siteType: "wiki", subdomain: "acme", appsDomain: "x.io" })).toThrow(/wiki/);
    expect(() => siteUrl({ siteType: "wiki", subdomain: "acme", appsDomain: "x.io" })).toThrow(/wiki/);
  });

  it.each([
    [{ siteType: "blog", subdomain: "acme", appsDomain: "localhost:3000" }, "blog.acme.localhost:3000", "http://blog.acme.localhost:3000"],
    [{ siteType: "docsv2", subdomain: "acme", appsDomain: "sites.example.io" }, "doc.acme.sites.example.io", "https://doc.acme.sites.example.io"],
    [{ siteType: "help_desk", subdomain: "Acme", appsDomain: "Sites.Example.io" }, "acme.sites.example.io", "https://acme.sites.example.io"],
    [{ siteType: "simple", subdomain: "acme", appsDomain: "127.0.0.1:3000" }, "acme.127.0.0.1:3000", "http://acme.127.0.0.1:3000"],
    [{ siteType: "changelog", subdomain: "acme", appsDomain: "localhost" }, "changelog.acme.localhost", "http://changelog.acme.localhost"],
    [{ siteType: "roadmap", subdomain: "acme", appsDomain: "sites.localhost:8080" }, "roadmap.acme.sites.localhost:8080", "http://roadmap.acme.sites.localhost:8080"],
    [{ siteType: "docs", subdomain: "acme", appsDomain: "127.0.0.1" }, "acme.127.0.0.1", "http://acme.127.0.0.1"],
    [{ siteType: "docs", subdomain: "acme", appsDomain: "LocalHost:3000" }, "acme.localhost:3000", "http://acme.localhost:3000"],
    // Only a real localhost host gets http: look-alikes are public names.
    [{ siteType: "docs", subdomain: "acme", appsDomain: "localhost.example.com" }, "acme.localhost.example.com", "https://acme.localhost.example.com"],
    [{ siteType: "docs", subdomain: "acme", appsDomain: "mylocalhost.io" }, "acme.mylocalhost.io", "https://acme.mylocalhost.io"],
    [{ siteType: "docs", subdomain: "acme", appsDomain: "127.0.0.10" }, "acme.127.0.0.10", "https://acme.127.0.0.10"],
  ])("%j → %s", (input, host, url) => {
    expect(siteHost(input)).toBe(host);
    expect(siteUrl(input)).toBe(url);
  });

  it("keys blog.acme and changelog.acme apart", () => {
    expect(siteHostKey({ siteType: "blog", subdomain: "acme" })).toBe("blog.acme");
    expect(siteHostKey({ siteType: "changelog", subdomain: "acme" })).toBe("changelog.acme");
  });
});

describe("validateSubdomain (CONTRACTS §4)", () => {
  it.each([
    ["acme", null],
    ["a1b", null],
    ["my-company-2", null],
    ["x".repeat(63), null],
    ["a-b", null],
    ["123", null],
    ["a--b", null],
    ["", SUBDOMAIN_FORMAT_ERROR],
    ["a-", SUBDOMAIN_FORMAT_ERROR],
    ["ac me", SUBDOMAIN_FORMAT_ERROR],
    ["acmé", SUBDOMAIN_FORMAT_ERROR],
    ["acme\n", SUBDOMAIN_FORMAT_ERROR],
    ["ab", SUBDOMAIN_FORMAT_ERROR],
    ["x".repeat(64), SUBDOMAIN_FORMAT_ERROR],
    ["-acme", SUBDOMAIN_FORMAT_ERROR],
    ["acme-", SUBDOMAIN_FORMAT_ERROR],
    ["Acme", SUBDOMAIN_FORMAT_ERROR],
    ["ac_me", SUBDOMAIN_FORMAT_ERROR],
    ["ac.me", SUBDOMAIN_FORMAT_ERROR],
    ["www", SUBDOMAIN_RESERVED_ERROR],
    ["app", SUBDOMAIN_RESERVED_ERROR],
    ["api", SUBDOMAIN_RESERVED_ERROR],
    ["admin", SUBDOMAIN_RESERVED_ERROR],
    ["auth", SUBDOMAIN_RESERVED_ERROR],
    ["mail", SUBDOMAIN_RESERVED_ERROR],
    ["static", SUBDOMAIN_RESERVED_ERROR],
    ["assets", SUBDOMAIN_RESERVED_ERROR],
    ["cdn", SUBDOMAIN_RESERVED_ERROR],
    ["dashboard", SUBDOMAIN_RESERVED_ERROR],
    ["status", SUBDOMAIN_RESERVED_ERROR],
    ["blog", SUBDOMAIN_RESERVED_ERROR],
    ["changelog", SUBDOMAIN_RESERVED_ERROR],
    ["roadmap", SUBDOMAIN_RESERVED_ERROR],
    ["doc", SUBDOMAIN_RESERVED_ERROR],
    // Only exact names are reserved.
    ["docs", null],
    ["my-blog", null],
    ["apis", null],
  ])("%j → %j", (input, expected) => {
    expect(validateSubdomain(input)).toBe(expected);
    expect(SUBDOMAIN_RE.test(input)).toBe(expected !== SUBDOMAIN_FORMAT_ERROR);
  });

  it("has readable messages", () => {
    expect(SUBDOMAIN_FORMAT_ERROR).toMatch(/^Subdomain must be 3 to 63 characters: lowercase letters, digits and hyphens/);
    expect(SUBDOMAIN_RESERVED_ERROR).toBe("That subdomain is reserved");
  });
});

describe("the subdomain suggested from a Notion link (review O5)", () => {
  it.each([
    ["https://www.notion.so/Lumen-Blog-3805c5294e7c44dd860716a39500aa0c", "lumen-blog"],
    ["https://acme.notion.site/Caf%C3%A9-Notes-3805c5294e7c44dd860716a39500aa0c?pvs=4", "cafe-notes"],
    ["https://www.notion.so/acme/Product-Docs-v2.0-3805c5294e7c44dd860716a39500aa0c", "product-docs-v20"],
    // Only an id, a reserved name, a script a host can't carry, or not a link: no suggestion.
    ["https://www.notion.so/3805c5294e7c44dd860716a39500aa0c", ""],
    ["https://www.notion.so/App-3805c5294e7c44dd860716a39500aa0c", ""],
    ["https://www.notion.so/%E3%83%96%E3%83%AD%E3%82%B0-3805c5294e7c44dd860716a39500aa0c", ""],
    ["notion page", ""],
  ])("%s → %j", (url, expected) => {
    expect(suggestedSubdomain(url)).toBe(expected);
  });
});

describe("the suggestion without the type's word, and the title as the default name (review 20, 45)", () => {
  const url = "https://www.notion.so/Lumen-Blog-3805c5294e7c44dd860716a39500aa0c";
  it("drops the word the address already carries", () => {
    expect(suggestedSubdomain(url, "blog")).toBe("lumen");
    expect(suggestedSubdomain("https://www.notion.so/Blog-Lumen-3805c5294e7c44dd860716a39500aa0c", "blog")).toBe("lumen");
    expect(suggestedSubdomain("https://www.notion.so/Lumen-Roadmap-3805c5294e7c44dd860716a39500aa0c", "roadmap")).toBe("lumen");
    // Docs have no prefix; a title that is only the word keeps it.
    expect(suggestedSubdomain(url, "docs")).toBe("lumen-blog");
    expect(suggestedSubdomain("https://www.notion.so/Changelog-3805c5294e7c44dd860716a39500aa0c", "changelog")).toBe("");
  });
  it("reads the title from the link", () => {
    expect(titleFromNotionUrl(url)).toBe("Lumen Blog");
    expect(titleFromNotionUrl("https://acme.notion.site/Caf%C3%A9-Notes-3805c5294e7c44dd860716a39500aa0c?pvs=4")).toBe("Café Notes");
    expect(titleFromNotionUrl("https://www.notion.so/3805c5294e7c44dd860716a39500aa0c")).toBe("");
    expect(titleFromNotionUrl("not a link")).toBe("");
  });
});
