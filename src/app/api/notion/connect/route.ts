import { getServerSession } from "next-auth";
import { authOptionsFor, SIGN_IN_PATH } from "@/auth/auth-options";
import { NOTION_OAUTH_STATE_COOKIE, NOTION_OAUTH_STATE_MAX_AGE_S, startNotionOAuth } from "@/core/notion-connections/start-notion-oauth";
import { jsonErrorResponse } from "@/http/json-error";
import { z } from "zod";
import { getConnectionForOwnerOrThrow } from "@/core/notion-connections/connection-client";
import { getSiteForOwnerOrThrow } from "@/core/sites/get-site-for-owner-or-throw";
import { AppError, toAppError } from "@/lib/errors";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

const reconnectQuery = z.object({ reconnect: z.string().uuid().optional(), site: z.string().uuid().optional() });

/**
 * "Connect Notion": the signed-in owner goes to Notion's consent screen, with a state bound to them in an HttpOnly
 * cookie. `?reconnect=<connection>&site=<site>` (the General screen's "Reconnect Notion"): the new tokens go on that
 * connection, which must be the owner's, and the owner comes back to that site.
 */
export async function GET(request: Request) {
  const runtime = getRuntime();
  const session = await getServerSession(authOptionsFor(runtime));
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return Response.redirect(`${runtime.env.APP_URL}${SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: "/new-site" })}`, 303);
  try {
    const query = reconnectQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new AppError("VALIDATION", "Not a connection to reconnect");
    const { reconnect, site } = query.data;
    if (reconnect) await getConnectionForOwnerOrThrow(runtime.notionConnections, userId, reconnect);
    if (reconnect && site) await getSiteForOwnerOrThrow(runtime.db, userId, site);
    const { authorizeUrl, state } = startNotionOAuth(runtime.notionConnections, userId, reconnect ? { connectionId: reconnect, siteId: site } : undefined);
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
