import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db/client";
import { siteMembers } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { updateSiteMemberInput } from "./team-inputs";

export const MEMBER_NOT_FOUND = "Member not found";

/** Gives a member another role. The owner is not a member row: their role changes only by a transfer. */
export async function updateSiteMember(db: Db, input: z.input<typeof updateSiteMemberInput>) {
  const { siteId, userId, role } = updateSiteMemberInput.parse(input);
  const [before] = await db.select({ role: siteMembers.role }).from(siteMembers).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.userId, userId))).limit(1);
  if (!before) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  await db.update(siteMembers).set({ role }).where(and(eq(siteMembers.siteId, siteId), eq(siteMembers.userId, userId)));
  return { siteId, userId, role, previousRole: before.role };
}
