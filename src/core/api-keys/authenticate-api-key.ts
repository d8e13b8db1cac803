import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiKeys, users } from "@/db/schema";
import { API_KEY_PREFIX, hashApiKey } from "./api-key-inputs";

export type ApiKeyCaller = { keyId: string; userId: string; email: string; siteId: string | null; access: "read" | "write" };

/** Last-used times are written at most this often per key: a busy key doesn't write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** The live key a bearer token names (not revoked, not expired), with its user; null for anything else. */
export async function authenticateApiKey(db: Db, key: string, now = new Date()): Promise<ApiKeyCaller | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: apiKeys.userId, email: users.email, siteId: apiKeys.siteId, access: apiKeys.access })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))
    .limit(1);
  if (!row) return null;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)))));
  return row;
}
