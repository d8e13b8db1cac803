import { getServerSession, type Session } from "next-auth";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { getRuntime } from "@/runtime";
import { authOptionsFor, SIGN_IN_PATH } from "./auth-options";

export const REQUEST_PATH_HEADER = "x-request-path";

export async function getSession(): Promise<Session | null> {
  return getServerSession(authOptionsFor(getRuntime()));
}

/** For protected server layouts: the session, or a redirect to sign-in with SessionRequired and a callback URL (docs/product.md §2). */
export async function requireSession(): Promise<Session> {
  const session = await getSession();
  if (session?.user?.id) return session;
  const path = (await headers()).get(REQUEST_PATH_HEADER) ?? "/dashboard";
  redirect(`${SIGN_IN_PATH}?${new URLSearchParams({ error: "SessionRequired", callbackUrl: path })}`);
}
