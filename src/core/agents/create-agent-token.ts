import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { siteAgentTokens } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { siteIdField } from "./agent-token-input";
import { AGENT_TOKEN_PREFIX, hashAgentToken } from "./hash-agent-token";

export const createAgentTokenInput = z.object({ siteId: siteIdField, name: z.string().trim().min(1, "Please name the token").max(80) }).strict();

const MAX_TOKENS_PER_SITE = 20;

/**
 * A new access token for AI agents on a password-protected site: it opens the site like the password
 * cookie does, sent as `Authorization: Bearer <token>`. Shown once; only its hash is stored.
 */
export async function createAgentToken(db: Db, ownerId: string, input: z.input<typeof createAgentTokenInput>) {
  const { siteId, name } = createAgentTokenInput.parse(input);
  const site = await getSiteForOwnerOrThrow(db, ownerId, siteId);
  const [existing] = await db.select({ n: count() }).from(siteAgentTokens).where(eq(siteAgentTokens.siteId, site.id));
  if ((existing?.n ?? 0) >= MAX_TOKENS_PER_SITE) throw new AppError("CONFLICT", `A site can have at most ${MAX_TOKENS_PER_SITE} agent tokens. Revoke one first.`);
  const token = `${AGENT_TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(siteAgentTokens)
    .values({ siteId: site.id, name, tokenHash: hashAgentToken(token), hint: token.slice(0, AGENT_TOKEN_PREFIX.length + 6) })
    .returning();
  return { tokenId: row!.id, name: row!.name, hint: row!.hint, createdAt: row!.createdAt.toISOString(), token };
}
