import crypto from "node:crypto";
import { z } from "zod";

/** Every key starts with this, so a leaked one is easy to spot (secret scanners, logs). */
export const API_KEY_PREFIX = "pwk_";
export const MAX_API_KEYS_PER_USER = 50;

export const createApiKeyInput = z
  .object({
    siteId: z.string().min(1).max(64).optional(),
    access: z.enum(["read", "write"], { message: "Access must be read or write" }),
    expiresAt: z.iso.datetime({ offset: true, message: "Use an ISO date and time" }).optional(),
    name: z.string().trim().max(80).optional(),
  })
  .strict();
export const revokeApiKeyInput = z.object({ id: z.string().min(1).max(64) }).strict();

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}
