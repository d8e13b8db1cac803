import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteInvitations } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { revokeSiteInvitationInput } from "./team-inputs";

/** Withdraws a pending invitation: its link stops working. */
export async function revokeSiteInvitation(db: Db, input: z.input<typeof revokeSiteInvitationInput>) {
  const { siteId, invitationId } = revokeSiteInvitationInput.parse(input);
  const gone = await db
    .delete(siteInvitations)
    .where(and(eq(siteInvitations.id, invitationId), eq(siteInvitations.siteId, siteId), isNull(siteInvitations.acceptedAt)))
    .returning({ email: siteInvitations.email });
  if (gone.length === 0) throw new AppError("NOT_FOUND", "Invitation not found");
  return { siteId, invitationId, email: gone[0]!.email, revoked: true as const };
}
