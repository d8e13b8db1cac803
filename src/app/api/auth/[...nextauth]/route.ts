import NextAuth from "next-auth";
import { getRuntime } from "@/runtime";
import { authOptionsFor } from "@/auth/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

function handler(req: Request, context: Context) {
  return NextAuth(req as never, context as never, authOptionsFor(getRuntime()));
}

export { handler as GET, handler as POST };
