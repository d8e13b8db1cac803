import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";

/**
 * Rendered responses kept in memory, bounded by bytes (least recently used out first), each stored with its ETag
 * and compressed forms so a hit costs a Map lookup and one write.
 */
export type CachedResponse = {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  size: number;
};

export function makeCachedResponse(status: number, contentType: string, content: string | Buffer): CachedResponse {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const gzip = zlib.gzipSync(body, { level: 6 });
  const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  return { status, contentType, body, gzip, br, etag, size: body.length + gzip.length + br.length };
}

export class PageCache {
  private entries = new Map<string, CachedResponse>();
  private bytes = 0;
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert: Map order is our recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedResponse): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.size;
      this.entries.delete(key);
    }
    if (value.size > this.maxBytes / 4) return;
    this.entries.set(key, value);
    this.bytes += value.size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.size;
    }
  }

  /** Drops every entry of one site (its settings or content changed). */
  deleteSite(siteId: string): void {
    for (const [k, v] of this.entries) {
      if (k.startsWith(`${siteId}\n`)) {
        this.entries.delete(k);
        this.bytes -= v.size;
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Sends a cached response: 304 on a matching ETag, brotli or gzip when the client takes them. */
export function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedResponse, cacheControl: string, extraHeaders: Record<string, string> = {}): void {
  const headers: Record<string, string | number> = {
    ...extraHeaders,
    "content-type": page.contentType,
    etag: page.etag,
    "cache-control": cacheControl,
    vary: "Accept-Encoding",
    "x-content-type-options": "nosniff",
  };
  const inm = req.headers["if-none-match"];
  if (inm && page.status === 200 && inm.split(/\s*,\s*/).some((t) => t === page.etag || t === `W/${page.etag}`)) {
    res.writeHead(304, headers).end();
    return;
  }
  const accept = String(req.headers["accept-encoding"] ?? "");
  let body = page.body;
  if (/\bbr\b/.test(accept)) {
    body = page.br;
    headers["content-encoding"] = "br";
  } else if (/\bgzip\b/.test(accept)) {
    body = page.gzip;
    headers["content-encoding"] = "gzip";
  }
  headers["content-length"] = body.length;
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
