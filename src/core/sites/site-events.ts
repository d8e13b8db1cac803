import { EventEmitter } from "node:events";

/**
 * "This site changed": every cache of a site (host lookup, rendered pages, page model, snapshot) listens and drops
 * its entries. Operations that change what a site serves emit it after their write.
 */
export type SiteEvents = {
  emitSiteChanged(siteId: string): void;
  /** Returns a function that stops listening. */
  onSiteChanged(listener: (siteId: string) => void): () => void;
  close(): void;
};

/** Site events within this process. */
export function createSiteEvents(): SiteEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    emitSiteChanged: (siteId) => void emitter.emit("site-changed", siteId),
    onSiteChanged(listener) {
      emitter.on("site-changed", listener);
      return () => void emitter.off("site-changed", listener);
    },
    close: () => void emitter.removeAllListeners(),
  };
}
