import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beaconScript, themeScript } from "@/site-server/assets";
import { RecordMapBuilder, notionUrl } from "../../helpers/notion-records";
import { addHostilePage } from "../../helpers/hostile-page";
import { rawRequest } from "../../helpers/raw-request";
import { startSitesApp, type SitesApp } from "../../helpers/sites";

/** Untrusted Notion content renders as inert HTML, under a strict Content-Security-Policy (issue 7). */
let s: SitesApp;
beforeAll(async () => {
  const ws = new RecordMapBuilder();
  const pageId = addHostilePage(ws);
  s = await startSitesApp([{ siteType: "simple", page: notionUrl("Hostile", pageId) }], { workspaceDir: ws.write() });
}, 240_000);
afterAll(() => s?.stop());

describe("hostile content", () => {
  it("renders no script, no javascript: or data: link, and no unknown frame", async () => {
    const res = await s.get(s.hosts[0]!, "/");
    expect(res.status).toBe(200);
    const html = res.body;
    expect(html).toContain("The end of the hostile page.");
    // The only scripts are our theme toggle and analytics beacon, byte for byte (their hashes are what the CSP allows).
    const theme = `<script>${themeScript().source}</script>`;
    const beacon = `<script data-base="">${beaconScript().source}</script>`;
    expect(html.split(theme)).toHaveLength(2);
    expect(html.replace(theme, "").replace(beacon, "")).not.toMatch(/<script(?![^>]*type="application\/ld\+json")[^>]*>/i);
    expect(html).not.toMatch(/(href|src|action)="\s*(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/<iframe[^>]+evil\.example/);
    expect(html).not.toMatch(/<img[^>]+onerror/i);
    expect(html).not.toMatch(/<svg[^>]+onload/i);
    expect(html).toContain("&lt;script&gt;alert(&#x27;heading&#x27;)&lt;/script&gt;");
    // The unknown embed is a plain link instead.
    expect(html).toMatch(/<a[^>]+href="https:\/\/evil\.example\/frame\.html"/);
    // A video is played only when it is a media file over https (tests/unit/site-server/security.test.ts); others are links.
    expect(html).not.toMatch(/<(video|iframe)[^>]+evil\.example/);
    expect(html).toMatch(/<a[^>]+href="https:\/\/evil\.example\/player\.html"/);
  });

  it("serves its icon from its own host, not as a data: URL", async () => {
    const html = (await s.get(s.hosts[0]!, "/")).body;
    const icon = /<link rel="icon" href="([^"]+)"/.exec(html)?.[1];
    expect(icon).toMatch(/^\/_\/favicon\.svg\?v=[0-9a-f]{12}$/);
    const res = await s.get(s.hosts[0]!, icon!);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.body).toMatch(/^<svg [^>]*><circle [^>]*fill="#2255dd"\/><\/svg>$/);
  });

  it("sends a Content-Security-Policy without inline scripts or unknown frames", async () => {
    const res = await s.get(s.hosts[0]!, "/");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'self'(;| )/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-src 'self' https://www.youtube.com");
    expect(csp).not.toContain("evil.example");
    expect(csp).toContain("base-uri 'none'");
  });

  it("answers oversized and malformed requests with clear 4xx", async () => {
    expect((await rawRequest(`${s.app.url}/`, { host: s.hosts[0]!, rawPath: `/?q=${"x".repeat(5000)}` })).status).toBe(414);
    expect((await s.get(s.hosts[0]!, `/_/search?q=${"a".repeat(201)}`)).status).toBe(400);
    expect((await rawRequest(`${s.app.url}/`, { host: s.hosts[0]!, rawPath: "/..%2f..%2fetc%2fpasswd" })).status).toBe(400);
    expect((await rawRequest(`${s.app.url}/`, { host: s.hosts[0]!, rawPath: "/%ff" })).status).toBe(400);
  });
});
