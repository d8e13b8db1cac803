import type { IncomingMessage } from "node:http";
import type { SiteEvent } from "@/core/analytics/analytics-recorder";
import { clientAddress } from "@/http/client-address";
import type { Runtime } from "@/runtime";
import type { PublishedSite } from "./site-lookup";

/**
 * Counts one event of a published site for its built-in analytics (docs/product.md), unless the owner turned
 * them off. Never waits: the event joins the recorder's in-memory batch. Bots are dropped there.
 */
export function recordSiteEvent(runtime: Runtime, req: IncomingMessage, site: PublishedSite, event: Omit<SiteEvent, "siteId">): boolean {
  if (!site.settings.analytics.builtIn) return false;
  const visit = { ip: clientAddress(req, runtime.env.TRUST_PROXY), userAgent: String(req.headers["user-agent"] ?? "").slice(0, 512) };
  return runtime.analytics.record({ ...event, siteId: site.id }, visit);
}
