import type { ApiKeyCaller } from "@/core/api-keys/authenticate-api-key";
import { takeSharedRateLimit } from "@/core/usage/rate-limits";
import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import type { RpcMethod } from "./method";

export const KEY_MESSAGES = {
  sessionOnly: "This method needs a signed-in session, not an API key",
  readOnly: "This API key can only read",
  otherSite: "This API key is for another site",
  rateLimited: "Too many requests with this API key; please slow down",
};

/** Whether a method only reads: every viewer method, and the `self` methods marked readOnly. */
export const methodReads = (method: Pick<RpcMethod, "role" | "readOnly">) => method.role === "viewer" || method.readOnly === true;

/**
 * What a key may do on top of its user's roles (which the role check applies as for a session): read-only keys call
 * only methods that read, a site's key only methods naming that site, and no key manages keys or deletes the account.
 * Each key has its own rate limit (RATE_LIMITS.apiKey).
 */
export async function checkApiKeyMayCall(db: Db, key: ApiKeyCaller, method: RpcMethod, params: unknown): Promise<void> {
  if (method.sessionOnly) throw new AppError("FORBIDDEN", KEY_MESSAGES.sessionOnly);
  if (key.access === "read" && !methodReads(method)) throw new AppError("FORBIDDEN", KEY_MESSAGES.readOnly);
  if (key.siteId !== null) {
    const named = params !== null && typeof params === "object" ? (params as { siteId?: unknown }).siteId : undefined;
    if (method.role === "self" || named !== key.siteId) throw new AppError("FORBIDDEN", KEY_MESSAGES.otherSite);
  }
  if (!(await takeSharedRateLimit(db, "apiKey", key.keyId))) throw new AppError("RATE_LIMITED", KEY_MESSAGES.rateLimited);
}
