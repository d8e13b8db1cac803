import NextAuth from "next-auth";
import { getRuntime } from "@/runtime";
import { authOptionsFor } from "@/auth/auth-options";
import { withClientAddress } from "@/http/client-address";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(req: Request, context: Context) {
  // The magic-link limit per IP needs the address inside next-auth's sendVerificationRequest.
  return withClientAddress(req, () => NextAuth(req as never, context as never, authOptionsFor(getRuntime())));
}

export { handler as GET, handler as POST };
