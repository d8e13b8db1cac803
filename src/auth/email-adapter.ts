import { and, eq, sql } from "drizzle-orm";
import type { Adapter, AdapterAccount, AdapterUser } from "next-auth/adapters";
import type { Db } from "@/db/client";
import { accounts, users, verificationTokens } from "@/db/schema";

type UserRow = typeof users.$inferSelect;

const toAdapterUser = (u: UserRow): AdapterUser & { createdVia: string } => ({
  id: u.id,
  email: u.email,
  emailVerified: u.emailVerified,
  name: u.name,
  image: u.image,
  createdVia: u.createdVia,
});

/**
 * The next-auth database adapter that magic-link sign-in needs (docs/product.md §8 EMAIL_REQUIRES_ADAPTER_ERROR), on our own
 * tables: verification tokens, and users created with createdVia "email". Sessions stay JWTs, so the session
 * methods are left out. Google sign-in also passes through here (by account) once an adapter is set; our signIn
 * callback has already created and linked its user by then.
 */
export function emailSignInAdapter(db: Db): Adapter {
  const byId = async (id: string) => {
    const [u] = await db.select().from(users).where(eq(users.id, id));
    return u ? toAdapterUser(u) : null;
  };
  const byEmail = async (email: string) => {
    const [u] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
    return u ? toAdapterUser(u) : null;
  };
  return {
    async createUser(user: Omit<AdapterUser, "id">) {
      const email = user.email.trim().toLowerCase();
      const [created] = await db
        .insert(users)
        .values({ email, name: user.name ?? null, image: user.image ?? null, emailVerified: user.emailVerified ?? new Date(), createdVia: "email" })
        .onConflictDoNothing()
        .returning();
      if (created) return toAdapterUser(created);
      // Created meanwhile by another sign-in with the same address.
      const existing = await byEmail(email);
      if (!existing) throw new Error("Could not create the user");
      return existing;
    },
    getUser: byId,
    getUserByEmail: byEmail,
    async getUserByAccount({ provider, providerAccountId }) {
      const [row] = await db
        .select({ user: users })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(accounts.provider, provider), eq(accounts.providerAccountId, providerAccountId)));
      return row ? toAdapterUser(row.user) : null;
    },
    async updateUser(user) {
      const patch: Partial<UserRow> = { updatedAt: new Date() };
      if (user.emailVerified !== undefined) patch.emailVerified = user.emailVerified;
      if (user.name !== undefined) patch.name = user.name;
      if (user.image !== undefined) patch.image = user.image;
      const [updated] = await db.update(users).set(patch).where(eq(users.id, user.id)).returning();
      if (!updated) throw new Error("No such user");
      return toAdapterUser(updated);
    },
    async linkAccount(account: AdapterAccount) {
      await db
        .insert(accounts)
        .values({
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          refreshToken: account.refresh_token ?? null,
          accessToken: account.access_token ?? null,
          expiresAt: account.expires_at ?? null,
          tokenType: account.token_type ?? null,
          scope: account.scope ?? null,
          idToken: account.id_token ?? null,
          sessionState: typeof account.session_state === "string" ? account.session_state : null,
        })
        .onConflictDoNothing();
    },
    async createVerificationToken(token) {
      await db.insert(verificationTokens).values(token);
      return token;
    },
    /** One use: the row is deleted as it is read, so a link can't sign in twice. */
    async useVerificationToken({ identifier, token }) {
      const [used] = await db
        .delete(verificationTokens)
        .where(and(eq(verificationTokens.identifier, identifier), eq(verificationTokens.token, token)))
        .returning();
      return used ?? null;
    },
  };
}
