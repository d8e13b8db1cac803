import { LRUCache } from "lru-cache";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteModelOf, type SiteModel } from "@/site-model/site-model";
import { pagesUnder, positionsOf, type LanguageEdition } from "@/site-model/site-languages";
import { languageSitesOf, mainSiteOf, servedLanguageOf } from "./languages";
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
  const snapshots = new WeakMap<SiteModel, SiteSnapshot>();
  const editionsByModel = new WeakMap<SiteModel, LanguageEdition[]>();

  return {
    /** The site's page model for this snapshot; null when the snapshot cannot be read as the site's type. */
    modelOf(site: PublishedSite, snapshot: SiteSnapshot): SiteModel | null {
      const language = servedLanguageOf(site);
      const key = language ? `${site.id}\n${language}` : site.id;
      const hit = models.get(key);
      if (hit && hit.version === snapshot.version) return hit.model;
      // An extra language: its own root's pages only, read as the site's type (docs/languages.md).
      const model = language
        ? siteModelOf({ siteType: site.siteType, notionPageId: site.notionPageId, settings: { ...site.settings, versions: [], languages: [] } }, { pages: pagesUnder(site.notionPageId, snapshot.pages) })
        : siteModelOf(site, snapshot);
      models.set(key, { version: snapshot.version, model });
      if (model) snapshots.set(model, snapshot);
      return model;
    },

    /**
     * The site's languages with their pages' positions, for the switcher and hreflang: none for a site in one
     * language. Built once per model (a model is per snapshot version); a language whose model fails is left out.
     */
    editionsOf(site: PublishedSite, model: SiteModel): { current: string; all: LanguageEdition[] } | undefined {
      const views = languageSitesOf(site);
      const snapshot = snapshots.get(model);
      if (!views.size || !snapshot) return undefined;
      let editions = editionsByModel.get(model);
      if (!editions) {
        const main = mainSiteOf(site);
        const mainModel = main === site ? model : this.modelOf(main, snapshot);
        editions = [];
        if (mainModel) editions.push({ language: main.settings.language ?? mainModel.contentLanguage, basePath: main.basePath, positions: positionsOf(mainModel) });
        for (const [language, view] of views) {
          const viewModel = view === site ? model : this.modelOf(view, snapshot);
          if (viewModel) editions.push({ language, basePath: view.basePath, positions: positionsOf(viewModel) });
        }
        editionsByModel.set(model, editions);
      }
      return { current: servedLanguageOf(site) ?? editions[0]?.language ?? "", all: editions };
    },

    /** A cached response for this site, path and content version, rendered on a miss. */
    cached(site: PublishedSite, snapshot: SiteSnapshot, key: string, render: () => CachedResponse): CachedResponse {
      // An extra language's pages have the same paths below their prefix: the language is part of the key.
      const full = `${site.id}\n${servedLanguageOf(site) ?? ""}:${snapshot.version}:${site.stamp}\n${key}`;
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
      for (const key of [...models.keys()]) if (key === siteId || key.startsWith(prefix)) models.delete(key);
    },

    get modelCount(): number {
      return models.size;
    },
  };
}

export type SiteCache = ReturnType<typeof createSiteCache>;
