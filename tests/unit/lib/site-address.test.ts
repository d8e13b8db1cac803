import { describe, expect, it } from "vitest";
import {
  SITE_TYPES,
  SUBDOMAIN_FORMAT_ERROR,
  SUBDOMAIN_RESERVED_ERROR,
  siteHost,
  siteHostKey,
  siteHostPrefix,
  siteUrl,
  validateSubdomain,
} from "@/lib/site-address";

describe("site address (SPEC §5)", () => {
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

  it("covers every site type", () => {
    expect(SITE_TYPES).toHaveLength(7);
  });

  it("throws on an unknown type, naming it", () => {
    expect(() => siteHostPrefix("wiki")).toThrow("Unknown site type: wiki");
    expect(() => siteUrl({ siteType: "wiki", subdomain: "acme", appsDomain: "x.io" })).toThrow(/wiki/);
  });

  it.each([
    [{ siteType: "blog", subdomain: "acme", appsDomain: "localhost:3000" }, "blog.acme.localhost:3000", "http://blog.acme.localhost:3000"],
    [{ siteType: "docsv2", subdomain: "acme", appsDomain: "sites.example.io" }, "doc.acme.sites.example.io", "https://doc.acme.sites.example.io"],
    [{ siteType: "help_desk", subdomain: "Acme", appsDomain: "Sites.Example.io" }, "acme.sites.example.io", "https://acme.sites.example.io"],
    [{ siteType: "simple", subdomain: "acme", appsDomain: "127.0.0.1:3000" }, "acme.127.0.0.1:3000", "http://acme.127.0.0.1:3000"],
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
    ["ab", SUBDOMAIN_FORMAT_ERROR],
    ["x".repeat(64), SUBDOMAIN_FORMAT_ERROR],
    ["-acme", SUBDOMAIN_FORMAT_ERROR],
    ["acme-", SUBDOMAIN_FORMAT_ERROR],
    ["Acme", SUBDOMAIN_FORMAT_ERROR],
    ["ac_me", SUBDOMAIN_FORMAT_ERROR],
    ["ac.me", SUBDOMAIN_FORMAT_ERROR],
    ["www", SUBDOMAIN_RESERVED_ERROR],
    ["dashboard", SUBDOMAIN_RESERVED_ERROR],
    ["doc", SUBDOMAIN_RESERVED_ERROR],
  ])("%j → %j", (input, expected) => {
    expect(validateSubdomain(input)).toBe(expected);
  });
});
