import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * The owner's own code (settings.headCode / bodyCode): rendered with a fresh nonce per response on a custom domain
 * only (the app answers on localhost, so every *.localhost subdomain is the app's own site), never on the password
 * form, the 404 page or an endpoint; the CSP of other sites is as it was.
 */
const METRICS_TOKEN = "metrics-token-for-owner-code-01";
const OWNER = {
  headCode: `<script>window.ownerHead = 1</script><script src="https://widget.example.com/w.js" async></script>`,
  bodyCode: `<div id="owner-widget">Book a call</div><script>document.getElementById("owner-widget").dataset.ran = "1"</script>`,
  cspOrigins: { script: ["https://widget.example.com"], connect: ["wss://chat.example.com"], frame: ["https://book.example.com"], img: ["https://img.example.com"] },
};
const PASSWORD = "correct horse battery";

let s: SitesApp;
beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "docs", page: workspaceIndex.docs!, settings: OWNER },
      { siteType: "simple", page: workspaceIndex.simple!, settings: OWNER, customDomain: "owner.test" },
      { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: OWNER, customDomain: "locked.test", password: PASSWORD },
      { siteType: "blog", page: workspaceIndex.blog!, customDomain: "plain.test" },
    ],
    { env: { METRICS_TOKEN } },
  );
}, 240_000);
afterAll(async () => {
  await s?.stop();
});

const nonceOfCsp = (csp: string | string[] | undefined) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(csp))?.[1];
const cacheHits = async () => {
  const res = await rawRequest(`${s.app.url}/metrics`, { host: `localhost:${s.app.port}`, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(/^pagewright_page_cache_hits_total (\d+)/m.exec(res.body)?.[1]);
};

describe("the owner's own code", () => {
  it("on a custom domain: head and body code, every script with this response's nonce, the declared origins in the CSP", async () => {
    const page = await s.get("owner.test", "/");
    expect(page.status).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    const nonce = nonceOfCsp(csp)!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toMatch(/script-src 'self' [^;]*'nonce-[^']+' https:\/\/widget\.example\.com;/);
    expect(csp).toMatch(/connect-src 'self' wss:\/\/chat\.example\.com;/);
    expect(csp).toMatch(/frame-src 'self' [^;]* https:\/\/book\.example\.com;/);
    expect(csp).toMatch(/img-src [^;]* https:\/\/img\.example\.com;/);
    expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
    const head = page.body.slice(0, page.body.indexOf("</head>"));
    expect(head).toContain(`<script nonce="${nonce}">window.ownerHead = 1</script><script nonce="${nonce}" src="https://widget.example.com/w.js" async></script>`);
    expect(page.body).toMatch(new RegExp(`<div id="owner-widget">Book a call</div><script nonce="${nonce.replace(/[+/=]/g, "\\$&")}">[^<]*</script></body>`));
    expect(page.headers.etag).toBeUndefined();
  });

  it("renders once and then answers from the cache, with a new nonce each time, gzip or plain", async () => {
    await s.get("owner.test", "/");
    const before = await cacheHits();
    const a = await s.get("owner.test", "/", { "accept-encoding": "gzip, br" });
    const b = await s.get("owner.test", "/");
    expect(await cacheHits()).toBe(before + 2);
    expect(a.headers["content-encoding"]).toBe("gzip");
    const unzipped = zlib.gunzipSync(a.bytes).toString();
    const nonceA = nonceOfCsp(a.headers["content-security-policy"])!;
    const nonceB = nonceOfCsp(b.headers["content-security-policy"])!;
    expect(nonceA).not.toBe(nonceB);
    expect(unzipped).toContain(`<script nonce="${nonceA}">window.ownerHead = 1</script>`);
    expect(b.body).toContain(`<script nonce="${nonceB}">window.ownerHead = 1</script>`);
    // The same page but for the nonce.
    expect(unzipped.replaceAll(nonceA, "N")).toBe(b.body.replaceAll(nonceB, "N"));
    expect(Number(a.headers["content-length"])).toBe(a.bytes.length);
  });

  it("is never on the 404 page, the search page or another endpoint of that site", async () => {
    const missing = await s.get("owner.test", "/no-such-page");
    expect(missing.status).toBe(404);
    const search = await s.get("owner.test", "/_/search?q=lumen");
    for (const res of [missing, search, await s.get("owner.test", "/robots.txt"), await s.get("owner.test", "/_/custom.css")]) {
      expect(res.body).not.toContain("ownerHead");
      expect(res.body).not.toContain("owner-widget");
      expect(String(res.headers["content-security-policy"] ?? "")).not.toContain("'nonce-");
    }
  });

  it("is not rendered on a subdomain that is the app's own site", async () => {
    const page = await s.get(s.hosts[0]!, "/");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("ownerHead");
    expect(page.body).not.toContain("owner-widget");
    expect(String(page.headers["content-security-policy"])).not.toMatch(/nonce-|widget\.example\.com/);
  });

  it("never runs on a locked site's password page; behind the password it is the owner's own page", async () => {
    const form = await s.get("locked.test", "/");
    expect(form.body).toContain("This site is password protected");
    expect(form.body).not.toContain("ownerHead");
    expect(form.body).not.toContain("owner-widget");
    expect(String(form.headers["content-security-policy"])).not.toContain("'nonce-");
    const unlocked = await rawRequest(`${s.app.url}/_/password`, {
      host: "locked.test",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ password: PASSWORD, next: "/" }).toString(),
    });
    const cookie = String(unlocked.headers["set-cookie"]).split(";")[0]!;
    const page = await s.get("locked.test", "/", { cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain("ownerHead");
    expect(page.headers["cache-control"]).toBe("private, no-store");
  });

  it("leaves the CSP of a site without the owner's code as it was, ETag and all", async () => {
    const page = await s.get("plain.test", "/");
    expect(page.status).toBe(200);
    expect(page.headers.etag).toBeTruthy();
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).not.toContain("'nonce-");
    expect(csp).toMatch(/^default-src 'none'; script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+; style-src 'self' 'unsafe-inline'; img-src 'self' https: data: http:\/\/localhost:\d+; font-src 'self'; connect-src 'self'; frame-src 'self' https:\/\/www\.youtube\.com [^;]* https:\/\/calendly\.com; media-src 'self' https:; form-action 'self'; base-uri 'none'; object-src 'none'$/);
  });

  it("is set with updateSite and shows on the next request; bad origins are refused and change nothing", async () => {
    const jar = await signedIn(s.app.url, s.ownerEmails[1]!);
    const siteId = s.siteIds[1]!;
    const bad = await rpc(s.app.url, jar, "site", "updateSite", { siteId, settings: { headCode: "<script>new()</script>", cspOrigins: { script: ["'unsafe-inline'"] } } });
    expect(bad.body.error?.data?.code).toBe("VALIDATION");
    const ok = await rpc(s.app.url, jar, "site", "updateSite", { siteId, settings: { headCode: "<script>window.changed = 2</script>", cspOrigins: { connect: ["https://api.example.com"] } } });
    expect(ok.body.error).toBeUndefined();
    const page = await s.get("owner.test", "/");
    const nonce = nonceOfCsp(page.headers["content-security-policy"]);
    expect(page.body).toContain(`<script nonce="${nonce}">window.changed = 2</script>`);
    expect(page.body).not.toContain("new()");
    // cspOrigins merges by list: the script origin stays, connect is replaced.
    expect(String(page.headers["content-security-policy"])).toMatch(/script-src [^;]*https:\/\/widget\.example\.com; [^]*connect-src 'self' https:\/\/api\.example\.com;/);
  });
});
