import { handleNotionWebhook } from "@/core/notion-connections/handle-notion-webhook";
import { takeSharedRateLimit } from "@/core/usage/rate-limits";
import { reportError } from "@/integrations/error-reporting";
import { CLIENT_ADDRESS_HEADER, rateLimitAddress } from "@/http/client-address";
import { jsonErrorResponse } from "@/http/json-error";
import { AppError, GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Notion's webhooks. The raw body is read first: the signature covers its exact bytes. Requests refused for their
 * signature (or a verification nobody expected) are limited per address, so the route can't be used to grind.
 */
export async function POST(request: Request) {
  const runtime = getRuntime();
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return jsonErrorResponse(413, "Too large");
  const address = rateLimitAddress(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown");
  const refused = async () => !(await takeSharedRateLimit(runtime.db, "notionWebhookRefused", address));
  try {
    const result = await handleNotionWebhook(
      { db: runtime.db, authSecret: runtime.authSecret, content: runtime.content, siteEvents: runtime.siteEvents, log: (m) => console.log(m) },
      rawBody,
      request.headers.get("x-notion-signature"),
    );
    if (result.kind === "verification" && !result.stored && (await refused())) return jsonErrorResponse(429, "Too many requests");
    // A signed event: webhooks reach us, and connected sites may poll rarely from now on.
    if (result.kind === "event") runtime.notionWatch.noteWebhooksVerified();
    // Refreshes run on after the answer: Notion wants a quick 200.
    const body = result.kind === "event" ? { kind: result.kind, eventId: result.eventId, sites: result.sites.length } : result;
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (err instanceof AppError && (err.code === "VALIDATION" || err.code === "UNAUTHORIZED")) {
      if (await refused()) return jsonErrorResponse(429, "Too many requests");
      return jsonErrorResponse(err.status, err.message);
    }
    reportError(err, { where: "notion-webhook" });
    return jsonErrorResponse(500, GENERIC_ERROR_MESSAGE);
  }
}
