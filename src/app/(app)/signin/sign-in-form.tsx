"use client";

import { useState } from "react";
import { signIn } from "next-auth/react";

type Props = { callbackUrl: string; initialError: string | null; google: boolean; testLogin: boolean; emailSignIn: boolean; linkDelivery: "inbox" | "server-log" };

export function SignInForm({ callbackUrl, initialError, google, testLogin, emailSignIn, linkDelivery }: Props) {
  const [error, setError] = useState<string | null>(initialError);
  const [pending, setPending] = useState<"google" | "test-login" | "email" | null>(null);
  const [email, setEmail] = useState("");
  const [linkEmail, setLinkEmail] = useState("");
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  async function emailMeALink(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(linkEmail.trim())) {
      setError("Please enter a valid email address");
      return;
    }
    setPending("email");
    const result = await signIn("email", { email: linkEmail.trim(), callbackUrl, redirect: false });
    setPending(null);
    const failure = result?.error ?? (result?.url && new URL(result.url, window.location.href).searchParams.get("error"));
    if (result?.ok && !failure) {
      setLinkSentTo(linkEmail.trim());
      return;
    }
    setError(failure === "AccessDenied" ? "You cannot sign in with this account." : "We could not send the sign-in email. Please try again in a few minutes.");
  }

  async function signInWithTestLogin(event: React.FormEvent) {
    event.preventDefault();
    setPending("test-login");
    setError(null);
    const result = await signIn("test-login", { email, callbackUrl, redirect: false });
    if (result?.ok && result.url) {
      window.location.assign(result.url);
      return;
    }
    setPending(null);
    setError(result?.error && result.error !== "undefined" ? result.error : "Sign in failed. Please try again.");
  }

  return (
    <div className="mt-6 space-y-6">
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {google && (
        <button
          type="button"
          disabled={pending !== null}
          onClick={() => {
            setPending("google");
            void signIn("google", { callbackUrl });
          }}
          className="w-full rounded-md border border-neutral-300 px-4 py-2.5 font-medium text-neutral-900 hover:bg-neutral-50 disabled:opacity-60"
        >
          {pending === "google" ? "Redirecting…" : "Continue with Google"}
        </button>
      )}
      {emailSignIn &&
        (linkSentTo ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            {linkDelivery === "inbox" ? (
              <>
                Check your inbox: we sent a sign-in link to <strong>{linkSentTo}</strong>. It works once, for 24 hours.
              </>
            ) : (
              <>
                This instance has no email provider, so the sign-in link for <strong>{linkSentTo}</strong> was written to the
                server log (and the email_outbox table). Open it from there; it works once, for 24 hours.
              </>
            )}
          </p>
        ) : (
          <EmailForm
            id="email-link-address"
            label="Email"
            value={linkEmail}
            onChange={setLinkEmail}
            onSubmit={emailMeALink}
            busy={pending === "email"}
            disabled={pending !== null}
            submitLabel={pending === "email" ? "Sending…" : "Email me a sign-in link"}
            buttonClassName="border border-neutral-300 text-neutral-900 hover:bg-neutral-50"
          />
        ))}
      {testLogin && (
        <EmailForm
          id="test-login-email"
          label="Email (test login)"
          value={email}
          onChange={setEmail}
          onSubmit={signInWithTestLogin}
          busy={pending === "test-login"}
          disabled={pending !== null}
          submitLabel={pending === "test-login" ? "Signing in…" : "Sign in with test login"}
          buttonClassName="bg-neutral-900 text-white hover:bg-neutral-700"
        />
      )}
      {!google && !testLogin && !emailSignIn && (
        <p className="text-sm text-neutral-600">
          No sign-in method is configured. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or AUTH_TEST_LOGIN=1 for local testing.
        </p>
      )}
    </div>
  );
}

type EmailFormProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: React.FormEvent) => void;
  busy: boolean;
  disabled: boolean;
  submitLabel: string;
  buttonClassName: string;
};

/** An email field and its button: the magic-link form and the test login look alike. */
function EmailForm({ id, label, value, onChange, onSubmit, busy, disabled, submitLabel, buttonClassName }: EmailFormProps) {
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-700">
        {label}
      </label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-md border border-neutral-300 px-3 py-2 text-neutral-900"
        placeholder="you@example.com"
      />
      <button type="submit" disabled={disabled} aria-busy={busy} className={`w-full rounded-md px-4 py-2.5 font-medium disabled:opacity-60 ${buttonClassName}`}>
        {submitLabel}
      </button>
    </form>
  );
}
