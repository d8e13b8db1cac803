import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "./client";

/** A message channel between every process on one PostgreSQL database (LISTEN/NOTIFY). */
export type ClusterChannel = {
  /** Sends to every other process listening on the channel (not back to this one). */
  publish(message: string): Promise<void>;
  close(): Promise<void>;
};

export type ClusterChannelOptions = {
  databaseUrl: string;
  /** The process's pool, to send on (a publish works while the listener reconnects). */
  db: Db;
  /** A PostgreSQL identifier: lower-case letters, digits and underscores. */
  channel: string;
  onMessage(message: string): void;
  /** After a lost connection is back: messages sent meanwhile were missed, so the caller may drop everything. */
  onReconnected?(): void;
  /** The `application_name` of the listening session (as the process's pool's). */
  applicationName?: string;
};

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * LISTENs on `channel` through one dedicated connection (a pooled one would be handed to other queries and lose the
 * LISTEN) and reconnects with backoff when it drops. Messages are tagged with this process's id so its own come back
 * ignored: the sender applies its change locally at once.
 */
export async function openClusterChannel(opts: ClusterChannelOptions): Promise<ClusterChannel> {
  if (!/^[a-z_][a-z0-9_]*$/.test(opts.channel)) throw new Error(`invalid channel name: ${opts.channel}`);
  const self = crypto.randomUUID();
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5_000, application_name: opts.applicationName });
    client.on("notification", (n) => {
      if (n.channel !== opts.channel || !n.payload) return;
      const cut = n.payload.indexOf(":");
      if (cut < 0 || n.payload.slice(0, cut) === self) return;
      opts.onMessage(n.payload.slice(cut + 1));
    });
    const lost = (err?: Error) => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners("error");
      client.on("error", () => undefined);
      void client.end().catch(() => undefined);
      if (closed) return;
      console.error(`[db] LISTEN ${opts.channel} connection lost${err ? `: ${err.message}` : ""}; reconnecting`);
      scheduleReconnect();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${opts.channel}`);
    } catch (err) {
      client.on("error", () => undefined);
      void client.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listener = client;
    retryMs = RETRY_MIN_MS;
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => opts.onReconnected?.(),
        (err: Error) => {
          if (closed) return;
          console.error(`[db] LISTEN ${opts.channel} reconnect failed: ${err.message}`);
          retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  await connect();

  return {
    async publish(message) {
      await opts.db.execute(sql`select pg_notify(${opts.channel}, ${`${self}:${message}`})`);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
