import crypto from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { API_KEY_PREFIX, createApiKeyInput, hashApiKey, MAX_API_KEYS_PER_USER } from "./api-key-inputs";

/**
 * A new API key for the caller, for one site (their role there was checked by the RPC: admin or owner) or every site
 * they have a role on, read-only or read-write, with an optional expiry. The key is in this answer only; the database
 * keeps its SHA-256.
 */
export async function createApiKey(db: Db, userId: string, input: z.input<typeof createApiKeyInput>, now = new Date()) {
  const p = createApiKeyInput.parse(input);
  const expiresAt = p.expiresAt ? new Date(p.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new AppError("VALIDATION", "expiresAt: The expiry must be in the future");
  const [existing] = await db.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  if ((existing?.n ?? 0) >= MAX_API_KEYS_PER_USER) throw new AppError("CONFLICT", `You can have at most ${MAX_API_KEYS_PER_USER} API keys. Revoke one first.`);
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const hint = key.slice(0, API_KEY_PREFIX.length + 6);
  const [row] = await db
    .insert(apiKeys)
    .values({ userId, siteId: p.siteId ?? null, access: p.access, name: p.name ?? "", keyHash: hashApiKey(key), hint, expiresAt })
    .returning();
  return { id: row!.id, key, hint, name: row!.name, siteId: row!.siteId, access: row!.access, expiresAt: expiresAt?.toISOString() ?? null, createdAt: row!.createdAt.toISOString() };
}
