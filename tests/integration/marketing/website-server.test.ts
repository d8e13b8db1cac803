import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppProcess } from "../../helpers/app-server";
import { marketingPaths } from "@/marketing-site/routes";

/**
 * The product's website served by our own server, not by Next.js (issue 13, docs/product.md D2 "fast by design"): every page is
 * plain HTML with one small deferred script and its stylesheet inlined, cached with an ETag, compressed, and the
 * paths it does not know still reach Next.js.
 */

let app: AppProcess;
beforeAll(async () => {
  app = await startApp({ env: { CRISP_WEBSITE_ID: "crisp-test-id", APP_SOURCE_URL: "https://code.example/pagewright", PRIVACY_URL: "https://acme.example/privacy", TEAM_EMAIL: "team@acme.example" } });
}, 240_000);
afterAll(async () => {
  await app?.stop();
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${app.url}${path}`, { method, headers, redirect: "manual" });

describe("the website's pages", () => {
  it("are plain HTML without Next.js: one script, the stylesheet inlined, one h1, light, canonical", async () => {
    expect(marketingPaths().length).toBeGreaterThanOrEqual(14);
    for (const path of marketingPaths()) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await res.text();
      expect(html.startsWith("<!DOCTYPE html><html lang=\"en\" class=\"light\""), path).toBe(true);
      expect(html, path).not.toContain("/_next/");
      expect(html, path).not.toContain("self.__next_f");
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts, path).toHaveLength(1);
      expect(scripts[0]).toMatch(/^<script src="\/_website\/site\.js\?v=[\w-]{12}" defer="" data-crisp-website-id="crisp-test-id">$/);
      expect(html.match(/<h1\b/g), path).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${new URL(path, app.url).href}"/>`);
      // Tailwind built over the website's own sources: a class from the nav bar is in the inlined stylesheet.
      expect(html).toMatch(/<style>[^<]*\.max-w-\\\[1200px\\\]/);
    }
  });

  it("answers 304 to a matching ETag, HEAD without a body, and brotli or gzip when asked", async () => {
    const first = await get("/pricing");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const plain = await first.text();
    expect((await get("/pricing", { "if-none-match": etag })).status).toBe(304);

    const head = await get("/pricing", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");

    // Node's fetch decodes on its own; read raw bytes over http to see the encoding itself.
    const http = await import("node:http");
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        http.get(`${app.url}/pricing`, { headers: { "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    const br = await raw("br, gzip");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain);
    const gzip = await raw("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain);
  });

  it("serves its script for a year, as JavaScript", async () => {
    const html = await (await get("/")).text();
    const src = /<script src="([^"]+)"/.exec(html)![1]!;
    const res = await get(src);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const js = await res.text();
    expect(js).toContain("signupReason");
    expect(js.length).toBeLessThan(6_000);
  });

  it("link the source code, Terms, Privacy and Contact from every page, using the operator's links when set (issue 24)", async () => {
    for (const path of marketingPaths()) {
      const html = await (await get(path)).text();
      for (const href of ["https://code.example/pagewright", "/terms", "https://acme.example/privacy", "/contact"]) expect(html, `${path} → ${href}`).toContain(`href="${href}"`);
    }
    expect(await (await get("/contact")).text()).toContain('href="mailto:team@acme.example"');
    expect((await get("/terms")).status).toBe(200);
  });

  it("serve a template CSV per database site type, linked from its site-type page (issue 24)", async () => {
    const csv = await get("/templates/blog.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="pagewright-blog-template.csv"');
    expect((await csv.text()).split("\r\n")[0]).toBe("Name,Date,Description,Tags,Authors,Hidden");
    expect((await get("/templates/docs.csv")).status).toBe(404);
    expect(await (await get("/site-types/blog")).text()).toContain('href="/templates/blog.csv"');
  });

  it("leaves other paths and methods to Next.js", async () => {
    const unknownType = await get("/site-types/no-such-type");
    expect(unknownType.status).toBe(404);
    expect(await unknownType.text()).toContain("/_next/"); // Next.js's own not-found page
    expect((await get("/pricing/")).status).toBe(308); // Next.js's trailing-slash redirect, then the page
    expect((await get("/signin")).status).toBe(200);
    expect(await (await get("/signin")).text()).toContain("/_next/");
    expect((await get("/", {}, "POST")).status).not.toBe(200);
  });
});
