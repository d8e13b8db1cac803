import type { IncomingMessage, ServerResponse } from "node:http";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Runtime } from "@/runtime";
import { sites } from "@/db/schema";
import { sendPlainHtml } from "./respond";
import type { HostTarget } from "./classify-host";

/**
 * Published sites, served outside Next.js (DESIGN §3). For now it resolves the host to a site and answers
 * "Site not found" for unknown hosts; page rendering comes with the published-sites work.
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
      .select({ id: sites.id, settings: sites.settings, status: sites.status })
      .from(sites)
      .where(where)
      .limit(1);
    if (!site) {
      sendPlainHtml(res, 404, "Site not found", "There is no site at this address.");
      return;
    }
    sendPlainHtml(res, 503, "Site not ready", "This site has no published content yet.");
  };
}
