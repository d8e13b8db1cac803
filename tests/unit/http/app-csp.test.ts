import { describe, expect, it } from "vitest";
import { appPagePolicy, newAppNonce, websitePolicy } from "@/http/app-csp";

const directives = (policy: string) => new Map(policy.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("the app pages' Content-Security-Policy", () => {
  it("allows scripts only by this response's nonce (and what they load), eval only on the development server", () => {
    const nonce = newAppNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newAppNonce()).not.toBe(nonce);
    const policy = directives(appPagePolicy(nonce));
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(directives(appPagePolicy(nonce, { development: true })).get("script-src")).toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
  });

  it("lets plain http origins in only on an instance served over plain http", () => {
    for (const policy of [appPagePolicy("n"), websitePolicy([])]) expect(policy).not.toMatch(/\bhttp:|\bws:/);
    expect(directives(appPagePolicy("n", { plainHttp: true })).get("connect-src")).toEqual(["'self'", "https:", "http:", "wss:", "ws:"]);
  });

  it("the website's scripts: its own file and the origins it names, no nonce and nothing inline", () => {
    expect(directives(websitePolicy(["https://client.crisp.chat"])).get("script-src")).toEqual(["'self'", "https://client.crisp.chat"]);
  });
});
