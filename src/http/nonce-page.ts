import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { CachedResponse } from "./page-cache";

/**
 * A cached page that needs a fresh CSP nonce in every response (the owner's own scripts), without rendering or
 * compressing the page again per request. The page is kept cut at its nonce placeholders: the pieces as they are and,
 * for gzip, each piece deflated on its own ending on a byte boundary (a sync flush). A response deflates only the
 * nonce (a few bytes), lays the pieces and the nonce one after another — a valid deflate stream, since each piece
 * refers only to its own bytes — and adds the gzip header and a CRC-32 over the whole body (zlib.crc32, native).
 * Brotli has no such seams, so these pages go out as gzip or plain; and they carry no ETag, since a 304 would pair a
 * kept body with a new header's nonce.
 */
export type NonceBody = {
  /** The page's pieces between nonce placeholders (n pieces, n − 1 nonces). */
  pieces: Buffer[];
  /** Each piece raw-deflated on its own: sync-flushed, the last one finished. */
  deflated: Buffer[];
};

export function makeNonceResponse(status: number, contentType: string, page: string, placeholder: string): CachedResponse {
  const pieces = page.split(placeholder).map((p) => Buffer.from(p));
  const deflated = pieces.map((piece, i) =>
    zlib.deflateRawSync(piece, { level: 6, finishFlush: i < pieces.length - 1 ? zlib.constants.Z_SYNC_FLUSH : zlib.constants.Z_FINISH }),
  );
  const size = pieces.reduce((n, p) => n + p.length, 0) + deflated.reduce((n, p) => n + p.length, 0);
  const empty = Buffer.alloc(0);
  return { status, contentType, body: empty, gzip: empty, br: empty, etag: "", size, nonceBody: { pieces, deflated } };
}

/** A nonce for one response: 128 random bits, base64 (what CSP's nonce-source takes). */
export const newNonce = () => crypto.randomBytes(16).toString("base64");

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** The page with `nonce` in every placeholder's place, as plain bytes. */
export function plainWithNonce(body: NonceBody, nonce: string): Buffer {
  const value = Buffer.from(nonce);
  const parts: Buffer[] = [];
  body.pieces.forEach((piece, i) => {
    if (i) parts.push(value);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

/** The page with `nonce` in every placeholder's place, as a gzip stream made of the kept deflated pieces. */
export function gzipWithNonce(body: NonceBody, nonce: string): Buffer {
  const value = Buffer.from(nonce);
  const deflatedValue = zlib.deflateRawSync(value, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  body.pieces.forEach((piece, i) => {
    if (i) {
      parts.push(deflatedValue);
      crc = zlib.crc32(value, crc);
      length += value.length;
    }
    parts.push(body.deflated[i]!);
    // Node 20's zlib.crc32 answers 0 for some empty buffers whatever the running value: an empty piece adds nothing.
    if (piece.length) crc = zlib.crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** Sends a nonce page: a fresh nonce in the body and in the headers `headersFor` gives (the CSP). */
export function sendNoncePage(req: IncomingMessage, res: ServerResponse, page: CachedResponse, cacheControl: string, headersFor: (nonce: string) => Record<string, string>): void {
  const body = page.nonceBody!;
  const nonce = newNonce();
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const bytes = gzip ? gzipWithNonce(body, nonce) : plainWithNonce(body, nonce);
  const headers: Record<string, string> = {
    ...headersFor(nonce),
    ...page.headers,
    "content-type": page.contentType,
    "cache-control": cacheControl,
    vary: "Accept-Encoding",
    "x-content-type-options": "nosniff",
    "content-length": String(bytes.length),
  };
  if (gzip) headers["content-encoding"] = "gzip";
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : bytes);
}
