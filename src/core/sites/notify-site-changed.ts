import type { EventEmitter } from "node:events";

/** The event the site server listens to (CONTRACTS §3): drop cached lookups, pages and models of this site. */
export const SITE_CHANGED = "site:changed";

export function notifySiteChanged(bus: EventEmitter, siteId: string): void {
  bus.emit(SITE_CHANGED, siteId);
}
