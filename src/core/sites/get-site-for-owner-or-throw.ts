import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sites, type SiteRow } from "@/db/schema";
import { AppError } from "@/lib/errors";

/** The site, if this user owns it. Someone else's site and a missing one look the same: not found. */
export async function getSiteForOwnerOrThrow(db: Db, ownerId: string, siteId: string): Promise<SiteRow> {
  const [site] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), eq(sites.ownerId, ownerId)))
    .limit(1);
  if (!site) throw new AppError("NOT_FOUND", "Site not found");
  return site;
}
