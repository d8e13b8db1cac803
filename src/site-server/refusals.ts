import type { IncomingMessage, ServerResponse } from "node:http";
import type { Method } from "./endpoints/context";
import { safeNext, sendPasswordForm } from "./password-gate";
import { wantsJson } from "./request";
import type { PublishedSite } from "./site-lookup";

/** The pipeline's refusals (./index.ts): a method the path does not take, and a protected site without access. */

export function methodNotAllowed(res: ServerResponse, allowed: readonly Method[]): void {
  res.writeHead(405, { allow: allowed.join(", "), "content-type": "text/plain; charset=utf-8" }).end("Method not allowed");
}

/** A path no endpoint claims that could be a page (not our own /_/ space, not a feed or text file). */
export const isPagePath = (path: string) => !path.startsWith("/_/") && !/\.(xml|txt|md)$/.test(path);

export function refuseLocked(req: IncomingMessage, res: ServerResponse, site: PublishedSite, path: string, showsForm: boolean): void {
  if (req.method === "GET" && showsForm && !wantsJson(req)) return sendPasswordForm(res, site, safeNext(`${site.basePath}${path}`, site.basePath));
  res.writeHead(401, { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store", "x-robots-tag": "noindex" }).end("Password required");
}
