import type { BillingDeps } from "@/core/billing/site-plan";
import { findPublishedSite, type PublishedSite } from "@/core/sites/find-published-site";
import { findFormerHost } from "@/core/sites/find-former-host";
import { monotonicMs } from "@/lib/clock";
import type { HostTarget } from "./classify-host";

/**
 * Host → site, cached in memory (unknown hosts too, briefly) and dropped when the site changes ("site:changed" on the
 * runtime's bus, docs/contracts.md §3; a subscription change emits it too, so a lapsed plan applies at once). The TTL bounds
 * staleness when another process changed it. The site's features come with it: no query per request for the plan.
 * A host no site has may be a site's former address: asked only then, and cached the same way.
 * When the database can't be asked, a host this process knew keeps its last answer (a published site keeps being
 * served, a locked one stays locked: the password comes with the site) until the database answers again.
 */

export type { PublishedSite };

const TTL_MS = 5_000;
const MAX_HOSTS = 10_000;
/** While the database is failing, a host's last answer is trusted this long before asking again. */
const RETRY_AFTER_FAILURE_MS = 1_000;

export function createSiteLookup(deps: BillingDeps, appsDomain: string) {
  const cache = new Map<string, { site: PublishedSite | null; expires: number; siteId?: string; movedTo?: string }>();

  return {
    /** The cached answer while it is fresh (undefined: ask `find`); keeps the cached page path free of awaits. */
    peek(target: Extract<HostTarget, { kind: "site" }>): PublishedSite | null | undefined {
      const hit = cache.get(target.host);
      return hit && hit.expires > monotonicMs() ? hit.site : undefined;
    },
    async find(target: Extract<HostTarget, { kind: "site" }>): Promise<PublishedSite | null> {
      const key = target.host;
      const hit = cache.get(key);
      if (hit && hit.expires > monotonicMs()) return hit.site;
      let site: PublishedSite | null;
      let moved: Awaited<ReturnType<typeof findFormerHost>>;
      try {
        site = await findPublishedSite(deps, target, appsDomain);
        moved = !site && target.hostKey ? await findFormerHost(deps.db, target.hostKey, appsDomain) : null;
      } catch (err) {
        if (!hit) throw err;
        hit.expires = monotonicMs() + RETRY_AFTER_FAILURE_MS;
        return hit.site;
      }
      if (cache.size > MAX_HOSTS) cache.clear();
      cache.set(key, { site, expires: monotonicMs() + TTL_MS, siteId: site?.id ?? moved?.siteId, movedTo: moved?.origin });
      return site;
    },
    /** For a host with no site (after `find`/`peek`): the origin its site moved to, if it is a former address. */
    movedTo(target: Extract<HostTarget, { kind: "site" }>): string | undefined {
      return cache.get(target.host)?.movedTo;
    },
    /** Forget a site (or, with no id, everything). */
    invalidate(siteId?: string): void {
      for (const [key, entry] of cache) if (!siteId || entry.siteId === siteId || !entry.site) cache.delete(key);
    },
  };
}
