import { spawn, type ChildProcess } from "node:child_process";
import dns from "node:dns/promises";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/helpers/app-server";
import { startSitesApp, workspaceIndex } from "../tests/helpers/sites";
import { proxyExamples } from "../src/lib/docs-path-proxy";

/**
 * `npm run check:proxy-examples`: runs the nginx, Caddy and Next.js examples of /docs/features/hosting-under-a-docs-path
 * for real (nginx and Caddy from Debian's packages, Next.js from this project's node_modules) in front of a real docs
 * site, and checks pages, links, assets, search and canonical URLs under /docs. Not part of `npm test` because it
 * needs nginx and Caddy;
 * the test suite checks the same behaviour with a Node proxy and the Cloudflare Worker example
 * (tests/integration/marketing/docs-path-proxy.test.ts).
 *
 * The proxies must resolve the site's address. Node and nginx don't resolve *.localhost, so the site gets this
 * machine's host name (which resolves to loopback) as a verified custom domain and that is its address here.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const hostName = os.hostname();
const resolved = await dns.lookup(hostName).catch(() => null);
if (!resolved || !/^127\./.test(resolved.address)) {
  console.error(`This check needs the host name "${hostName}" to resolve to 127.0.0.1 (it resolves to ${resolved?.address ?? "nothing"}).`);
  process.exit(2);
}

type Result = { proxy: string; checks: number; failures: string[] };
const results: Result[] = [];

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    if (await fetch(url, { redirect: "manual" }).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}:\n${output()}`);
}

function run(cmd: string, args: string[], cwd: string): { child: ChildProcess; output: () => string } {
  let out = "";
  const child = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

async function checkThrough(proxy: string, start: (siteAddress: string, port: number) => Promise<() => void>): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const s = await startSitesApp([{ siteType: "docs", page: workspaceIndex.docs!, customDomain: hostName, settings: { name: "Lumen Docs", publicUrl: `${base}/docs` } }]);
  const failures: string[] = [];
  let checks = 0;
  const check = (ok: boolean, what: string) => {
    checks++;
    if (!ok) failures.push(what);
  };
  let stop: (() => void) | null = null;
  try {
    stop = await start(`http://${hostName}:${s.app.port}`, port);
    const bare = await fetch(`${base}/docs`, { redirect: "manual" });
    check(bare.status === 200 || [301, 302, 307, 308].includes(bare.status), `/docs answers ${bare.status}`);
    const home = await fetch(`${base}/docs/`);
    const html = await home.text();
    check(home.status === 200, `/docs/ answers ${home.status}`);
    check(html.includes(`<link rel="canonical" href="${base}/docs/"/>`), "canonical URL of the home is on the owner's domain");
    const local = [...new Set([...html.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")))];
    check(local.length > 5, `found ${local.length} local links`);
    for (const h of local) check(h.startsWith("/docs/"), `link outside /docs: ${h}`);
    for (const h of local.slice(0, 40)) {
      const res = await fetch(`${base}${h}`);
      await res.arrayBuffer();
      check(res.status === 200, `${h} answers ${res.status}`);
    }
    const deep = await (await fetch(`${base}/docs/getting-started/installing-on-your-framework/nextjs`)).text();
    check(deep.includes(`<link rel="canonical" href="${base}/docs/getting-started/installing-on-your-framework/nextjs"/>`), "deep page canonical");
    const search = await fetch(`${base}/docs/_/search?q=install`, { headers: { accept: "application/json" } });
    const { results: hits } = (await search.json()) as { results: { url: string }[] };
    check(hits.length > 0 && hits.every((r) => r.url.startsWith("/docs/")), "search results under /docs");
    const sitemap = await (await fetch(`${base}/docs/sitemap.xml`)).text();
    check(sitemap.includes(`<loc>${base}/docs/</loc>`), "sitemap lists the owner's URLs");
  } catch (err) {
    failures.push(String(err));
  } finally {
    stop?.();
    await s.stop();
  }
  results.push({ proxy, checks, failures });
}

// nginx: the example's location blocks, verbatim, inside a minimal server.
const nginxBin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
if (nginxBin) {
  await checkThrough("nginx", async (siteAddress, port) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-check-"));
    const example = proxyExamples({ publicUrl: `http://127.0.0.1:${port}/docs`, siteAddress }).nginx;
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/${t};`).join(" ");
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n access_log off;\n ${temp}\n server {\n  listen 127.0.0.1:${port};\n${example}\n  location / { return 404 "the owner's own site"; }\n }\n}\n`,
    );
    const nginx = run(nginxBin, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], dir);
    await waitFor(`http://127.0.0.1:${port}/`, nginx.child, nginx.output);
    return () => nginx.child.kill("SIGTERM");
  });
} else {
  results.push({ proxy: "nginx", checks: 0, failures: ["not installed (apt-get install -y nginx)"] });
}

// Caddy: the example's site block, with this check's address as the site label and HTTPS off.
const caddyBin = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((p) => fs.existsSync(p));
if (caddyBin) {
  await checkThrough("Caddy", async (siteAddress, port) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "caddy-check-"));
    const example = proxyExamples({ publicUrl: `http://127.0.0.1:${port}/docs`, siteAddress }).caddy;
    const site = example.replace(/^[^\n{]+\{/, `http://127.0.0.1:${port} {`).replace("# … the rest of your site", `respond "the owner's own site" 404`);
    fs.writeFileSync(path.join(dir, "Caddyfile"), `{\n\tadmin off\n\tauto_https off\n\tstorage file_system ${dir}\n}\n\n${site}\n`);
    const caddy = run(caddyBin, ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], dir);
    await waitFor(`http://127.0.0.1:${port}/`, caddy.child, caddy.output);
    return () => caddy.child.kill("SIGTERM");
  });
} else {
  results.push({ proxy: "Caddy", checks: 0, failures: ["not installed (apt-get install -y caddy)"] });
}

// Next.js: the example's next.config.js in a one-page app, `next dev` from this project's node_modules.
await checkThrough("Next.js rewrites", async (siteAddress, port) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "next-check-"));
  fs.writeFileSync(path.join(dir, "next.config.js"), proxyExamples({ publicUrl: `http://127.0.0.1:${port}/docs`, siteAddress }).nextjs);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true }));
  fs.mkdirSync(path.join(dir, "app"));
  fs.writeFileSync(path.join(dir, "app/layout.js"), "export default function L({ children }) { return <html><body>{children}</body></html>; }\n");
  fs.writeFileSync(path.join(dir, "app/page.js"), "export default function P() { return <p>the owner's own site</p>; }\n");
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const next = run(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "dev", "--port", String(port), "--hostname", "127.0.0.1"], dir);
  await waitFor(`http://127.0.0.1:${port}/`, next.child, next.output);
  return () => next.child.kill("SIGTERM");
});

for (const r of results) {
  console.log(`${r.failures.length ? "FAIL" : "ok  "} ${r.proxy}: ${r.checks - r.failures.length}/${r.checks} checks passed`);
  for (const f of r.failures) console.log(`     - ${f}`);
}
process.exit(results.some((r) => r.failures.length) ? 1 : 0);
