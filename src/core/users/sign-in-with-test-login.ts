import { z } from "zod";
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors";

export const TEST_LOGIN_EMAIL_REQUIRED = "Email is required for the test login provider";

export const testLoginInputSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, TEST_LOGIN_EMAIL_REQUIRED).max(254).pipe(z.email("Not a valid email")),
});

export type SignedInUser = { id: string; email: string; name: string | null; isNewUser: boolean };

/**
 * Signs in (creating on first use) an account for automated tests. It never signs into an account that was
 * created another way (docs/contracts.md §4), so enabling it on a real instance cannot take over Google users.
 */
export async function signInWithTestLogin(db: Db, input: unknown): Promise<SignedInUser> {
  const raw = (input ?? {}) as { email?: unknown };
  if (typeof raw.email !== "string" || raw.email.trim() === "") {
    throw new AppError("VALIDATION", TEST_LOGIN_EMAIL_REQUIRED);
  }
  const parsed = testLoginInputSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? TEST_LOGIN_EMAIL_REQUIRED);
  const { email } = parsed.data;

  const inserted = await db
    .insert(users)
    .values({ email, createdVia: "test-login" })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email, name: users.name });
  if (inserted[0]) return { ...inserted[0], isNewUser: true };

  const [existing] = await db
    .select({ id: users.id, email: users.email, name: users.name, createdVia: users.createdVia })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!existing) throw new AppError("INTERNAL", "Test login could not load the user");
  if (existing.createdVia !== "test-login") {
    throw new AppError("FORBIDDEN", "This account cannot use the test login provider");
  }
  return { id: existing.id, email: existing.email, name: existing.name, isNewUser: false };
}
