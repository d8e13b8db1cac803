import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { notionConnections } from "@/db/schema";
import { getConnectionForOwnerOrThrow } from "./connection-client";
import type { connectionIdInput } from "./list-connection-pages";

/**
 * Disconnect: the token is deleted at once. The row stays (sites keep pointing at it, keep their last good pages and
 * say "connect Notion again") until the owner moves them to another connection or back to a public page.
 */
export async function deleteNotionConnection(db: Db, ownerId: string, input: z.input<typeof connectionIdInput>): Promise<{ connectionId: string; connected: false }> {
  const connection = await getConnectionForOwnerOrThrow({ db }, ownerId, input.connectionId);
  await db.update(notionConnections).set({ accessTokenSealed: null, refreshTokenSealed: null, accessTokenExpiresAt: null, revokedAt: new Date() }).where(eq(notionConnections.id, connection.id));
  return { connectionId: connection.id, connected: false };
}
