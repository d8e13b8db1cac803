import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { postNotifications, postWatchBaselines, seenPosts, sites, subscribers } from "@/db/schema";
import { parseSiteSettings } from "@/core/sites/site-settings";
import type { SnapshotPage } from "@/notion/fetch-site-content";
import type { ContentSite } from "@/notion/site-content";
import { siteModelOf } from "@/site-model/site-model";
import { siteTypeHas } from "@/lib/site-types";

export type NewPostsCheck = {
  /** Posts that became visible since the last check (empty on the site's first check: that is the baseline). */
  newPostIds: string[];
  /** Notifications queued, one per confirmed subscriber and new post. */
  queued: number;
  /** When a future-dated post becomes visible (ms), so a check can run then; null when none is scheduled. */
  nextDueAt: number | null;
};

const NONE: NewPostsCheck = { newPostIds: [], queued: 0, nextDueAt: null };
const CHUNK = 500;

/**
 * Finds the posts of a blog or changelog that are newly visible in this snapshot (hidden and future-dated posts
 * are not visible until they are) and queues one notification per confirmed subscriber and post. The first check of
 * a site only takes stock: it must never mail every existing post. Posts are remembered whatever the owner's
 * setting, so turning notifications on later does not mail old posts. Paused and password-protected sites mail
 * nothing (a post's title would leak).
 */
export async function notifyNewPosts(db: Db, site: ContentSite, pages: Map<string, SnapshotPage>, now = new Date()): Promise<NewPostsCheck> {
  if (!siteTypeHas(site.siteType, "subscribers")) return NONE;
  const model = siteModelOf(site, { pages }, now);
  if (!model || model.kind !== "database") return NONE;
  const { nextDueAt } = model;
  const visible = model.entries.map((e) => e.pageId);

  const [baseline] = await db.insert(postWatchBaselines).values({ siteId: site.id }).onConflictDoNothing().returning();
  if (baseline) {
    await rememberPosts(db, site.id, visible);
    return { newPostIds: [], queued: 0, nextDueAt };
  }
  const newPostIds = await rememberPosts(db, site.id, visible);
  if (!newPostIds.length) return { newPostIds, queued: 0, nextDueAt };

  const [row] = await db.select({ settings: sites.settings, status: sites.status, passwordHash: sites.passwordHash }).from(sites).where(eq(sites.id, site.id));
  if (!row || row.status !== "published" || row.passwordHash || !parseSiteSettings(row.settings).email.notifySubscribers) return { newPostIds, queued: 0, nextDueAt };

  const confirmed = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.siteId, site.id), eq(subscribers.status, "confirmed")));
  const values = newPostIds.flatMap((pageId) => confirmed.map((s) => ({ siteId: site.id, pageId, subscriberId: s.id })));
  let queued = 0;
  for (let i = 0; i < values.length; i += CHUNK) {
    const inserted = await db.insert(postNotifications).values(values.slice(i, i + CHUNK)).onConflictDoNothing().returning({ id: postNotifications.id });
    queued += inserted.length;
  }
  return { newPostIds, queued, nextDueAt };
}

/** Records the visible posts as seen; returns the ones that were not seen before. */
async function rememberPosts(db: Db, siteId: string, pageIds: string[]): Promise<string[]> {
  const fresh: string[] = [];
  for (let i = 0; i < pageIds.length; i += CHUNK) {
    const chunk = pageIds.slice(i, i + CHUNK);
    const known = new Set(
      (await db.select({ pageId: seenPosts.pageId }).from(seenPosts).where(and(eq(seenPosts.siteId, siteId), inArray(seenPosts.pageId, chunk)))).map((r) => r.pageId),
    );
    const unseen = chunk.filter((id) => !known.has(id));
    if (!unseen.length) continue;
    // onConflictDoNothing + returning: if two checks race, each post is "new" for exactly one of them.
    const inserted = await db.insert(seenPosts).values(unseen.map((pageId) => ({ siteId, pageId }))).onConflictDoNothing().returning({ pageId: seenPosts.pageId });
    fresh.push(...inserted.map((r) => r.pageId));
  }
  return fresh;
}
