import crypto from "node:crypto";
import pg from "pg";

export type TestDbMode = "pglite" | "postgres";

/** Integration tests run once on PGlite and once on PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL). */
export function testDbMode(): TestDbMode {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** Creates an empty database on the TEST_DATABASE_URL server and returns its URL. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres)");
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
