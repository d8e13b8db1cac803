import { handleNotionWebhook } from "@/core/notion-connections/handle-notion-webhook";
import { reportError } from "@/integrations/error-reporting";
import { jsonErrorResponse } from "@/http/json-error";
import { AppError, GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 1024 * 1024;

/** Notion's webhooks (issue 22). The raw body is read first: the signature covers its exact bytes. */
export async function POST(request: Request) {
  const runtime = getRuntime();
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return jsonErrorResponse(413, "Too large");
  try {
    const result = await handleNotionWebhook(
      { db: runtime.db, authSecret: runtime.authSecret, content: runtime.content, siteEvents: runtime.siteEvents, log: (m) => console.log(m) },
      rawBody,
      request.headers.get("x-notion-signature"),
    );
    // Webhooks reach us: connected sites may poll rarely from now on.
    if (result.kind === "verification" || result.kind === "event") runtime.notionWatch.noteWebhooksVerified();
    // Refreshes run on after the answer: Notion wants a quick 200.
    const body = result.kind === "event" ? { kind: result.kind, eventId: result.eventId, sites: result.sites.length } : result;
    return Response.json(body, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (err instanceof AppError && (err.code === "VALIDATION" || err.code === "UNAUTHORIZED")) return jsonErrorResponse(err.status, err.message);
    reportError(err, { where: "notion-webhook" });
    return jsonErrorResponse(500, GENERIC_ERROR_MESSAGE);
  }
}
