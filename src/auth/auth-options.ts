import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import type { EmailConfig } from "next-auth/providers/email";
import type { Env } from "@/env";
import type { Runtime } from "@/runtime";
import { AppError } from "@/lib/errors";
import { signInWithTestLogin } from "@/core/users/sign-in-with-test-login";
import { signInWithGoogle } from "@/core/users/sign-in-with-google";
import { mayUseEmailSignIn } from "@/core/users/check-email-sign-in";
import { sendMagicLinkEmail } from "@/core/email/send-magic-link-email";
import { sendWelcomeEmail } from "@/core/email/send-welcome-email";
import { takeSharedRateLimit } from "@/core/usage/rate-limits";
import { currentClientAddress, rateLimitAddress } from "@/http/client-address";
import { canonicalMailbox } from "@/lib/mailbox";
import { emailSignInAdapter } from "./email-adapter";

export const TEST_LOGIN_PROVIDER_ID = "test-login";
export const SIGN_IN_PATH = "/signin";
export const DEFAULT_AFTER_SIGN_IN = "/dashboard";
export const EMAIL_PROVIDER_ID = "email";

/**
 * Magic-link sign-in is offered when mail can reach people (PLUNK_API_KEY or SMTP_URL), and on development and test-login
 * instances, where links land in the email_outbox table and the server log.
 */
export function emailSignInEnabled(env: Pick<Env, "PLUNK_API_KEY" | "SMTP_URL" | "testLoginEnabled" | "NODE_ENV">): boolean {
  return Boolean(env.PLUNK_API_KEY || env.SMTP_URL) || env.testLoginEnabled || env.NODE_ENV === "development";
}

/** Where a magic link goes: a real inbox with an email provider, else only the server log (say so). */
export function emailLinkDelivery(env: Pick<Env, "PLUNK_API_KEY" | "SMTP_URL">): "inbox" | "server-log" {
  return env.PLUNK_API_KEY || env.SMTP_URL ? "inbox" : "server-log";
}

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name?: string | null; image?: string | null };
    jwt: { isNewUser: boolean };
  }
  interface User {
    isNewUser?: boolean;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: string;
    isNewUser?: boolean;
  }
}

const optionsCache = new WeakMap<Runtime, NextAuthOptions>();

/** The sign-in methods this instance offers: Google when configured, the test login when on, magic links when mail can reach people. */
function providersFor(runtime: Runtime): NextAuthOptions["providers"] {
  const { env, db } = runtime;
  const providers: NextAuthOptions["providers"] = [];

  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push(
      GoogleProvider({
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        authorization: { params: { prompt: "select_account" } },
      }),
    );
  }
  if (env.testLoginEnabled) {
    providers.push(
      CredentialsProvider({
        id: TEST_LOGIN_PROVIDER_ID,
        name: "Test login",
        credentials: { email: { label: "Email", type: "email" } },
        async authorize(credentials) {
          const user = await signInWithTestLogin(db, credentials);
          return { id: user.id, email: user.email, name: user.name, isNewUser: user.isNewUser };
        },
      }),
    );
  }

  const emailSignIn = emailSignInEnabled(env);
  if (emailSignIn) {
    // Built by hand rather than with next-auth's EmailProvider, which loads nodemailer: mail goes through runtime.email.
    const emailProvider: EmailConfig = {
      id: EMAIL_PROVIDER_ID,
      type: "email",
      name: "Email",
      server: {},
      from: env.EMAIL_FROM ?? "",
      maxAge: 24 * 60 * 60,
      options: {},
      sendVerificationRequest: ({ identifier, url }) =>
        sendMagicLinkEmail(
          {
            email: runtime.email,
            // A request refused for its IP does not count against the mailbox.
            allow: async (address, ip) => (await takeSharedRateLimit(db, "magicLinkPerIp", rateLimitAddress(ip))) && (await takeSharedRateLimit(db, "magicLink", canonicalMailbox(address))),
          },
          { identifier, url, clientAddress: currentClientAddress() },
        ),
    };
    providers.push(emailProvider);
  }
  return providers;
}

/** next-auth 4 options built from the runtime (JWT sessions, docs/contracts.md §4). One object per runtime. */
export function authOptionsFor(runtime: Runtime): NextAuthOptions {
  const cached = optionsCache.get(runtime);
  if (cached) return cached;
  const { env, db } = runtime;
  const emailSignIn = emailSignInEnabled(env);
  /** Google sign-ins that created their user (the adapter then only finds it, so next-auth can't tell it's new). */
  const newGoogleSignIns = new WeakSet<object>();

  const options: NextAuthOptions = {
    secret: runtime.authSecret,
    ...(emailSignIn ? { adapter: emailSignInAdapter(db) } : {}),
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    providers: providersFor(runtime),
    pages: { signIn: SIGN_IN_PATH },
    // Cookies stay next-auth's defaults: host-only (no Domain), so published site hosts can never read them.
    callbacks: {
      async signIn({ user, account, profile }) {
        if (account?.provider === EMAIL_PROVIDER_ID) {
          return (await mayUseEmailSignIn(db, user.email ?? "")) ? true : `${SIGN_IN_PATH}?error=AccessDenied`;
        }
        if (account?.provider !== "google") return true;
        try {
          const signedIn = await signInWithGoogle(db, {
            providerAccountId: account.providerAccountId,
            email: user.email ?? "",
            emailVerified: Boolean((profile as { email_verified?: boolean } | undefined)?.email_verified),
            name: user.name,
            image: user.image,
          });
          // The jwt callback receives this same object: carry our ids, not Google's.
          user.id = signedIn.id;
          user.isNewUser = signedIn.isNewUser;
          if (signedIn.isNewUser) newGoogleSignIns.add(account);
          return true;
        } catch (err) {
          if (err instanceof AppError) return `${SIGN_IN_PATH}?error=AccessDenied`;
          throw err;
        }
      },
      async jwt({ token, user, account, isNewUser }) {
        if (user) {
          token.userId = user.id;
          token.isNewUser =
            Boolean(user.isNewUser) || (account ? newGoogleSignIns.has(account) : false) || (account?.provider === EMAIL_PROVIDER_ID && Boolean(isNewUser));
          if (token.isNewUser && user.email) {
            // Never holds up or fails a sign-in: a lost welcome email is only logged.
            sendWelcomeEmail({ email: runtime.email, appUrl: env.APP_URL, teamEmail: env.TEAM_EMAIL }, { email: user.email, name: user.name }).catch((err) =>
              console.error(`[email] welcome email to user ${user.id} failed:`, err instanceof Error ? err.message : err),
            );
          }
        }
        return token;
      },
      async session({ session, token }) {
        return {
          ...session,
          user: { ...session.user, id: token.userId ?? "", email: session.user?.email ?? token.email ?? "" },
          jwt: { isNewUser: Boolean(token.isNewUser) },
        };
      },
      async redirect({ url, baseUrl }) {
        // Only ever redirect within the app; anything else lands on the dashboard.
        if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {
          // not a URL
        }
        return `${baseUrl}${DEFAULT_AFTER_SIGN_IN}`;
      },
    },
  };
  optionsCache.set(runtime, options);
  return options;
}
