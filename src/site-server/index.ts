import type { IncomingMessage, ServerResponse } from "node:http";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Runtime } from "@/runtime";
import { sites } from "@/db/schema";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { sendPlainHtml } from "./respond";
import { serveSiteImage } from "./serve-image";
import type { HostTarget } from "./classify-host";

/**
 * Published sites, served outside Next.js (DESIGN §3): host → site → snapshot → response. Serves the image route
 * today; page rendering comes with the published-sites work.
 */
export function createSiteServer(runtime: Runtime) {
  return async function handleSiteRequest(req: IncomingMessage, res: ServerResponse, target: Extract<HostTarget, { kind: "site" }>): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
      return;
    }
    const where = target.hostKey
      ? eq(sites.hostKey, target.hostKey)
      : and(eq(sites.customDomain, target.customDomain ?? ""), isNotNull(sites.customDomainVerifiedAt));
    const [site] = await runtime.db
      .select({ id: sites.id, siteType: sites.siteType, notionPageId: sites.notionPageId, settings: sites.settings, passwordHash: sites.passwordHash })
      .from(sites)
      .where(where)
      .limit(1);
    if (!site) {
      sendPlainHtml(res, 404, "Site not found", "There is no site at this address.");
      return;
    }
    const url = new URL(req.url ?? "/", "http://site.invalid");
    const image = /^\/_\/img\/([^/]+)$/.exec(url.pathname);
    if (image) {
      // Until site passwords land, a protected site's files are simply not served.
      if (site.passwordHash) {
        res.writeHead(401, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("Password required");
        return;
      }
      const snapshot = await runtime.content.getContent(contentSiteOf(site));
      await serveSiteImage(runtime, res, snapshot, image[1]!, url.searchParams, req.headers["if-none-match"], req.method === "HEAD");
      return;
    }
    sendPlainHtml(res, 503, "Site not ready", "This site has no published content yet.");
  };
}
