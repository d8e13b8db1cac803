import { AppError } from "@/lib/errors";
import { handlePaddleWebhook } from "@/core/billing/handle-paddle-webhook";
import { reportError } from "@/integrations/error-reporting";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 1024 * 1024;
const json = (status: number, body: unknown) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/** Paddle Billing webhooks (issue 10). The raw body is read first: the signature covers its exact bytes. */
export async function POST(request: Request) {
  const { db, env } = getRuntime();
  if (!env.billingEnabled || !env.PADDLE_WEBHOOK_SECRET) return json(404, { error: "Billing is off" });
  const rawBody = await request.text();
  if (Buffer.byteLength(rawBody) > MAX_BODY_BYTES) return json(413, { error: "Too large" });
  try {
    const result = await handlePaddleWebhook({ db, webhookSecret: env.PADDLE_WEBHOOK_SECRET }, rawBody, request.headers.get("paddle-signature"));
    return json(200, result);
  } catch (err) {
    if (err instanceof AppError && err.code === "VALIDATION") return json(400, { error: err.message });
    // Anything else is ours: a 500 makes Paddle retry later, which is what we want.
    reportError(err, { where: "paddle-webhook" });
    return json(500, { error: "Something went wrong, please try again" });
  }
}
