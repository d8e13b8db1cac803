import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { csvCell } from "@/lib/csv-cell";

export const siteIdOnly = z.object({ siteId: z.string().min(1).max(64) }).strict();


/** docs/product.md §7 siteSubscribersToCsv: the site's subscribers as CSV (email, status, subscribed at, confirmed at). */
export async function siteSubscribersToCsv(db: Db, ownerId: string, input: z.input<typeof siteIdOnly>) {
  const { siteId } = siteIdOnly.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const rows = await db.select().from(subscribers).where(eq(subscribers.siteId, site.id)).orderBy(asc(subscribers.createdAt));
  const lines = [["email", "status", "subscribed_at", "confirmed_at"].join(",")];
  for (const r of rows) lines.push([r.email, r.status, r.createdAt.toISOString(), r.confirmedAt?.toISOString() ?? ""].map(csvCell).join(","));
  return { fileName: `${site.subdomain}-subscribers.csv`, csv: `${lines.join("\n")}\n` };
}
