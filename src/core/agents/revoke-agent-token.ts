import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteAgentTokens } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { agentTokenIdInput } from "./agent-token-input";

export const revokeAgentTokenInput = agentTokenIdInput;

/** Deletes one of the site's agent tokens; the next request with it is refused. */
export async function revokeAgentToken(db: Db, ownerId: string, input: z.input<typeof revokeAgentTokenInput>) {
  const { siteId, tokenId } = revokeAgentTokenInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const deleted = await db
    .delete(siteAgentTokens)
    .where(and(eq(siteAgentTokens.id, tokenId), eq(siteAgentTokens.siteId, site.id)))
    .returning({ id: siteAgentTokens.id });
  if (!deleted.length) throw new AppError("NOT_FOUND", "Token not found");
  return { tokenId, revoked: true };
}
