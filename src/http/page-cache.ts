import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { NonceBody } from "./nonce-page";

/**
 * A rendered response as the site server keeps it in memory (src/site-server/site-cache.ts), with its ETag and
 * compressed forms, so a hit costs a lookup and one write.
 */
export type CachedResponse = {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  size: number;
  /** Headers that belong to this body (a page's `Link` to its Markdown twin), set once when it is cached. */
  headers?: Readonly<Record<string, string>>;
  /** A page that takes a fresh nonce per response (src/http/nonce-page.ts): sent by sendNoncePage, not sendCached. */
  nonceBody?: NonceBody;
};

export function makeCachedResponse(status: number, contentType: string, content: string | Buffer): CachedResponse {
  const body = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const gzip = zlib.gzipSync(body, { level: 6 });
  const br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  return { status, contentType, body, gzip, br, etag, size: body.length + gzip.length + br.length };
}

/**
 * The header lists of one cached response as sent (plain, gzip, brotli, 304), built on its first send and reused while
 * the caller passes the same cache policy and the same extra-headers object (the site server keeps one per site).
 */
type HeaderLists = { cacheControl: string; extra: Record<string, string>; plain: string[]; gzip: string[]; br: string[]; notModified: string[] };
const headerListsOf = new WeakMap<CachedResponse, HeaderLists>();

function headerLists(page: CachedResponse, cacheControl: string, extra: Record<string, string>): HeaderLists {
  const known = headerListsOf.get(page);
  if (known && known.cacheControl === cacheControl && known.extra === extra) return known;
  const common = [
    ...Object.entries(extra).flat(),
    ...Object.entries(page.headers ?? {}).flat(),
    ...["content-type", page.contentType, "etag", page.etag, "cache-control", cacheControl, "vary", "Accept-Encoding", "x-content-type-options", "nosniff"],
  ];
  const lists: HeaderLists = {
    cacheControl,
    extra,
    plain: [...common, "content-length", String(page.body.length)],
    gzip: [...common, "content-encoding", "gzip", "content-length", String(page.gzip.length)],
    br: [...common, "content-encoding", "br", "content-length", String(page.br.length)],
    notModified: common,
  };
  headerListsOf.set(page, lists);
  return lists;
}

/** Sends a cached response: 304 on a matching ETag, brotli or gzip when the client takes them. */
export function sendCached(req: IncomingMessage, res: ServerResponse, page: CachedResponse, cacheControl: string, extraHeaders: Record<string, string> = NO_HEADERS): void {
  const lists = headerLists(page, cacheControl, extraHeaders);
  const inm = req.headers["if-none-match"];
  if (inm && page.status === 200 && inm.split(/\s*,\s*/).some((t) => t === page.etag || t === `W/${page.etag}`)) {
    res.writeHead(304, lists.notModified).end();
    return;
  }
  const accept = req.headers["accept-encoding"] ?? "";
  const [headers, body] = /\bbr\b/.test(accept) ? [lists.br, page.br] : /\bgzip\b/.test(accept) ? [lists.gzip, page.gzip] : [lists.plain, page.body];
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

const NO_HEADERS: Record<string, string> = {};
