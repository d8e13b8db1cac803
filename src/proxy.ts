import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { isOperator } from "@/core/users/is-operator";
import { appPagePolicy, newAppNonce } from "@/http/app-csp";
import { getRuntime } from "@/runtime";

const isAdminPath = (path: string) => path === "/dashboard/admin" || path.startsWith("/dashboard/admin/");

/**
 * Every app page's Content-Security-Policy, with a nonce for this response: Next.js reads it from the request's
 * `content-security-policy` header and puts it on its own scripts; our layout reads `x-nonce` for the theme's inline
 * script. Server layouts cannot see the request path either, so it goes on too, for a sign-in redirect to come back.
 */
export async function proxy(request: NextRequest) {
  const nonce = newAppNonce();
  const policy = appPagePolicy(nonce, { development: process.env.NODE_ENV === "development", plainHttp: getRuntime().env.APP_URL.startsWith("http:") });
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  headers.set("x-request-path", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = (await isForeignAdminRequest(request))
    ? // The 404 of an unknown path, so the admin screen's existence isn't shown.
      NextResponse.rewrite(new URL("/dashboard/not-a-page", request.url), { request: { headers } })
    : NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

/**
 * The dashboard's shell is streamed before the admin page can say "not found", which then answers 200: decide here.
 * Signed out: the page sends them to sign in. Signed in, not an operator: answered as an unknown path.
 */
async function isForeignAdminRequest(request: NextRequest): Promise<boolean> {
  if (!isAdminPath(request.nextUrl.pathname)) return false;
  const runtime = getRuntime();
  const token = await getToken({ req: request, secret: runtime.authSecret, secureCookie: runtime.env.APP_URL.startsWith("https:") });
  return Boolean(token && !isOperator(runtime.env.ADMIN_EMAILS, token.email));
}

// Every page (and the public folder's few files): API routes and Next's own files set their own headers.
export const config = { matcher: ["/((?!api/|_next/).*)"] };
