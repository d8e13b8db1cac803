import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { ensureBuild } from "./build-state";

/**
 * `npm run demo` (docs/contracts.md §1): the Notion stand-in serving the demo workspace, the product pointed at it with the
 * test login on, demo@example.com owning one site of every type, and the URLs printed. No internet needed.
 * Data lives in DATA_DIR (default ./data/demo), so the demo never touches your own ./data.
 */
(process.env as Record<string, string | undefined>).NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const PORT = Number(process.env.PORT ?? 3000);
const STUB_PORT = Number(process.env.DEMO_NOTION_PORT ?? 0);
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? "./data/demo");
const WORKSPACE = path.resolve(import.meta.dirname, "../tools/notion-stub/workspace");
const DEMO_EMAIL = "demo@example.com";

ensureBuild();
const { createNotionStub } = await import("../tools/notion-stub/server");
const stub = await createNotionStub({ dataDir: WORKSPACE, port: STUB_PORT });
process.env.NOTION_API_BASE = stub.apiBaseUrl;
process.env.NOTION_FILE_HOSTS = stub.url;
process.env.AUTH_TEST_LOGIN = "1";
// The stand-in is not Notion, and its workspace was last edited long ago: every demo site refreshes at the active pace.
process.env.NOTION_REQUESTS_PER_SECOND ??= "100";
process.env.REVALIDATE_QUIET_SECONDS ??= "0";
process.env.REVALIDATE_IDLE_SECONDS ??= "0";
process.env.DATA_DIR = DATA_DIR;
process.env.PORT = String(PORT);

const index = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "index.json"), "utf8")) as Record<string, string> & { docsv2Versions: Record<string, string> };
const DEMO_SITES = [
  { siteType: "blog", subdomain: "lumen", page: index.blog!, settings: { name: "Lumen Blog", navigation: [{ label: "Docs", href: `http://lumen-docs.localhost:${PORT}/` }] } },
  { siteType: "changelog", subdomain: "lumen", page: index.changelog!, settings: { name: "Lumen Changelog" } },
  { siteType: "roadmap", subdomain: "lumen", page: index.roadmap!, settings: { name: "Lumen Roadmap" } },
  { siteType: "docs", subdomain: "lumen-docs", page: index.docs!, settings: { name: "Lumen Docs", ai: { enabled: true, assistantName: "Lumen Bot", suggestedQuestions: ["How do I send custom events?", "How do I install Lumen on WordPress?"] }, widget: { enabled: true }, languages: [{ language: "ja", notionPageUrl: index.docsJa! }] } },
  {
    siteType: "docsv2",
    subdomain: "lumen",
    page: index.docsv2!,
    settings: { name: "Lumen API Reference", versions: Object.entries(index.docsv2Versions).map(([label, notionPageUrl]) => ({ label, notionPageUrl })) },
  },
  { siteType: "help_desk", subdomain: "lumen-help", page: index.help_desk!, settings: { name: "Lumen Help Center", contactUrl: "mailto:help@lumen.example", ai: { enabled: true } } },
  { siteType: "simple", subdomain: "lumen", page: index.simple!, settings: { name: "Lumen" } },
] as const;

// Seed before the server opens the database (PGlite belongs to one process at a time).
{
  const { openDatabase } = await import("../src/db/client");
  const { migrateDatabase } = await import("../src/db/migrate");
  const { sites, users } = await import("../src/db/schema");
  const { siteHostKey } = await import("../src/lib/site-address");
  const { notionPageIdFromUrl } = await import("../src/notion/inspect-page");
  const database = await openDatabase({ dataDir: DATA_DIR, databaseUrl: process.env.DATABASE_URL || undefined });
  try {
    await migrateDatabase(database);
    const db = database.db;
    let [owner] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
    owner ??= (await db.insert(users).values({ email: DEMO_EMAIL, name: "Demo Owner", createdVia: "test-login" }).returning())[0]!;
    for (const site of DEMO_SITES) {
      const hostKey = siteHostKey(site);
      const [existing] = await db.select({ id: sites.id }).from(sites).where(and(eq(sites.hostKey, hostKey))).limit(1);
      if (existing) continue;
      await db.insert(sites).values({
        ownerId: owner.id,
        siteType: site.siteType,
        subdomain: site.subdomain,
        hostKey,
        notionPageId: notionPageIdFromUrl(site.page)!,
        notionPageUrl: site.page,
        settings: site.settings,
      });
    }
  } finally {
    await database.close();
  }
}

const { siteUrl } = await import("../src/lib/site-address");
const appsDomain = process.env.APPS_DOMAIN ?? `localhost:${PORT}`;
// The website's showcase links each demo site live while the demo runs (src/marketing-site/content/showcase.ts).
process.env.SHOWCASE_URLS ??= DEMO_SITES.map((site) => `${site.siteType}=${siteUrl({ siteType: site.siteType, subdomain: site.subdomain, appsDomain })}/`).join(",");
await (await import("../src/server")).serverReady;
console.log(`\nDemo ready (Notion stand-in on ${stub.url}). Sign in at http://localhost:${PORT}/signin with ${DEMO_EMAIL}.`);
for (const site of DEMO_SITES) console.log(`  ${site.siteType.padEnd(10)} ${siteUrl({ siteType: site.siteType, subdomain: site.subdomain, appsDomain })}/`);
const stop = () => void stub.close();
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
