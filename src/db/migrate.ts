import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./client";

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "../../drizzle");
// Any constant: serialises concurrent starts against one PostgreSQL so migrations run once.
const MIGRATION_LOCK_KEY = 727_001;

/** Applies pending migrations before the server accepts requests. Same SQL on PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  await database.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
  try {
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await database.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
  }
}
