import { LRUCache } from "lru-cache";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteModelOf, type SiteModel } from "@/site-model/site-model";
import type { CachedResponse } from "@/http/page-cache";
import { processCounters } from "@/lib/process-counters";
import type { PublishedSite } from "./site-lookup";

/**
 * The site server's two per-process caches: each site's page model (rebuilt when its snapshot's version changes)
 * and rendered responses keyed by site, content version, row stamp and path. Both are dropped per site when it
 * changes.
 */

/**
 * Page models kept at once, least recently used out first. A model is a few hundred KB for a large site, so this
 * bounds the cache to tens of MB; a site pushed out is rebuilt from its snapshot on its next request (milliseconds).
 */
const MAX_MODELS = 200;

export function createSiteCache(pageCacheBytes = 64 * 1024 * 1024) {
  // Bounded by bytes (body and both compressed forms), least recently used out first; a response larger than a
  // quarter of the cache is served but not kept.
  const pages = new LRUCache<string, CachedResponse>({ maxSize: pageCacheBytes, maxEntrySize: pageCacheBytes / 4, sizeCalculation: (r) => r.size });
  const counts = processCounters().pageCache;
  const models = new LRUCache<string, { version: number; model: SiteModel | null }>({ max: MAX_MODELS });

  return {
    /** The site's page model for this snapshot; null when the snapshot cannot be read as the site's type. */
    modelOf(site: PublishedSite, snapshot: SiteSnapshot): SiteModel | null {
      const hit = models.get(site.id);
      if (hit && hit.version === snapshot.version) return hit.model;
      const model = siteModelOf(site, snapshot);
      models.set(site.id, { version: snapshot.version, model });
      return model;
    },

    /** A cached response for this site, path and content version, rendered on a miss. */
    cached(site: PublishedSite, snapshot: SiteSnapshot, key: string, render: () => CachedResponse): CachedResponse {
      const full = `${site.id}\n${snapshot.version}:${site.stamp}\n${key}`;
      let hit = pages.get(full);
      counts.lookups++;
      if (!hit) {
        counts.renders++;
        hit = render();
        pages.set(full, hit);
      }
      return hit;
    },

    forget(siteId: string): void {
      const prefix = `${siteId}\n`;
      for (const key of [...pages.keys()]) if (key.startsWith(prefix)) pages.delete(key);
      models.delete(siteId);
    },

    get modelCount(): number {
      return models.size;
    },
  };
}

export type SiteCache = ReturnType<typeof createSiteCache>;
