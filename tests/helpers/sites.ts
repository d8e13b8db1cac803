import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { siteRedirects, sites } from "@/db/schema";
import { hashSitePassword } from "@/core/sites/update-site-password";
import { siteHostKey } from "@/lib/site-address";
import { type SiteType } from "@/lib/site-types";
import { createNotionStub, type NotionStub } from "../../tools/notion-stub/server";
import { startApp, tempDataDir, type AppProcess } from "./app-server";
import { migratedPgliteDataDir } from "./pglite-template";
import { rawRequest, type RawResponse } from "./raw-request";
import { insertSite } from "./test-db";
import { createTestDatabase, testDbMode } from "./test-database";

export const WORKSPACE = path.resolve(import.meta.dirname, "../../tools/notion-stub/workspace");
export const workspaceIndex = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "index.json"), "utf8")) as Record<string, string> & {
  docsv2Versions: Record<string, string>;
};
export const pageIdOf = (url: string) => {
  const hex = /([0-9a-f]{32})$/.exec(url)![1]!;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export type SiteSeed = {
  siteType: SiteType;
  page: string;
  settings?: object;
  customDomain?: string;
  status?: "published" | "paused";
  /** Protects the site with this password. */
  password?: string;
  redirects?: { fromPath: string; toUrl: string; permanent: boolean }[];
};

export type SitesApp = {
  app: AppProcess;
  stub: NotionStub;
  /** Host header of the n-th seeded site (its subdomain address). */
  hosts: string[];
  siteIds: string[];
  /** Email of each seeded site's owner (a test-login account, so tests can sign in as them). */
  ownerEmails: string[];
  get(host: string, path: string, headers?: Record<string, string>): Promise<RawResponse>;
  stop(): Promise<void>;
};

/**
 * The real server against the Notion stand-in serving the demo workspace (or `dataDir`), with sites seeded in its
 * database before it starts (PGlite is one process's).
 */
export async function startSitesApp(
  seeds: SiteSeed[],
  opts: {
    env?: Record<string, string>;
    workspaceDir?: string;
    beforeStart?: (db: Database["db"]) => Promise<void>;
    /** PostgreSQL: the address the server is given for its (seeded) database, e.g. through a proxy the test controls. */
    serverDatabaseUrl?: (databaseUrl: string) => string;
  } = {},
): Promise<SitesApp> {
  const stub = await createNotionStub({ dataDir: opts.workspaceDir ?? WORKSPACE });
  const databaseUrl = testDbMode() === "postgres" ? await createTestDatabase() : undefined;
  const dataDir = databaseUrl ? tempDataDir() : await migratedPgliteDataDir();
  const database = await openDatabase({ dataDir, databaseUrl });
  const siteIds: string[] = [];
  const ownerEmails: string[] = [];
  const hostKeys: string[] = [];
  try {
    await migrateDatabase(database);
    for (const seed of seeds) {
      const { site, user } = await insertSite(database, seed.siteType, pageIdOf(seed.page), seed.settings ?? {});
      ownerEmails.push(user.email);
      if (seed.customDomain) {
        await database.db.update(sites).set({ customDomain: seed.customDomain, customDomainVerifiedAt: new Date() }).where(eq(sites.id, site.id));
      }
      if (seed.status) await database.db.update(sites).set({ status: seed.status }).where(eq(sites.id, site.id));
      if (seed.password) await database.db.update(sites).set({ passwordHash: await hashSitePassword(seed.password) }).where(eq(sites.id, site.id));
      if (seed.redirects?.length) await database.db.insert(siteRedirects).values(seed.redirects.map((r) => ({ ...r, siteId: site.id })));
      siteIds.push(site.id);
      hostKeys.push(siteHostKey({ siteType: seed.siteType, subdomain: site.subdomain }));
    }
    await opts.beforeStart?.(database.db);
  } finally {
    await database.close();
  }
  const app = await startApp({
    dataDir,
    databaseUrl,
    env: {
      NOTION_API_BASE: stub.apiBaseUrl,
      NOTION_FILE_HOSTS: stub.url,
      ...(databaseUrl && opts.serverDatabaseUrl ? { DATABASE_URL: opts.serverDatabaseUrl(databaseUrl) } : {}),
      ...opts.env,
    },
  });
  return {
    app,
    stub,
    siteIds,
    ownerEmails,
    hosts: hostKeys.map((k) => `${k}.localhost:${app.port}`),
    get: (host, p, headers = {}) => rawRequest(`${app.url}${p}`, { host, headers }),
    stop: async () => {
      await app.stop();
      await stub.close();
    },
  };
}
