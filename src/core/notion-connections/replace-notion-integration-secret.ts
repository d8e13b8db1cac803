import { eq } from "drizzle-orm";
import { z } from "zod";
import { notionConnections } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { sealSecret } from "@/lib/secret-box";
import { identifyInternalSecret } from "./add-internal-notion-connection";
import { getConnectionForOwnerOrThrow } from "./connection-client";
import { accessTokenKey, type NotionConnectionDeps } from "./connection-deps";
import { connectionSummaryOf, type NotionConnectionSummary } from "./connection-summary";
import { putTokensOnConnection } from "./reconnect-notion-connection";

export const replaceNotionIntegrationSecretInput = z
  .object({ connectionId: z.string().min(1).max(64), secret: z.string().trim().min(20, "Paste the whole internal integration secret").max(500) })
  .strict();

/**
 * Reconnecting an internal-secret connection (the General screen's field, after Notion refused the old secret): the
 * new secret is checked with Notion and must be the same integration's (same bot) — it then goes on the SAME
 * connection and clears the refusal. Another integration's secret, or a refused one, changes nothing.
 */
export async function replaceNotionIntegrationSecret(
  deps: NotionConnectionDeps,
  ownerId: string,
  input: z.input<typeof replaceNotionIntegrationSecretInput>,
): Promise<NotionConnectionSummary> {
  const { connectionId, secret } = replaceNotionIntegrationSecretInput.parse(input);
  const connection = await getConnectionForOwnerOrThrow(deps, ownerId, connectionId);
  if (connection.kind !== "internal") throw new AppError("VALIDATION", "This connection was made with “Connect Notion”: reconnect it with “Reconnect Notion”");
  const who = await identifyInternalSecret(deps, secret);
  if (connection.botId && connection.botId !== who.botId) {
    throw new AppError("VALIDATION", "This secret belongs to another integration: copy the secret of the integration this connection was made with");
  }
  await putTokensOnConnection(deps.db, connection.id, {
    accessTokenSealed: sealSecret(accessTokenKey(deps.authSecret), secret),
    refreshTokenSealed: null,
    accessTokenExpiresAt: null,
    workspaceName: who.workspaceName ?? connection.workspaceName,
  });
  const [row] = await deps.db.select().from(notionConnections).where(eq(notionConnections.id, connection.id));
  return connectionSummaryOf(row!);
}
