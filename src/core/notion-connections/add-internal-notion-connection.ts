import { z } from "zod";
import { notionConnections } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { sealSecret } from "@/lib/secret-box";
import { createOfficialClient } from "@/notion/official/client";
import { notionCall, OfficialNotionError } from "@/notion/official/errors";
import { accessTokenKey, type NotionConnectionDeps } from "./connection-deps";
import { connectionSummaryOf, type NotionConnectionSummary } from "./connection-summary";

export const addInternalNotionConnectionInput = z.object({ secret: z.string().trim().min(20, "Paste the whole internal integration secret").max(500) }).strict();

/**
 * For self-hosters without a public integration: an internal integration secret, checked by asking Notion who it is
 * (users/me through the SDK) before it is stored sealed. A refused secret stores nothing.
 */
export async function addInternalNotionConnection(
  deps: NotionConnectionDeps,
  ownerId: string,
  input: z.input<typeof addInternalNotionConnectionInput>,
): Promise<NotionConnectionSummary> {
  const { secret } = addInternalNotionConnectionInput.parse(input);
  const me = await notionCall(() => createOfficialClient({ token: secret, baseUrl: deps.officialApiBase }).users.me({})).catch((err) => {
    if (err instanceof OfficialNotionError && (err.failure === "unauthorized" || err.failure === "rejected")) {
      throw new AppError("VALIDATION", "Notion did not accept this secret: copy it again from the integration's Configuration tab");
    }
    throw err;
  });
  const bot = me.type === "bot" && "workspace_name" in me.bot ? me.bot : null;
  const [row] = await deps.db
    .insert(notionConnections)
    .values({
      ownerId,
      kind: "internal",
      workspaceId: bot && "workspace_id" in bot ? (bot as { workspace_id?: string }).workspace_id ?? null : null,
      workspaceName: bot?.workspace_name ?? me.name ?? null,
      botId: me.id,
      accessTokenSealed: sealSecret(accessTokenKey(deps.authSecret), secret),
    })
    .returning();
  return connectionSummaryOf(row!);
}
