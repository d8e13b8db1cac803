import { NextResponse, type NextRequest } from "next/server";

// Server layouts cannot see the request path; pass it on so a sign-in redirect can come back to it.
export function proxy(request: NextRequest) {
  const headers = new Headers(request.headers);
  headers.set("x-request-path", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = { matcher: ["/dashboard/:path*", "/new-site/:path*"] };
