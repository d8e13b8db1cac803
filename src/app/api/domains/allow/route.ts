import { isAllowedTlsHost } from "@/core/domains/is-allowed-tls-host";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

/** Caddy's on-demand TLS `ask` (docs/custom-domains.md, "HTTPS"): 200 when we serve this host, 404 when not, 400 without one. */
export async function GET(request: Request) {
  const domain = new URL(request.url).searchParams.get("domain")?.trim();
  if (!domain) return text(400, "domain is required");
  const { db, env } = getRuntime();
  return (await isAllowedTlsHost(db, env, domain)) ? text(200, "ok") : text(404, "not allowed");
}
