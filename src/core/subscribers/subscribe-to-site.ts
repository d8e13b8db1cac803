import crypto from "node:crypto";
import { z } from "zod";
import type { Db } from "@/db/client";
import { subscribers } from "@/db/schema";

export const subscribeInput = z.object({ email: z.email("Please enter a valid email address").trim().max(254) });

/**
 * A visitor subscribes to a blog or changelog: stored unconfirmed (the confirmation e-mail comes with the email
 * integration). Subscribing twice is not an error and never reveals whether the address was already there.
 */
export async function subscribeToSite(db: Db, siteId: string, input: z.input<typeof subscribeInput>): Promise<void> {
  const { email } = subscribeInput.parse(input);
  await db
    .insert(subscribers)
    .values({ siteId, email, confirmToken: crypto.randomBytes(24).toString("base64url") })
    .onConflictDoNothing();
}
