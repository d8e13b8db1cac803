import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { notionConnections } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { sealSecret } from "@/lib/secret-box";
import { createOfficialClient } from "@/notion/official/client";
import { notionCall, OfficialNotionError } from "@/notion/official/errors";
import { accessTokenKey, type NotionConnectionDeps } from "./connection-deps";
import { connectionSummaryOf, type NotionConnectionSummary } from "./connection-summary";
import { putTokensOnConnection } from "./reconnect-notion-connection";

export const addInternalNotionConnectionInput = z.object({ secret: z.string().trim().min(20, "Paste the whole internal integration secret").max(500) }).strict();

/** Who an internal integration secret is (users/me through the SDK): its bot, which stays the same when the secret is renewed. */
export async function identifyInternalSecret(deps: NotionConnectionDeps, secret: string): Promise<{ botId: string; workspaceId: string | null; workspaceName: string | null }> {
  const me = await notionCall(() => createOfficialClient({ token: secret, baseUrl: deps.officialApiBase }).users.me({})).catch((err) => {
    if (err instanceof OfficialNotionError && (err.failure === "unauthorized" || err.failure === "rejected")) {
      throw new AppError("VALIDATION", "Notion did not accept this secret: copy it again from the integration's Configuration tab");
    }
    throw err;
  });
  const bot = me.type === "bot" && "workspace_name" in me.bot ? me.bot : null;
  return {
    botId: me.id,
    workspaceId: bot && "workspace_id" in bot ? (bot as { workspace_id?: string }).workspace_id ?? null : null,
    workspaceName: bot?.workspace_name ?? me.name ?? null,
  };
}

/**
 * For self-hosters without a public integration: an internal integration secret, checked by asking Notion who it is
 * before it is stored sealed. A refused secret stores nothing. A secret of an integration the owner already connected
 * (same bot: the same secret again, a new one, or after Notion refused or the owner disconnected it) goes on that
 * connection instead, clearing any refusal, never adding a duplicate (`reconnected`: it had stopped working, and the
 * caller refreshes its sites).
 */
export async function addInternalNotionConnection(
  deps: NotionConnectionDeps,
  ownerId: string,
  input: z.input<typeof addInternalNotionConnectionInput>,
): Promise<NotionConnectionSummary & { reconnected: boolean }> {
  const { secret } = addInternalNotionConnectionInput.parse(input);
  const who = await identifyInternalSecret(deps, secret);
  const accessTokenSealed = sealSecret(accessTokenKey(deps.authSecret), secret);
  const [same] = await deps.db
    .select()
    .from(notionConnections)
    .where(and(eq(notionConnections.ownerId, ownerId), eq(notionConnections.kind, "internal"), eq(notionConnections.botId, who.botId)))
    .orderBy(asc(notionConnections.createdAt))
    .limit(1);
  if (same) {
    await putTokensOnConnection(deps.db, same.id, { accessTokenSealed, refreshTokenSealed: null, accessTokenExpiresAt: null, workspaceName: who.workspaceName });
    const [row] = await deps.db.select().from(notionConnections).where(eq(notionConnections.id, same.id));
    // Its sites need a refresh only if it had stopped working (refused or disconnected).
    return { ...connectionSummaryOf(row!), reconnected: !connectionSummaryOf(same).connected };
  }
  const [row] = await deps.db
    .insert(notionConnections)
    .values({ ownerId, kind: "internal", workspaceId: who.workspaceId, workspaceName: who.workspaceName, botId: who.botId, accessTokenSealed })
    .returning();
  return { ...connectionSummaryOf(row!), reconnected: false };
}
