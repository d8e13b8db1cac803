import { describe, expect, it } from "vitest";
import { createHostClassifier, isLoopbackTlsAsk, normalizeHost } from "@/site-server/classify-host";

describe("normalizeHost", () => {
  it.each([
    ["Example.COM", "example.com"],
    ["example.com.", "example.com"],
    ["example.com:443", "example.com"],
    ["example.com:80", "example.com"],
    ["example.com:8080", "example.com:8080"],
    ["blog.acme.localhost:3000", "blog.acme.localhost:3000"],
    ["[::1]:3000", "[::1]:3000"],
    ["", null],
    [undefined, null],
    ["bad host", null],
    ["evil.com/path", null],
    ["..example.com", null],
    ["a..b.com", null],
    ["x".repeat(300), null],
  ])("%s → %s", (input, expected) => {
    expect(normalizeHost(input)).toBe(expected);
  });
});

describe("createHostClassifier (development: APPS_DOMAIN=localhost:3000)", () => {
  const classify = createHostClassifier({ appUrl: "http://localhost:3000", appsDomain: "localhost:3000" });
  it.each([
    ["localhost:3000", { kind: "app" }],
    ["LOCALHOST:3000", { kind: "app" }],
    ["127.0.0.1:3000", { kind: "app" }],
    ["www.localhost:3000", { kind: "app" }],
    ["blog.acme.localhost:3000", { kind: "site", host: "blog.acme.localhost:3000", hostKey: "blog.acme", customDomain: null }],
    ["acme.localhost:3000", { kind: "site", host: "acme.localhost:3000", hostKey: "acme", customDomain: null }],
    ["doc.acme.localhost.:3000", { kind: "site", host: "doc.acme.localhost:3000", hostKey: "doc.acme", customDomain: null }],
    ["docs.example.com", { kind: "site", host: "docs.example.com", hostKey: null, customDomain: "docs.example.com" }],
    ["docs.example.com:3000", { kind: "site", host: "docs.example.com:3000", hostKey: null, customDomain: "docs.example.com" }],
    ["", { kind: "invalid" }],
    ["no spaces allowed", { kind: "invalid" }],
  ])("%s", (host, expected) => {
    expect(classify(host)).toEqual(expected);
  });
});

describe("createHostClassifier (production: app.example.io, sites on example.site)", () => {
  const classify = createHostClassifier({ appUrl: "https://app.example.io", appsDomain: "example.site" });
  it.each([
    ["app.example.io", { kind: "app" }],
    ["app.example.io:443", { kind: "app" }],
    ["example.site", { kind: "app" }],
    ["www.example.site", { kind: "app" }],
    ["blog.acme.example.site", { kind: "site", host: "blog.acme.example.site", hostKey: "blog.acme", customDomain: null }],
    ["localhost:3000", { kind: "site", host: "localhost:3000", hostKey: null, customDomain: "localhost" }],
    ["notexample.site", { kind: "site", host: "notexample.site", hostKey: null, customDomain: "notexample.site" }],
  ])("%s", (host, expected) => {
    expect(classify(host)).toEqual(expected);
  });
});

describe("isLoopbackTlsAsk (Caddy's on-demand TLS ask on localhost, whatever APP_URL is)", () => {
  it.each([
    ["localhost:3000", "/api/domains/allow?domain=docs.acme.com", true],
    ["127.0.0.1:3000", "/api/domains/allow", true],
    ["[::1]:3000", "/api/domains/allow?domain=x", true],
    ["LOCALHOST", "/api/domains/allow?domain=x", true],
    ["localhost:3000", "/api/domains/allow/", false],
    ["localhost:3000", "/api/health", false],
    ["localhost:3000", "/", false],
    ["blog.acme.localhost:3000", "/api/domains/allow?domain=x", false],
    ["docs.acme.com", "/api/domains/allow?domain=x", false],
    [undefined, "/api/domains/allow", false],
  ])("%s %s → %s", (host, url, expected) => {
    expect(isLoopbackTlsAsk(host, url)).toBe(expected);
  });
});
