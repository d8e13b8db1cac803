import { openDatabase, type Db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";

/** Opens the same database a server will use (before it starts, or PostgreSQL alongside it), migrated. */
export async function withDatabase<T>(target: { dataDir: string; databaseUrl?: string }, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    await migrateDatabase(database);
    return await fn(database.db);
  } finally {
    await database.close();
  }
}
