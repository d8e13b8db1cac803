import { asc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { changelogItemLinks } from "@/db/schema";

export type LinkedPage = { title: string; url: string };

const grouped = (rows: { key: string; title: string; url: string }[]) => {
  const byKey = new Map<string, LinkedPage[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), { title: r.title, url: r.url }]);
  return byKey;
};

/** Per roadmap item page id: the changelog entries that name it ("Shipped in"). */
export async function shippedInOf(db: Db, roadmapSiteId: string): Promise<Map<string, LinkedPage[]>> {
  const rows = await db
    .select({ key: changelogItemLinks.itemPageId, title: changelogItemLinks.entryTitle, url: changelogItemLinks.entryUrl })
    .from(changelogItemLinks)
    .where(eq(changelogItemLinks.roadmapSiteId, roadmapSiteId))
    .orderBy(asc(changelogItemLinks.entryTitle));
  return grouped(rows);
}

/** Per changelog entry page id: the roadmap items it names. */
export async function roadmapItemsNamedOf(db: Db, changelogSiteId: string): Promise<Map<string, LinkedPage[]>> {
  const rows = await db
    .select({ key: changelogItemLinks.entryPageId, title: changelogItemLinks.itemTitle, url: changelogItemLinks.itemUrl })
    .from(changelogItemLinks)
    .where(eq(changelogItemLinks.changelogSiteId, changelogSiteId))
    .orderBy(asc(changelogItemLinks.itemTitle));
  return grouped(rows);
}
