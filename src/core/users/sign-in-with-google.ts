import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { SignedInUser } from "./sign-in-with-test-login";

export type GoogleProfileInput = {
  providerAccountId: string;
  email: string;
  emailVerified: boolean;
  name?: string | null;
  image?: string | null;
};

/**
 * Finds the user linked to this Google account, or links/creates one by verified email. Accounts created by the
 * test login are never adopted, so a test account can't be turned into a real one by someone else's Google login.
 */
export async function signInWithGoogle(db: Db, profile: GoogleProfileInput): Promise<SignedInUser> {
  if (!profile.email || !profile.emailVerified) {
    throw new AppError("FORBIDDEN", "Google did not confirm this email address");
  }
  const email = profile.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(and(eq(accounts.provider, "google"), eq(accounts.providerAccountId, profile.providerAccountId)));
    if (linked) return { ...linked, isNewUser: false };

    const [byEmail] = await tx
      .select({ id: users.id, email: users.email, name: users.name, createdVia: users.createdVia })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (byEmail && byEmail.createdVia === "test-login") {
      throw new AppError("CONFLICT", "This email belongs to a test account");
    }
    let user: SignedInUser;
    if (byEmail) {
      user = { id: byEmail.id, email: byEmail.email, name: byEmail.name, isNewUser: false };
    } else {
      const [created] = await tx
        .insert(users)
        .values({ email, name: profile.name ?? null, image: profile.image ?? null, createdVia: "google", emailVerified: new Date() })
        .returning({ id: users.id, email: users.email, name: users.name });
      user = { ...created!, isNewUser: true };
    }
    await tx
      .insert(accounts)
      .values({ userId: user.id, type: "oauth", provider: "google", providerAccountId: profile.providerAccountId })
      .onConflictDoNothing();
    return user;
  });
}
