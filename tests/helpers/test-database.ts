import crypto from "node:crypto";
import pg from "pg";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { migrationsHash } from "./migrations-hash";

export type TestDbMode = "pglite" | "postgres";

/** Integration tests run once on PGlite and once on PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL). */
export function testDbMode(): TestDbMode {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

// Any constant other than the app's migration lock: serialises test processes making the template on one server.
const TEMPLATE_LOCK_KEY = 727_002;

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)");
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
}

/**
 * Running every migration on an empty database costs a server start about a second; copying a migrated database
 * (`create database … template …`) costs a fraction of that. The template is made once per set of migrations and
 * server, by `migrateDatabase` on an empty database (so that path still runs), under a temporary name renamed into
 * place only when complete. An advisory lock keeps two test processes from making it at once.
 */
async function migratedTemplate(): Promise<string> {
  const name = `pagewright_template_${migrationsHash().digest("hex").slice(0, 16)}`;
  return withAdmin(async (client) => {
    if (await databaseExists(client, name)) return name;
    await client.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      if (await databaseExists(client, name)) return name; // another process made it while we waited
      const making = `${name}_making`;
      // Left by a run that died half way: nobody else makes it while we hold the lock.
      await client.query(`drop database if exists ${making}`);
      await client.query(`create database ${making}`);
      const database = await openDatabase({ databaseUrl: databaseUrl(making), dataDir: "" });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      // Renaming (like copying) waits a few seconds for the closed sessions to be gone, then fails if any is left.
      await client.query(`alter database ${making} rename to ${name}`);
      return name;
    } finally {
      await client.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
}

let template: Promise<string> | undefined;

/**
 * A new database of its own on the TEST_DATABASE_URL server, and its URL: a copy of the migrated template, or
 * `{ empty: true }` for a test that proves a server migrates a database from nothing.
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<string> {
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  if (opts.empty) {
    await withAdmin((client) => client.query(`create database ${name}`));
    return databaseUrl(name);
  }
  template ??= migratedTemplate();
  // A failed attempt (e.g. the server was down) is not remembered: the next test tries again.
  const source = await template.catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  await withAdmin((client) => client.query(`create database ${name} template ${source}`));
  return databaseUrl(name);
}
