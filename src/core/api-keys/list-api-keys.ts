import { desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";

/** The caller's API keys, newest first: never the key itself, only its first characters and when it was last used. */
export async function listApiKeys(db: Db, userId: string, now = new Date()) {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  return rows.map((r) => ({
    id: r.id,
    hint: r.hint,
    name: r.name,
    siteId: r.siteId,
    access: r.access,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    state: r.revokedAt ? ("revoked" as const) : r.expiresAt && r.expiresAt <= now ? ("expired" as const) : ("active" as const),
  }));
}
