import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { startSitesApp, workspaceIndex, type SiteSeed } from "../tests/helpers/sites";
import type { BenchRow } from "./sync";
import { signedIn } from "../tests/helpers/rpc-client";
import { rawRequest } from "../tests/helpers/raw-request";

/**
 * `npm run a11y:lighthouse`: Lighthouse 12.8.2's accessibility category (the audits it adds around axe-core: names,
 * contrast, lang, heading order, landmarks, …) on every site type's home and a content page, and on the owner's main
 * screens, in light and in dark mode (Chromium's `--force-dark-mode`, which is what `prefers-color-scheme` reads).
 * Everything is on this machine: *.localhost resolves to loopback in Chromium, the app runs against the Notion
 * stand-in. Too slow for the test suite (about 20 s a page on two busy cores); the scores are in docs/benchmarks.md.
 * `LIGHTHOUSE_PAGES=docs,roadmap` measures only the pages whose names contain one of the words;
 * `LIGHTHOUSE_SCREENSHOTS=<dir>` keeps each run's final screenshot there (to see that dark mode was dark).
 */
const SITES: { type: string; seed: SiteSeed; content: string }[] = [
  { type: "simple", seed: { siteType: "simple", page: workspaceIndex.simple! }, content: "/about" },
  { type: "docs", seed: { siteType: "docs", page: workspaceIndex.docs!, settings: { ai: { enabled: true } } }, content: "/getting-started/quick-start" },
  {
    type: "docsv2",
    seed: {
      siteType: "docsv2",
      page: workspaceIndex.docsv2!,
      settings: { versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
    },
    content: "/authentication-v2",
  },
  { type: "help desk", seed: { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { contactUrl: "mailto:help@lumen.example" } }, content: "/account-billing/how-do-i-change-my-plan" },
  { type: "blog", seed: { siteType: "blog", page: workspaceIndex.blog! }, content: "/how-we-made-dashboards-10-faster" },
  { type: "changelog", seed: { siteType: "changelog", page: workspaceIndex.changelog! }, content: "/lumen-20" },
  { type: "roadmap", seed: { siteType: "roadmap", page: workspaceIndex.roadmap! }, content: "/cohort-analysis" },
];
const OWNER_SCREENS = ["/dashboard", "/new-site", "/dashboard/account"];
const SITE_SCREENS = ["", "/appearance", "/analytics", "/ai", "/subscribers"];

export async function benchA11yLighthouse(): Promise<BenchRow[]> {
  const s = await startSitesApp(SITES.map((site) => site.seed));
  const blogId = s.siteIds[SITES.findIndex((site) => site.type === "blog")]!;
  const pages: [string, string][] = [
    ...SITES.flatMap(({ type, content }, i): [string, string][] => [
      [`${type} home`, `http://${s.hosts[i]}/`],
      [`${type} page`, `http://${s.hosts[i]}${content}`],
    ]),
    ["sign-in", `${s.app.url}/signin`],
    ...OWNER_SCREENS.map((p): [string, string] => [`owner ${p} (signed in)`, `${s.app.url}${p}`]),
    ...SITE_SCREENS.map((p): [string, string] => [`owner blog screen ${p || "/"} (signed in)`, `${s.app.url}/dashboard/sites/${blogId}${p}`]),
  ];
  const only = (process.env.LIGHTHOUSE_PAGES ?? "").split(",").map((w) => w.trim()).filter(Boolean);
  const measured = only.length ? pages.filter(([name]) => only.some((w) => name.includes(w))) : pages;
  const owner = await signedIn(s.app.url, s.ownerEmails[SITES.findIndex((site) => site.type === "blog")]!);
  const signedInPage = (name: string) => name.includes("(signed in)");
  const scores = new Map<string, { light?: number; dark?: number; failing: Set<string>; landed: Set<string> }>();
  const shots = process.env.LIGHTHOUSE_SCREENSHOTS;
  try {
    for (const scheme of ["light", "dark"] as const) {
      const chrome = await launch({
        chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...(scheme === "dark" ? ["--force-dark-mode"] : [])],
      });
      try {
        for (const [name, url] of measured) {
          const cookie: Record<string, string> = signedInPage(name) ? { cookie: owner.header() } : {};
          // Warm the snapshot and the page cache; a raw request keeps the site's Host header.
          const target = new URL(url);
          await rawRequest(`${s.app.url}${target.pathname}`, { host: target.host, headers: cookie }).catch(() => undefined);
          const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["accessibility"], ...(signedInPage(name) ? { extraHeaders: cookie } : {}) });
          const row = scores.get(name) ?? { failing: new Set<string>(), landed: new Set<string>() };
          // A page that redirected (the sign-in screen for a lost session) would be measured in its place: say so.
          const landed = result?.lhr.finalDisplayedUrl ?? "";
          if (landed !== url) row.landed.add(`${scheme}: ${landed}`);
          const shot = result?.lhr.fullPageScreenshot?.screenshot.data;
          if (shots && shot) fs.writeFileSync(path.join(shots, `${name.replace(/[^a-z0-9]+/gi, "-")}-${scheme}.jpg`), Buffer.from(shot.split(",")[1]!, "base64"));
          row[scheme] = Math.round((result?.lhr.categories.accessibility?.score ?? 0) * 100);
          for (const audit of Object.values(result?.lhr.audits ?? {})) {
            if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary") row.failing.add(`${audit.id} (${scheme})`);
          }
          scores.set(name, row);
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await s.stop();
  }
  return [...scores].map(([name, row]) => ({
    name,
    light: row.light ?? 0,
    dark: row.dark ?? 0,
    "failing audits": [...row.failing].join(", ") || "—",
    "measured instead": [...row.landed].join(", ") || "—",
    "load (1 min)": Number(os.loadavg()[0]!.toFixed(2)),
  }));
}
