/**
 * `npm run export -- <subdomain or domain> <dir>`: a published site as static files (docs/published-sites.md
 * "A static copy"). It opens the product's database as `npm start` would (same environment: DATA_DIR or DATABASE_URL;
 * on PGlite, stop the server first: its data is one process's) and renders every page through the site server, on a
 * loopback port only this process uses.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigError, parseEnv } from "@/env";
import { AppError } from "@/lib/errors";
import { closeRuntime, createRuntime } from "@/runtime/create-runtime";
import { setRuntime } from "@/runtime";
import { createSiteServer } from "@/site-server";
import { findExportableSite } from "@/core/export/find-exportable-site";
import { exportSite, type SiteAnswer } from "@/core/export/export-site";
import { DataDirLockedError } from "@/db/data-dir-lock";

async function main(): Promise<number> {
  const [name, dir] = process.argv.slice(2);
  if (!name || !dir) {
    console.error("Usage: npm run export -- <subdomain or domain> <dir>");
    return 2;
  }
  // On PostgreSQL a sites process: it serves and asks the workers for refreshes. PGlite allows only the all-in-one role.
  const env = parseEnv({ ...process.env, PAGEWRIGHT_ROLE: process.env.DATABASE_URL ? "sites" : "all", SOCIAL_CARDS_AT_PUBLISH: "0", NODE_ENV: process.env.NODE_ENV ?? "production" });
  const runtime = await createRuntime(env);
  setRuntime(runtime);
  const server = http.createServer();
  try {
    const { site, address } = await findExportableSite({ db: runtime.db, billingEnabled: env.billingEnabled }, name, env.APPS_DOMAIN);
    // The export copies the cached snapshot; a site never read yet is read once first (a visitor's first visit
    // would wait only a few seconds for it, a big site takes longer).
    if (!(await runtime.content.getSnapshot(site.id))) {
      console.log(`[export] ${name} has not been read from Notion yet: reading it first…`);
      const result = await runtime.content.refresh(site.contentRef);
      if (result.status === "failed") throw new AppError("UPSTREAM", `The site's Notion page could not be read: ${result.message}`);
    }
    const handle = createSiteServer(runtime);
    const host = address.customDomain ?? `${address.hostKey}.${env.APPS_DOMAIN}`;
    const target = { kind: "site" as const, host, hostKey: address.hostKey ?? null, customDomain: address.customDomain ?? null };
    server.on("request", (req, res) => {
      void Promise.resolve(handle(req, res, target)).catch((err: unknown) => {
        console.error(`[export] ${req.url}:`, err);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string): Promise<SiteAnswer> => {
      const res = await fetch(`${base}${path}`, { redirect: "manual" });
      return { status: res.status, contentType: res.headers.get("content-type") ?? "", location: res.headers.get("location"), body: Buffer.from(await res.arrayBuffer()) };
    };
    const started = performance.now();
    const summary = await exportSite({ get, origin: site.origin, basePath: site.basePath, dir });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`[export] ${summary.pages.length} pages, ${summary.files} files, ${(summary.bytes / 1024).toFixed(0)} KB written to ${dir} in ${seconds} s`);
    for (const s of summary.skipped) console.log(`[export] skipped ${s.path} (${s.status})`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`[export] ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    server.close();
    await closeRuntime(runtime);
    setRuntime(undefined);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof DataDirLockedError ? `[export] ${err.message}` : err);
    process.exit(1);
  },
);
