import http from "node:http";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer };

/** node:http request, because fetch() will not send a custom Host header (needed to reach site hosts). */
export function rawRequest(
  url: string,
  opts: { host?: string; method?: string; headers?: Record<string, string>; body?: string | Buffer; /** sent as is, not normalised by URL parsing */ rawPath?: string } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: opts.rawPath ?? `${target.pathname}${target.search}`,
        method: opts.method ?? "GET",
        headers: { ...(opts.host ? { host: opts.host } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
        });
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}
