import { handlePaddleWebhook } from "@/core/billing/handle-paddle-webhook";
import { reportError } from "@/integrations/error-reporting";
import { getRuntime } from "@/runtime";
import { jsonErrorResponse } from "@/http/json-error";
import { AppError, GENERIC_ERROR_MESSAGE } from "@/lib/errors";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 1024 * 1024;

/** Paddle Billing webhooks. The raw body is read first: the signature covers its exact bytes. */
export async function POST(request: Request) {
  const { db, env, siteEvents } = getRuntime();
  if (!env.billingEnabled || !env.PADDLE_WEBHOOK_SECRET) return jsonErrorResponse(404, "Billing is off");
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return jsonErrorResponse(413, "Too large");
  try {
    const result = await handlePaddleWebhook({ db, webhookSecret: env.PADDLE_WEBHOOK_SECRET, siteEvents }, rawBody, request.headers.get("paddle-signature"));
    return Response.json(result, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (err instanceof AppError && err.code === "VALIDATION") return jsonErrorResponse(400, err.message);
    // Anything else is ours: a 500 makes Paddle retry later, which is what we want.
    reportError(err, { where: "paddle-webhook" });
    return jsonErrorResponse(500, GENERIC_ERROR_MESSAGE);
  }
}
