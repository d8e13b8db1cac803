import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute` result: both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: the `application_name` of this process's sessions (others see in pg_stat_activity that it lives). */
  applicationName?: string;
};

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in DATA_DIR (owned by this process alone). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.applicationName) : openPglite(opts.dataDir);
}

async function openPostgres(url: string, applicationName?: string): Promise<Database> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, application_name: applicationName });
  // An idle client erroring (server restart) must not crash the process; the next query reconnects.
  pool.on("error", (err) => console.error("[db] idle PostgreSQL client error:", err.message));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const client = await PGlite.create(path.join(dataDir, "pglite"));
    const db = drizzle(client, { schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      kind: "pglite",
      ping: async () => {
        if (closed) throw new Error("database is closed");
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
