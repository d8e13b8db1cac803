import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A tiny caching reverse proxy standing in for a CDN's edge in tests: it forwards to the origin (Host kept), stores
 * what a shared cache may store (`public` and `s-maxage`, else `max-age`; never `private`, `no-store`, `no-cache` or
 * a response that sets a cookie) for that long, keys copies by host, path and query and the request headers the
 * response's `Vary` names, and drops every copy carrying a tag when `purgeTags` is called — which the provider
 * stand-ins (tools/cloudflare-stub, tools/fastly-stub, tools/bunny-stub) do when their purge API is called. It reads
 * the tag header of the CDN it plays and, like the real ones, does not pass it on to visitors.
 *
 * Every answer says `x-cache: HIT` or `MISS` (`PASS` when not stored) so a test can tell where it came from.
 */

/** The tag header each CDN reads, and how its values are separated. */
export const TAG_HEADERS = {
  cloudflare: { name: "cache-tag", separator: "," },
  fastly: { name: "surrogate-key", separator: " " },
  bunny: { name: "cdn-tag", separator: "," },
} as const;
export type CdnKind = keyof typeof TAG_HEADERS;

type Stored = { status: number; headers: http.OutgoingHttpHeaders; body: Buffer; tags: Set<string>; expires: number; storedAt: number };

export type CachingProxy = {
  url: string;
  /** Drops every stored copy carrying any of these tags; returns how many were dropped. */
  purgeTags(tags: readonly string[]): number;
  /** Drops every stored copy (a purge of everything). */
  clear(): void;
  /** What was answered from the cache, fetched from the origin, and stored, since the start. */
  stats: { hits: number; misses: number; passes: number; stored: number; purged: number };
  /** The tags of what is stored now (for tests: a locked site's must never be there). */
  storedTags(): string[];
  close(): Promise<void>;
};

/** The seconds a shared cache may keep this response; 0 when it may not keep it at all. */
export function sharedLifetime(headers: http.IncomingHttpHeaders): number {
  if (headers["set-cookie"]) return 0;
  const directives = new Map<string, string>();
  for (const part of String(headers["cache-control"] ?? "").split(",")) {
    const [name, value = ""] = part.trim().toLowerCase().split("=");
    if (name) directives.set(name, value);
  }
  if (directives.has("private") || directives.has("no-store") || directives.has("no-cache")) return 0;
  const seconds = Number(directives.get("s-maxage") ?? directives.get("max-age") ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** Brotli, gzip or neither: what decides which stored encoding fits (a CDN normalises Accept-Encoding the same way). */
const encodingBucket = (accept: string | undefined) => (/\bbr\b/.test(accept ?? "") ? "br" : /\bgzip\b/.test(accept ?? "") ? "gzip" : "identity");

export async function createCachingProxy(opts: { origin: string | (() => string); cdn: CdnKind; port?: number }): Promise<CachingProxy> {
  const originOf = () => new URL(typeof opts.origin === "function" ? opts.origin() : opts.origin);
  const tagHeader = TAG_HEADERS[opts.cdn];
  const store = new Map<string, Stored>();
  /** Per host and path: the request headers the last stored response varied on. */
  const varyBy = new Map<string, string[]>();
  const stats = { hits: 0, misses: 0, passes: 0, stored: 0, purged: 0 };

  const keyOf = (req: http.IncomingMessage, base: string, vary: string[]) =>
    [base, ...vary.map((h) => `${h}=${h === "accept-encoding" ? encodingBucket(req.headers[h] as string | undefined) : String(req.headers[h] ?? "")}`)].join("\n");

  const server = http.createServer((req, res) => {
    const base = `${req.headers.host ?? ""}${req.url ?? "/"}`;
    const cacheable = req.method === "GET" || req.method === "HEAD";
    const vary = varyBy.get(base) ?? [];
    const hit = cacheable ? store.get(keyOf(req, base, vary)) : undefined;
    if (hit && hit.expires > Date.now()) {
      stats.hits++;
      res.writeHead(hit.status, { ...hit.headers, "x-cache": "HIT", age: String(Math.floor((Date.now() - hit.storedAt) / 1000)) });
      res.end(req.method === "HEAD" ? undefined : hit.body);
      return;
    }
    const origin = originOf();
    const upstream = http.request(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          const headers: http.OutgoingHttpHeaders = { ...answer.headers };
          const tags = new Set(String(answer.headers[tagHeader.name] ?? "").split(tagHeader.separator).map((t) => t.trim()).filter(Boolean));
          delete headers[tagHeader.name];
          delete headers["transfer-encoding"];
          delete headers.connection;
          headers["content-length"] = String(body.length);
          const lifetime = cacheable ? sharedLifetime(answer.headers) : 0;
          if (lifetime > 0 && req.method === "GET") {
            const varyNames = String(answer.headers.vary ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean);
            if (!varyNames.includes("*")) {
              varyBy.set(base, varyNames);
              store.set(keyOf(req, base, varyNames), { status: answer.statusCode ?? 200, headers, body, tags, expires: Date.now() + lifetime * 1000, storedAt: Date.now() });
              stats.stored++;
            }
          }
          if (lifetime > 0) stats.misses++;
          else stats.passes++;
          res.writeHead(answer.statusCode ?? 502, { ...headers, "x-cache": lifetime > 0 ? "MISS" : "PASS" });
          res.end(req.method === "HEAD" ? undefined : body);
        });
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end("origin unreachable");
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    purgeTags(tags) {
      let dropped = 0;
      for (const [key, entry] of store) {
        if (tags.some((t) => entry.tags.has(t))) {
          store.delete(key);
          dropped++;
        }
      }
      stats.purged += dropped;
      return dropped;
    },
    clear: () => store.clear(),
    stats,
    storedTags: () => [...new Set([...store.values()].flatMap((e) => [...e.tags]))],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
