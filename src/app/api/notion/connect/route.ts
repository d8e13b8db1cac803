import { getServerSession } from "next-auth";
import { authOptionsFor, SIGN_IN_PATH } from "@/auth/auth-options";
import { NOTION_OAUTH_STATE_COOKIE, NOTION_OAUTH_STATE_MAX_AGE_S, startNotionOAuth } from "@/core/notion-connections/start-notion-oauth";
import { jsonErrorResponse } from "@/http/json-error";
import { toAppError } from "@/lib/errors";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

/** "Connect Notion": the signed-in owner goes to Notion's consent screen, with a state bound to them in an HttpOnly cookie. */
export async function GET() {
  const runtime = getRuntime();
  const session = await getServerSession(authOptionsFor(runtime));
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return Response.redirect(`${runtime.env.APP_URL}${SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: "/new-site" })}`, 303);
  try {
    const { authorizeUrl, state } = startNotionOAuth(runtime.notionConnections, userId);
    const secure = runtime.env.APP_URL.startsWith("https:") ? "; Secure" : "";
    return new Response(null, {
      status: 303,
      headers: {
        location: authorizeUrl,
        "set-cookie": `${NOTION_OAUTH_STATE_COOKIE}=${state}; Path=/api/notion; HttpOnly; SameSite=Lax; Max-Age=${NOTION_OAUTH_STATE_MAX_AGE_S}${secure}`,
        "cache-control": "no-store",
      },
    });
  } catch (err) {
    const error = toAppError(err);
    return jsonErrorResponse(error.status, error.message);
  }
}
