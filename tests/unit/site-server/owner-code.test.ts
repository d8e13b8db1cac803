import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from "@/core/sites/site-settings";
import { gzipWithNonce, makeNonceResponse, plainWithNonce } from "@/http/nonce-page";
import { isApartFromApp, registrableDomainOf, withNonceAttributes, withOwnerCode } from "@/site-server/owner-code";
import { contentSecurityPolicy } from "@/site-server/security";

const FRAMES =
  "frame-src 'self' https://www.youtube.com https://youtube.com https://www.youtube-nocookie.com https://player.vimeo.com https://vimeo.com https://www.loom.com https://codepen.io https://www.figma.com https://www.google.com https://maps.google.com https://docs.google.com https://drive.google.com https://gist.github.com https://form.typeform.com https://excalidraw.com https://open.spotify.com https://w.soundcloud.com https://www.canva.com https://miro.com https://airtable.com https://calendly.com";

describe("where the owner's code may run", () => {
  // [site host, app host, apart?]
  const table: [string, string, boolean][] = [
    ["blog.acme.localhost", "localhost", false], // the default local set-up: one site with the app
    ["owner.test", "localhost", true], // a custom domain
    ["acme.pagewright.site", "app.pagewright.com", true], // SITES_DOMAIN on its own registrable domain
    ["blog.acme.pagewright.com", "app.pagewright.com", false], // sites under the app's own domain
    ["blog.acme.sites.pagewright.com", "app.pagewright.com", false],
    ["pagewright.com", "app.pagewright.com", false],
    ["acme.pagewright.co.uk", "app.pagewright.co.uk", false], // a multi-label public suffix is not a registrable domain
    ["acme.pagewright.co.uk", "app.other.co.uk", true],
    ["acme.github.io", "bob.github.io", true], // the PSL's private section: github.io's sites are apart
    ["docs.example.com", "example.com", false], // an app on a bare domain: every subdomain is its site
    ["example.com", "app.example.com", false],
    ["BLOG.Acme.Localhost.", "localhost", false],
  ];
  it.each(table)("%s beside an app on %s → apart: %s", (host, app, apart) => {
    expect(isApartFromApp(host, app)).toBe(apart);
  });

  it("names a host's registrable domain by the Public Suffix List, or the host itself without one", () => {
    expect(registrableDomainOf("a.b.example.co.uk")).toBe("example.co.uk");
    expect(registrableDomainOf("acme.github.io")).toBe("acme.github.io");
    expect(registrableDomainOf("localhost")).toBe("localhost");
    expect(registrableDomainOf("127.0.0.1")).toBe("127.0.0.1");
  });
});

describe("the owner's code in a page", () => {
  it("gives every script start tag the nonce placeholder, and changes nothing else", () => {
    const code = `<script>a()</script><SCRIPT src="https://w.example/x.js" async></SCRIPT><div data-x="<script>">t</div><!-- <script>no</script> -->`;
    expect(withNonceAttributes(code, "PH")).toBe(
      `<script nonce="PH">a()</script><SCRIPT nonce="PH" src="https://w.example/x.js" async></SCRIPT><div data-x="<script>">t</div><!-- <script>no</script> -->`,
    );
  });

  it("puts head code before </head> and body code before the last </body>", () => {
    const page = "<!doctype html><html><head><title>x</title></head><body><p>&lt;/body&gt;</p></body></html>";
    const out = withOwnerCode(page, { headCode: "<script>h()</script>", bodyCode: '<div id="w"></div><script>b()</script>' }, "PH");
    expect(out).toBe('<!doctype html><html><head><title>x</title><script nonce="PH">h()</script></head><body><p>&lt;/body&gt;</p><div id="w"></div><script nonce="PH">b()</script></body></html>');
  });
});

describe("a cached page with a nonce per response", () => {
  const html = `<html><head><script nonce="PH">x()</script></head><body>${"Lorem ipsum dolor sit amet. ".repeat(500)}<script nonce="PH">y()</script></body></html>`;
  const page = makeNonceResponse(200, "text/html; charset=utf-8", html, "PH");

  it("answers gzip that decodes (CRC checked) to the page with the nonce in place", () => {
    const gz = gzipWithNonce(page.nonceBody!, "n0nce+/abc==");
    expect(zlib.gunzipSync(gz).toString()).toBe(html.replaceAll("PH", "n0nce+/abc=="));
    expect(plainWithNonce(page.nonceBody!, "other").toString()).toBe(html.replaceAll("PH", "other"));
    expect(gz.length).toBeLessThan(html.length / 5);
  });

  it("takes the nonce anywhere, the page's ends included", () => {
    const edges = makeNonceResponse(200, "text/html", "PHmiddlePH", "PH");
    expect(zlib.gunzipSync(gzipWithNonce(edges.nonceBody!, "N")).toString()).toBe("NmiddleN");
  });
});

describe("the site's CSP", () => {
  it("is what it was for a site without the owner's code", () => {
    expect(contentSecurityPolicy(DEFAULT_SITE_SETTINGS, ["AAA", "BBB"], "http://localhost:3000")).toBe(
      `default-src 'none'; script-src 'self' 'sha256-AAA' 'sha256-BBB'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data: http://localhost:3000; font-src 'self'; connect-src 'self'; ${FRAMES}; media-src 'self' https:; form-action 'self'; base-uri 'none'; object-src 'none'`,
    );
    const analytics = { ...DEFAULT_SITE_SETTINGS.analytics, plausibleDomain: "acme.example", googleAnalyticsId: "G-ABC" };
    expect(contentSecurityPolicy({ analytics }, ["AAA"], "https://app.example.com")).toBe(
      `default-src 'none'; script-src 'self' 'sha256-AAA' https://plausible.io https://www.googletagmanager.com; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; font-src 'self'; connect-src 'self' https://plausible.io https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com; ${FRAMES}; media-src 'self' https:; form-action 'self'; base-uri 'none'; object-src 'none'`,
    );
  });

  it("with the owner's code: the nonce and the declared origins, never 'unsafe-inline' for scripts", () => {
    const origins = { script: ["https://widget.example.com"], connect: ["wss://chat.example.com"], frame: ["https://book.example.com"], img: ["https://*.cdn.example.com"] };
    const csp = contentSecurityPolicy(DEFAULT_SITE_SETTINGS, ["AAA"], undefined, { nonce: "N0nce==", origins });
    expect(csp).toContain("script-src 'self' 'sha256-AAA' 'nonce-N0nce==' https://widget.example.com;");
    expect(csp).toContain("connect-src 'self' wss://chat.example.com;");
    expect(csp).toContain("frame-src 'self' https://www.youtube.com");
    expect(csp).toMatch(/frame-src [^;]* https:\/\/book\.example\.com;/);
    expect(csp).toContain("img-src 'self' https: data: https://*.cdn.example.com;");
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
  });

  it("takes only plain origins from the owner: no keyword, no second directive", () => {
    for (const bad of ["'unsafe-inline'", "https://a.example; script-src *", "*", "http://a.example", "https://a.example/path", "data:", "wss://a.example"]) {
      expect(siteSettingsSchema.safeParse({ cspOrigins: { script: [bad] } }).success, bad).toBe(false);
    }
    expect(siteSettingsSchema.parse({ cspOrigins: { script: ["https://*.Widget.example.com:8443"], connect: ["wss://chat.example.com"] } }).cspOrigins).toEqual({
      script: ["https://*.widget.example.com:8443"],
      connect: ["wss://chat.example.com"],
      frame: [],
      img: [],
    });
  });
});
