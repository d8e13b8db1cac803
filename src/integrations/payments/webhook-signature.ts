import crypto from "node:crypto";

/**
 * Paddle Billing webhook signatures: header `Paddle-Signature: ts=<unix seconds>;h1=<hex>` where h1 is
 * HMAC-SHA256(secret, `${ts}:${rawBody}`). Checked on the raw bytes before anything is parsed, in constant time,
 * and only within a time window so a captured request can't be replayed later.
 */

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPaddleBody(secret: string, rawBody: string, ts: number): string {
  const h1 = crypto.createHmac("sha256", secret).update(`${ts}:${rawBody}`).digest("hex");
  return `ts=${ts};h1=${h1}`;
}

export function verifyPaddleSignature(secret: string, rawBody: string, header: string | null, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [k, v] = part.split("=", 2).map((s) => s.trim());
    if (k && v) parts.set(k, [...(parts.get(k) ?? []), v]);
  }
  const ts = Number(parts.get("ts")?.[0]);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${ts}:${rawBody}`).digest();
  // Paddle may send several h1 values while a secret is rotated; any one matching is enough.
  return (parts.get("h1") ?? []).some((h1) => {
    if (!/^[0-9a-f]{64}$/i.test(h1)) return false;
    return crypto.timingSafeEqual(Buffer.from(h1, "hex"), expected);
  });
}
