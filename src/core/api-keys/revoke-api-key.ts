import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { revokeApiKeyInput } from "./api-key-inputs";

/**
 * Revokes one of the caller's keys. Keys are looked up in the database on every request (never cached), so the next
 * request with it is refused on every process.
 */
export async function revokeApiKey(db: Db, userId: string, input: z.input<typeof revokeApiKeyInput>, now = new Date()) {
  const { id } = revokeApiKeyInput.parse(input);
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, siteId: apiKeys.siteId });
  if (!row) throw new AppError("NOT_FOUND", "API key not found");
  return { id: row.id, siteId: row.siteId, revoked: true as const };
}
