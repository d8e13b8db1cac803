import { openDatabase, type Database } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { users, sites } from "@/db/schema";
import { siteHostKey } from "@/lib/site-address";
import { type SiteType } from "@/lib/site-types";
import { tempDataDir } from "./app-server";
import { migratedPgliteDataDir } from "./pglite-template";
import { createTestDatabase, testDbMode } from "./test-database";

/** A migrated database in this process: PGlite in a temp dir, or a fresh PostgreSQL database under TEST_DB=postgres. */
export async function openTestDatabase(): Promise<Database> {
  const databaseUrl = testDbMode() === "postgres" ? await createTestDatabase() : undefined;
  const database = await openDatabase({ dataDir: databaseUrl ? tempDataDir("db-") : await migratedPgliteDataDir("db-"), databaseUrl });
  await migrateDatabase(database);
  return database;
}

let counter = 0;
/** A user and one site of theirs pointing at a Notion page. */
export async function insertSite(database: Database, siteType: SiteType, notionPageId: string, settings: object = {}) {
  counter += 1;
  const [user] = await database.db
    .insert(users)
    .values({ email: `owner${counter}-${Date.now()}@example.com`, createdVia: "test-login" })
    .returning();
  const subdomain = `site${counter}${Math.random().toString(36).slice(2, 7)}`;
  const [site] = await database.db
    .insert(sites)
    .values({
      ownerId: user!.id,
      siteType,
      subdomain,
      hostKey: siteHostKey({ siteType, subdomain }),
      notionPageId,
      notionPageUrl: `https://www.notion.so/${notionPageId.replace(/-/g, "")}`,
      settings,
    })
    .returning();
  return { user: user!, site: site! };
}
