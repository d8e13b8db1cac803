import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/db/client";
import { openClusterChannel, type ClusterChannel } from "@/db/pg-channel";
import { tempDataDir } from "../../helpers/app-server";
import { createTestDatabase } from "../../helpers/test-database";

/** LISTEN/NOTIFY between two "processes" (two channels with their own connections) on one PostgreSQL database. */

let databaseUrl: string;
let database: Database;
const open: ClusterChannel[] = [];
beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  database = await openDatabase({ databaseUrl, dataDir: tempDataDir("db-") });
});
afterAll(async () => {
  for (const c of open) await c.close();
  await database?.close();
});

async function channel(received: string[], onReconnected?: () => void) {
  const c = await openClusterChannel({ databaseUrl, db: database.db, channel: "test_events", onMessage: (m) => received.push(m), onReconnected });
  open.push(c);
  return c;
}
const until = async (check: () => boolean, ms = 5_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("the cluster channel", () => {
  it("delivers a message to the other listeners, not back to the sender", async () => {
    const gotA: string[] = [];
    const gotB: string[] = [];
    const a = await channel(gotA);
    await channel(gotB);
    await a.publish("site-1");
    await until(() => gotB.length === 1);
    expect(gotB).toEqual(["site-1"]);
    await new Promise((r) => setTimeout(r, 100));
    expect(gotA).toEqual([]);
  });

  it("reconnects after its connection is killed and receives again", async () => {
    const got: string[] = [];
    let reconnected = 0;
    await channel(got, () => reconnected++);
    const sender = await channel([]);
    // Kill every LISTEN connection of this database (as a server restart or a network cut would).
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`);
    await until(() => reconnected === 1);
    await sender.publish("site-2");
    await until(() => got.includes("site-2"));
  });

  it("refuses a channel name that is not a plain identifier", async () => {
    await expect(openClusterChannel({ databaseUrl, db: database.db, channel: "x; drop table users", onMessage: () => undefined })).rejects.toThrow(/invalid channel/);
  });
});
