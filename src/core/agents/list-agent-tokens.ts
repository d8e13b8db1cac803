import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteAgentTokens } from "@/db/schema";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { siteIdField } from "./agent-token-input";

export const listAgentTokensInput = z.object({ siteId: siteIdField }).strict();

/** The site's agent tokens, oldest first, without the tokens themselves (only a hint of each). */
export async function listAgentTokens(db: Db, ownerId: string, input: z.input<typeof listAgentTokensInput>) {
  const { siteId } = listAgentTokensInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const rows = await db.select().from(siteAgentTokens).where(eq(siteAgentTokens.siteId, site.id)).orderBy(asc(siteAgentTokens.createdAt));
  return rows.map((r) => ({ tokenId: r.id, name: r.name, hint: r.hint, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
}
