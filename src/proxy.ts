import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { isOperator } from "@/core/users/is-operator";
import { getRuntime } from "@/runtime";

const isAdminPath = (path: string) => path === "/dashboard/admin" || path.startsWith("/dashboard/admin/");

// Server layouts cannot see the request path; pass it on so a sign-in redirect can come back to it.
export async function proxy(request: NextRequest) {
  if (isAdminPath(request.nextUrl.pathname)) {
    // The dashboard's shell is streamed before the admin page can say "not found", which then answers 200: decide
    // here. Signed out: the page sends them to sign in. Signed in, not an operator: the 404 of an unknown path.
    const runtime = getRuntime();
    const token = await getToken({ req: request, secret: runtime.authSecret, secureCookie: runtime.env.APP_URL.startsWith("https:") });
    if (token && !isOperator(runtime.env.ADMIN_EMAILS, token.email)) return NextResponse.rewrite(new URL("/dashboard/not-a-page", request.url));
  }
  const headers = new Headers(request.headers);
  headers.set("x-request-path", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/dashboard/:path*", "/new-site/:path*"] };
