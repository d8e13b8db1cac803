import { spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startSitesApp, workspaceIndex } from "../tests/helpers/sites";
import type { BenchRow } from "./sync";
import { signedIn } from "../tests/helpers/rpc-client";
import { rawRequest } from "../tests/helpers/raw-request";

/**
 * Lighthouse 12.8.2 (mobile, the default config) with Debian's Chromium on four demo pages: a blog post, a docs page,
 * a help-desk article and a showcase page with a cover, a gallery and a video (targets: performance ≥ 98, accessibility, best practices and SEO 100).
 * *.localhost resolves to loopback in Chromium, so the sites are reached by their real addresses. Also the product's
 * own landing and pricing pages (targets: performance ≥ 95, accessibility and SEO 100), and an owner's
 * first screens — sign-in, /new-site, the dashboard list and one site screen — signed in with the test login
 * (target: accessibility 100). The machine's 1-minute load average is printed with each row, since a busy
 * machine lowers the performance score.
 */
export async function benchLighthouse(): Promise<BenchRow[]> {
  const s = await startSitesApp([
    { siteType: "blog", page: workspaceIndex.blog! },
    { siteType: "docs", page: workspaceIndex.docs! },
    { siteType: "help_desk", page: workspaceIndex.help_desk! },
    { siteType: "docs", page: workspaceIndex.showcase! },
    { siteType: "roadmap", page: workspaceIndex.roadmap! },
  ]);
  const [blog, docs, help, showcase, roadmap] = s.hosts as [string, string, string, string, string];
  const pages: [string, string][] = [
    ["blog post", `http://${blog}/how-we-made-dashboards-10-faster`],
    ["docs page", `http://${docs}/getting-started/installing-on-your-framework/nextjs`],
    ["help-desk article", `http://${help}/installing-the-script/why-dont-i-see-any-visitors`],
    // A page with a cover, a gallery with covers, a YouTube facade and a Spotify embed.
    ["showcase page (cover, gallery, video)", `http://${showcase}/watch-and-listen`],
    ["roadmap board (votes: ≥ 98)", `http://${roadmap}/`],
    ["landing page", `${s.app.url}/`],
    ["pricing page", `${s.app.url}/pricing`],
    ["sign-in", `${s.app.url}/signin`],
    ["create a site (signed in)", `${s.app.url}/new-site`],
    ["dashboard list (signed in)", `${s.app.url}/dashboard`],
    ["site screen (signed in)", `${s.app.url}/dashboard/sites/${s.siteIds[0]}`],
  ];
  // `LIGHTHOUSE_PAGES=roadmap,blog` measures only the pages whose names contain one of the words.
  const only = (process.env.LIGHTHOUSE_PAGES ?? "").split(",").map((w) => w.trim()).filter(Boolean);
  const measured = only.length ? pages.filter(([name]) => only.some((w) => name.includes(w))) : pages;
  const owner = await signedIn(s.app.url, s.ownerEmails[0]!);
  const signedInPage = (name: string) => name.includes("(signed in)");
  const thumbnails = await startThumbnailStandIn();
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      // The video facade's thumbnail comes from i.ytimg.com, which this machine can't reach (the failed request is a
      // console error that costs best practices): Chromium gets it from a local HTTPS stand-in instead, as a connected
      // visitor would get it from YouTube.
      `--host-resolver-rules=MAP i.ytimg.com 127.0.0.1:${thumbnails.port}`,
      "--ignore-certificate-errors",
    ],
  });
  const rows: BenchRow[] = [];
  try {
    for (const [name, url] of measured) {
      // Warm the snapshot and the page cache. fetch() would drop the Host header (measuring every page cold, rendered on
      // Lighthouse's own request): a raw request keeps it.
      const target = new URL(url);
      await rawRequest(`${s.app.url}${target.pathname}`, { host: target.host, headers: signedInPage(name) ? { cookie: owner.header() } : {} }).catch(() => undefined);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        ...(signedInPage(name) ? { extraHeaders: { cookie: owner.header() } } : {}),
      });
      const categories = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const failing = Object.values(result?.lhr.audits ?? {})
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      rows.push({
        name,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best practices": score("best-practices"),
        seo: score("seo"),
        "failing checks": failing.join(", ") || "—",
        "load (1 min)": Number(os.loadavg()[0]!.toFixed(2)),
      });
    }
  } finally {
    chrome.kill();
    thumbnails.server.close();
    await s.stop();
  }
  return rows;
}

/** An HTTPS server answering every path with a 480×360 JPEG, on a self-signed certificate made with openssl. */
async function startThumbnailStandIn(): Promise<{ server: https.Server; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-ytimg-"));
  const made = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=i.ytimg.com", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });
  if (made.status !== 0) throw new Error("openssl could not make the thumbnail stand-in's certificate");
  const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: "#334155" } }).jpeg().toBuffer();
  const server = https.createServer({ key: fs.readFileSync(path.join(dir, "key.pem")), cert: fs.readFileSync(path.join(dir, "cert.pem")) }, (_req, res) => {
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": jpeg.length, "access-control-allow-origin": "*" });
    res.end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as { port: number }).port };
}
