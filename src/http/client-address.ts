import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage } from "node:http";

/**
 * The visitor's address as the front door saw it, handed to Next.js routes in a header the front door always
 * overwrites (a client can't choose it). Next.js routes have no socket of their own to ask.
 */
export const CLIENT_ADDRESS_HEADER = "x-pagewright-client-ip";

/**
 * The socket's peer, or with TRUST_PROXY the right-most X-Forwarded-For entry: the one our proxy added (anything to
 * its left was sent by the client and can say anything).
 */
export function clientAddressOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = String(req.headers["x-forwarded-for"] ?? "").split(",").map((s) => s.trim()).filter(Boolean).at(-1);
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? "unknown";
}

const requestAddress = new AsyncLocalStorage<string>();

/** Runs a Next.js route with the client address of its request available to code deep inside (next-auth callbacks). */
export function withClientAddress<T>(request: Request, run: () => T): T {
  return requestAddress.run(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown", run);
}

/** The client address of the request being handled, or "unknown" outside withClientAddress. */
export function currentClientAddress(): string {
  return requestAddress.getStore() ?? "unknown";
}
