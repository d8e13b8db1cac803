import { getServerSession } from "next-auth";
import { authOptionsFor } from "@/auth/auth-options";
import { authenticateApiKey, type ApiKeyCaller } from "@/core/api-keys/authenticate-api-key";
import type { Runtime } from "@/runtime";

export type Caller = { userId: string; email: string; apiKey: ApiKeyCaller | null };

export const BAD_API_KEY = "Invalid, expired or revoked API key";

/**
 * Who is calling: `Authorization: Bearer <API key>` when the request has one (looked up in the database on every
 * call, so a revoked key stops everywhere at once), else the browser session. Null: neither; "bad-key": a bearer
 * token that is no live key.
 */
export async function authenticateCaller(request: Request, runtime: Runtime): Promise<Caller | "bad-key" | null> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    const key = bearer ? await authenticateApiKey(runtime.db, bearer[1]!) : null;
    if (!key) return "bad-key";
    return { userId: key.userId, email: key.email, apiKey: key };
  }
  const session = await getServerSession(authOptionsFor(runtime));
  const user = session?.user as { id?: string; email?: string | null } | undefined;
  return user?.id ? { userId: user.id, email: user.email ?? "", apiKey: null } : null;
}
