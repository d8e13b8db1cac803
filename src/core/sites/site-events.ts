import { EventEmitter } from "node:events";

/**
 * "This site changed": every cache of a site (host lookup, rendered pages, page model, snapshot) listens and drops
 * its entries. Operations that change what a site serves emit it after their write.
 */
export type SiteEvents = {
  emitSiteChanged(siteId: string): void;
  /** Returns a function that stops listening. */
  onSiteChanged(listener: (siteId: string) => void): () => void;
  close(): Promise<void>;
};

/** How site events reach other processes (PostgreSQL LISTEN/NOTIFY: src/db/pg-channel.ts). */
export type SiteEventsTransport = {
  publish(siteId: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * Site events within this process, and with a transport across processes too: an emit applies here at once and is
 * published to the others, whose `receive` (wired to the transport's messages) applies it there.
 */
export function createSiteEvents(transport?: SiteEventsTransport): SiteEvents & { receive(siteId: string): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  const local = (siteId: string) => void emitter.emit("site-changed", siteId);
  return {
    emitSiteChanged(siteId) {
      local(siteId);
      // A lost publish leaves other processes' caches until their next refresh: logged, never thrown at the caller.
      transport?.publish(siteId).catch((err: Error) => console.error(`[site-events] publish failed for ${siteId}: ${err.message}`));
    },
    receive: local,
    onSiteChanged(listener) {
      emitter.on("site-changed", listener);
      return () => void emitter.off("site-changed", listener);
    },
    async close() {
      emitter.removeAllListeners();
      await transport?.close();
    },
  };
}
