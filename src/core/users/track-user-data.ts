import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";

export const trackUserDataInput = z
  .object({ signupReason: z.string().trim().max(200).optional(), utcOffset: z.number().int().min(-12).max(14).optional() })
  .strict();

/** docs/product.md §4/§7 trackUserData: the sign-up reason and UTC offset (hours) a new user's browser sends once. */
export async function trackUserData(db: Db, userId: string, input: z.input<typeof trackUserDataInput>) {
  const { signupReason, utcOffset } = trackUserDataInput.parse(input);
  if (signupReason === undefined && utcOffset === undefined) return { saved: false };
  await db
    .update(users)
    .set({ ...(signupReason !== undefined ? { signupReason } : {}), ...(utcOffset !== undefined ? { utcOffset } : {}) })
    .where(eq(users.id, userId));
  return { saved: true };
}
