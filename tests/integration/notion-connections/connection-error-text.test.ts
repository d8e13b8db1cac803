import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWithJar } from "../../helpers/auth-client";
import { signedIn } from "../../helpers/rpc-client";
import { startSitesApp, type SitesApp } from "../../helpers/sites";

/**
 * /new-site shows why connecting Notion failed from its query (`?connectionError=`, set by the OAuth callback). Only
 * the callback's own reasons are shown, by code: text a link made up never appears on the app's origin.
 */

let s: SitesApp;
beforeAll(async () => {
  s = await startSitesApp([], { env: { NOTION_OAUTH_CLIENT_ID: "client", NOTION_OAUTH_CLIENT_SECRET: "secret" } });
}, 240_000);
afterAll(() => s?.stop());

describe("/new-site?connectionError=", () => {
  it("shows the fixed message of a known reason, and nothing a link wrote", async () => {
    const jar = await signedIn(s.app.url, "owner@example.com");
    const alertOf = (html: string) => /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
    const injected = await (await fetchWithJar(jar, `${s.app.url}/new-site?connectionError=Your+account+is+suspended.+Call+%2B1-800-EVIL+or+visit+evil.example`)).text();
    expect(alertOf(injected)).toBe("Connecting Notion did not work. Please try again.");
    // Nowhere on the page either: only Next's router payload (a script, never rendered) keeps its copy of the address.
    expect(injected.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")).not.toContain("1-800-EVIL");
    const denied = await (await fetchWithJar(jar, `${s.app.url}/new-site?connectionError=denied`)).text();
    expect(alertOf(denied)).toBe("Notion access was not granted");
  });
});

describe("/signin?error=", () => {
  it("shows one of our messages, also for a name on Object's prototype", async () => {
    for (const code of ["constructor", "toString", "Your account is suspended"]) {
      const res = await fetch(`${s.app.url}/signin?error=${encodeURIComponent(code)}`);
      expect(res.status, code).toBe(200);
      const html = (await res.text()).replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
      expect(html, code).toContain("Sign in failed. Please try again.");
      expect(html, code).not.toContain("Your account is suspended");
    }
  });
});
