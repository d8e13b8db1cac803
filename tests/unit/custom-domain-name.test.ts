import { describe, expect, it } from "vitest";
import { DOMAIN_MESSAGES as M, isApexDomain, parseCustomDomain, productDomainProblem } from "@/core/domains/custom-domain-name";

describe("parseCustomDomain", () => {
  it.each([
    ["docs.acme.com", "docs.acme.com"],
    ["  Docs.ACME.com. ", "docs.acme.com"],
    ["acme.com", "acme.com"],
    ["a-b.c-d.example.co.uk", "a-b.c-d.example.co.uk"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
    ["123.example.com", "123.example.com"],
  ])("%s → %s", (input, domain) => {
    expect(parseCustomDomain(input)).toEqual({ ok: true, domain });
  });

  it.each([
    ["", M.empty],
    ["   ", M.empty],
    ["https://docs.acme.com", M.scheme],
    ["http://docs.acme.com/", M.scheme],
    ["docs.acme.com/", M.path],
    ["docs.acme.com/docs", M.path],
    ["docs.acme.com?x=1", M.path],
    ["docs.acme.com:8080", M.port],
    ["docs.acme.com:", M.port],
    ["localhost", M.oneLabel],
    ["com", M.oneLabel],
    ["1.2.3.4", M.ipAddress],
    ["1.2.3.4:80", M.ipAddress],
    ["[::1]", M.ipAddress],
    ["2001:db8::1", M.ipAddress],
    ["acme.123", M.ipAddress],
    ["bad_name.acme.com", M.invalid],
    ["-bad.acme.com", M.invalid],
    ["bad-.acme.com", M.invalid],
    ["a..b.com", M.invalid],
    [".acme.com", M.invalid],
    ["*.acme.com", M.invalid],
    ["user@acme.com", M.invalid],
    ["docs acme.com", M.invalid],
    [`${"a".repeat(64)}.com`, M.invalid],
    [`${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`, M.tooLong],
  ])("%j → %s", (input, message) => {
    expect(parseCustomDomain(input)).toEqual({ ok: false, message });
  });
});

describe("productDomainProblem", () => {
  const env = { APP_URL: "https://app.example.io", APPS_DOMAIN: "example.site" };
  it.each([
    ["docs.acme.com", null],
    ["example.io", null],
    ["notexample.site", null],
    ["example.site", "Addresses under example.site can't be custom domains; use a domain you own"],
    ["blog.acme.example.site", "Addresses under example.site can't be custom domains; use a domain you own"],
    ["app.example.io", "That is the address of this app, not a domain you can use for a site"],
  ])("%s", (domain, problem) => {
    expect(productDomainProblem(domain, env)).toBe(problem);
  });

  it("ignores APPS_DOMAIN's port", () => {
    expect(productDomainProblem("acme.localhost", { APP_URL: "http://localhost:3000", APPS_DOMAIN: "localhost:3000" })).toMatch(/under localhost/);
  });
});

it("isApexDomain: two labels", () => {
  expect(isApexDomain("acme.com")).toBe(true);
  expect(isApexDomain("docs.acme.com")).toBe(false);
});
