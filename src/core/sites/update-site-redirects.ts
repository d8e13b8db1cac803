import type { SiteEvents } from "@/core/sites/site-events";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteRedirects, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { linkFieldSchema } from "@/lib/link-field";
import { canonicalPath } from "@/lib/url-path";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

const path = z
  .string()
  .trim()
  .max(1024)
  .regex(/^\/[^?#\s]*$/, "A redirect source must be a path starting with /, without ? or #")
  .transform((p) => (p.length > 1 ? p.replace(/\/+$/, "") : p));

export const updateSiteRedirectsInput = z
  .object({
    siteId: z.string().min(1).max(64),
    redirects: z
      .array(z.object({ from: path, to: linkFieldSchema.pipe(z.string().trim().min(1).max(2048)), permanent: z.boolean() }).strict())
      .max(500),
  })
  .strict();

/**
 * docs/product.md §7 updateSiteRedirects: replaces the owner's redirects (renamed posts' automatic ones stay). Sources are
 * paths, targets pass the link rule (docs/product.md §5); duplicates, self-redirects and cycles are refused. All or nothing.
 */
export async function updateSiteRedirects(deps: { db: Db; siteEvents: SiteEvents }, ownerId: string, input: z.input<typeof updateSiteRedirectsInput>) {
  const { siteId, redirects } = updateSiteRedirectsInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  // Paths compared in their canonical form: "/配置中心" and "/%E9%85%8D%E7%BD%AE…" are one address.
  const same = (p: string) => canonicalPath(p) ?? p;
  const targetPath = (to: string) => (to.startsWith("/") ? same(to.split(/[?#]/)[0]!.replace(/(.)\/+$/, "$1")) : null);
  const byFrom = new Map<string, string>();
  for (const r of redirects) {
    if (byFrom.has(same(r.from))) throw new AppError("VALIDATION", `There are two redirects from ${r.from}`);
    if (targetPath(r.to) === same(r.from)) throw new AppError("VALIDATION", `The redirect from ${r.from} points to itself`);
    byFrom.set(same(r.from), r.to);
  }
  for (const start of byFrom.keys()) {
    const seen = new Set([start]);
    let next = targetPath(byFrom.get(start)!);
    while (next && byFrom.has(next)) {
      if (seen.has(next)) throw new AppError("VALIDATION", `The redirects from ${start} go round in a circle`);
      seen.add(next);
      next = targetPath(byFrom.get(next)!);
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(siteRedirects).where(and(eq(siteRedirects.siteId, site.id), eq(siteRedirects.source, "owner")));
    // An owner redirect replaces an automatic one from the same path.
    for (const r of redirects) {
      await tx.delete(siteRedirects).where(and(eq(siteRedirects.siteId, site.id), eq(siteRedirects.fromPath, r.from)));
      await tx.insert(siteRedirects).values({ siteId: site.id, fromPath: r.from, toUrl: r.to, permanent: r.permanent, source: "owner" });
    }
    await tx.update(sites).set({ updatedAt: sql`now()` }).where(eq(sites.id, site.id));
  });
  deps.siteEvents.emitSiteChanged(site.id);
  return { siteId: site.id, redirects: redirects.map((r) => ({ from: r.from, to: r.to, permanent: r.permanent })) };
}
