import { AppError } from "@/lib/errors";

/** One purge request may take this long; a slow CDN API is retried by the caller, never waited on for long. */
export const PURGE_TIMEOUT_MS = 10_000;

/** POSTs a purge request; any answer but 2xx (or no answer) is an UPSTREAM error naming the CDN and its status. */
export async function postPurge(provider: string, url: string, headers: Record<string, string>, body?: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(PURGE_TIMEOUT_MS) });
  } catch (err) {
    throw new AppError("UPSTREAM", `${provider} purge failed: ${(err as Error).message}`, { cause: err });
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => "")).slice(0, 300);
    throw new AppError("UPSTREAM", `${provider} purge failed: HTTP ${res.status} ${text}`.trim());
  }
  return res;
}
