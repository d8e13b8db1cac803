import { getServerSession } from "next-auth";
import { authOptionsFor, SIGN_IN_PATH } from "@/auth/auth-options";
import { finishNotionOAuth } from "@/core/notion-connections/finish-notion-oauth";
import { refreshConnectionSites } from "@/core/notion-connections/reconnect-notion-connection";
import { NOTION_OAUTH_STATE_COOKIE } from "@/core/notion-connections/start-notion-oauth";
import { notionOAuthErrorCodeOf } from "@/core/notion-connections/notion-oauth-errors";
import { reportError } from "@/integrations/error-reporting";
import { toAppError } from "@/lib/errors";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/**
 * Notion sends the owner back here: the connection is stored, and the owner picks a page on /new-site. A reconnected
 * connection's sites are refreshed, and the owner goes back to the site they reconnected from.
 */
export async function GET(request: Request) {
  const runtime = getRuntime();
  const base = runtime.env.APP_URL;
  const session = await getServerSession(authOptionsFor(runtime));
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) return Response.redirect(`${base}${SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: "/new-site" })}`, 303);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  // The state cookie is single-use: cleared whatever the outcome.
  const clearCookie = `${NOTION_OAUTH_STATE_COOKIE}=; Path=/api/notion; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const { connectionId, reconnected, siteId } = await finishNotionOAuth(runtime.notionConnections, userId, query, cookieOf(request, NOTION_OAUTH_STATE_COOKIE));
    if (reconnected) {
      // The connection works again: its sites bring in what changed meanwhile (in the background; the owner is sent back now).
      void refreshConnectionSites(runtime, connectionId).catch((err: unknown) => reportError(err, { where: "notion-reconnect-refresh" }));
      const back = siteId ? `/dashboard/sites/${siteId}?${new URLSearchParams({ notionReconnected: "1" })}` : `/new-site?${new URLSearchParams({ connection: connectionId })}`;
      return new Response(null, { status: 303, headers: { location: `${base}${back}`, "set-cookie": clearCookie } });
    }
    return new Response(null, { status: 303, headers: { location: `${base}/new-site?${new URLSearchParams({ connection: connectionId })}`, "set-cookie": clearCookie } });
  } catch (err) {
    const error = toAppError(err);
    if (error.status >= 500) reportError(err, { where: "notion-oauth-callback" });
    return new Response(null, { status: 303, headers: { location: `${base}/new-site?${new URLSearchParams({ connectionError: notionOAuthErrorCodeOf(error.message) })}`, "set-cookie": clearCookie } });
  }
}
