import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getRuntime } from "@/runtime";
import { getSession } from "@/auth/session";
import { PRODUCT_NAME } from "@/lib/brand";
import { safeLocalPath } from "@/lib/safe-local-path";
import { DEFAULT_AFTER_SIGN_IN, emailLinkDelivery, emailSignInEnabled } from "@/auth/auth-options";
import { SignInForm } from "./sign-in-form";
import { AppFooter, AppHeader } from "@/components/app-header";

export const metadata: Metadata = { title: "Sign in" };

/** Messages for next-auth's error codes, plus our own provider messages; anything else shows a generic line. */
const ERROR_MESSAGES: Record<string, string> = {
  SessionRequired: "Please sign in to access this page.",
  OAuthSignin: "Could not start signing in with Google. Please try again.",
  OAuthCallback: "Signing in with Google did not complete. Please try again.",
  OAuthCallbackError: "Signing in with Google did not complete. Please try again.",
  OAuthAccountNotLinked: "This email is already used by another sign-in method.",
  AccountNotLinkedError: "This email is already used by another sign-in method.",
  AccessDenied: "You cannot sign in with this account.",
  CredentialsSignin: "Sign in failed. Check the details you gave.",
  EmailSignin: "We could not send the sign-in email. Please try again in a few minutes.",
  Verification: "That sign-in link is no longer valid. Ask for a new one.",
  "Email is required for the test login provider": "Email is required for the test login provider",
  "This account cannot use the test login provider": "This account cannot use the test login provider",
  "Not a valid email": "Not a valid email",
};

function safeCallbackUrl(value: string | undefined): string {
  // Only same-site paths: anything else here would be an open redirect.
  return safeLocalPath(value) ?? DEFAULT_AFTER_SIGN_IN;
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const errorCode = first(params.error);
  // Only our own messages: `?error=constructor` must not reach Object's prototype.
  const error = errorCode ? (Object.hasOwn(ERROR_MESSAGES, errorCode) ? ERROR_MESSAGES[errorCode]! : "Sign in failed. Please try again.") : null;
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl));
  // Sign-up links lead here; someone already signed in goes straight on.
  if (!errorCode && (await getSession())?.user?.id) redirect(callbackUrl);
  const { env } = getRuntime();
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <AppHeader signedIn={false} />
      <main className="grid flex-1 place-items-center px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-neutral-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold text-neutral-900">Sign in to {PRODUCT_NAME}</h1>
        <SignInForm
          callbackUrl={callbackUrl}
          initialError={error}
          google={Boolean(env.GOOGLE_CLIENT_ID)}
          testLogin={env.testLoginEnabled}
          emailSignIn={emailSignInEnabled(env)}
          linkDelivery={emailLinkDelivery(env)}
        />
      </div>
      </main>
      <AppFooter />
    </div>
  );
}
