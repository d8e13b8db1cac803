import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { matchEndpoint, SITE_ENDPOINTS, withEndpointTable } from "@/site-server/endpoints";
import type { PublishedSite } from "@/site-server/site-lookup";

const site = (passwordHash: string | null) => ({ passwordHash }) as PublishedSite;

describe("the published sites' endpoint table", () => {
  it("is what docs/architecture.md lists (`npm run site:docs`)", () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../../docs/architecture.md"), "utf8");
    expect(committed === withEndpointTable(committed), "docs/architecture.md's endpoint table is stale: run `npm run site:docs`").toBe(true);
  });

  it("matches paths and patterns, with captures", () => {
    expect(matchEndpoint("/_/site.css", site(null))?.endpoint.path).toBe("/_/site.css");
    expect(matchEndpoint("/_/katex/KaTeX_Main-Regular.woff2", site(null))?.params).toEqual(["KaTeX_Main-Regular.woff2"]);
    expect(matchEndpoint("/guides/setup.md", site(null))?.params).toEqual(["/guides/setup"]);
    expect(matchEndpoint("/guides/setup", site(null))).toBeNull();
    expect(matchEndpoint("/_/unknown", site(null))).toBeNull();
  });

  it("has the password form only on protected sites, where it, the email links, the view counter, the stylesheet and its fonts answer without the cookie", () => {
    expect(matchEndpoint("/_/password", site(null))).toBeNull();
    const locked = SITE_ENDPOINTS.filter((e) => e.servedWhenLocked).map((e) => (typeof e.path === "string" ? e.path : e.label));
    expect(locked).toEqual(["/_/password", "/_/subscribe/confirm", "/_/unsubscribe", "/_/view", "/_/view.gif", "/_/site.css", "/_/katex/<font>", "/_/fonts/<file>", "/_/vote/unsubscribe", "/_/link/new"]);
  });

  it("has no exact path that a pattern also matches (exact paths are looked up first)", () => {
    const patterns = SITE_ENDPOINTS.flatMap((e) => (typeof e.path === "string" ? [] : [e.path]));
    const exact = SITE_ENDPOINTS.flatMap((e) => (typeof e.path === "string" ? [e.path] : []));
    expect(exact.filter((p) => patterns.some((re) => re.test(p)))).toEqual([]);
  });

  it("names every path once", () => {
    const paths = SITE_ENDPOINTS.map((e) => (typeof e.path === "string" ? e.path : e.label));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
