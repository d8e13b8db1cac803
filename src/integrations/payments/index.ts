import type { Env } from "@/env";
import { createPaddleClient } from "./paddle";
import type { PaymentProvider } from "./types";

export type * from "./types";

/**
 * The payment provider behind an interface. Today Paddle Billing; the stand-in server in
 * tools/paddle-stub speaks the same wire format, so tests run this very client.
 */


const PADDLE_API = { sandbox: "https://sandbox-api.paddle.com", production: "https://api.paddle.com" } as const;

/** null when billing is off (no API key): self-hosted, every feature unlocked. */
export function createPaymentProvider(env: Env): PaymentProvider | null {
  if (!env.PADDLE_API_KEY) return null;
  return createPaddleClient({ apiKey: env.PADDLE_API_KEY, baseUrl: env.PADDLE_API_BASE ?? PADDLE_API[env.PADDLE_ENV] });
}

