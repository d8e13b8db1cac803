import type { IncomingMessage } from "node:http";
import ipaddr from "ipaddr.js";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who is asking, behind `trustedHops` proxies (TRUST_PROXY). Each proxy appends the address it saw to
 * X-Forwarded-For, so only the right-most `trustedHops` entries were written by proxies we trust; everything left of
 * them came from the visitor and may be made up. 0 hops: the socket's peer.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const peer = normalizeAddress(req.socket.remoteAddress ?? "") ?? "unknown";
  if (trustedHops <= 0) return peer;
  const entry = trustedEntry(req.headers["x-forwarded-for"], trustedHops);
  // A malformed entry was not written by a proxy: fall back to the peer (the proxy) rather than key on it.
  return (entry && normalizeAddress(entry)) || peer;
}

/** The scheme the visitor used: from X-Forwarded-Proto only behind trusted proxies, else the socket's own. */
export function clientProtocol(req: IncomingMessage, trustedHops: number): "https" | "http" {
  const direct = (req.socket as { encrypted?: boolean }).encrypted === true ? "https" : "http";
  if (trustedHops <= 0) return direct;
  const entry = trustedEntry(req.headers["x-forwarded-proto"], trustedHops)?.toLowerCase();
  return entry === "https" || entry === "http" ? entry : direct;
}

/**
 * The entry the outermost trusted proxy wrote: `trustedHops` from the right. Proxies that overwrite instead of
 * append leave one entry, which is then theirs. Repeated headers arrive joined by commas.
 */
function trustedEntry(header: string | string[] | undefined, trustedHops: number): string | undefined {
  const entries = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return undefined;
  return entries[Math.max(0, entries.length - trustedHops)];
}

/**
 * The key a limit counts an address under: an IPv4 address as it is, an IPv6 address as its /64. One subscriber or
 * server gets a whole /64 (often far more), so counting each IPv6 address apart would give anyone 2^64 allowances.
 */
export function rateLimitAddress(address: string): string {
  if (!ipaddr.IPv6.isValid(address) || ipaddr.IPv4.isValid(address)) return address;
  const parts = ipaddr.IPv6.parse(address).parts;
  return `${parts.slice(0, 4).map((p) => p.toString(16)).join(":")}::/64`;
}

/** One spelling per address (IPv4-mapped IPv6 as IPv4, IPv6 compressed), so one visitor is one rate-limit key. */
function normalizeAddress(raw: string): string | null {
  let value = raw.trim();
  // "[2001:db8::1]:443" or "203.0.113.7:5000": some proxies add the port.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  if (!ipaddr.isValid(value)) return null;
  return ipaddr.process(value).toString();
}

/**
 * The visitor's address as the front door saw it, handed to Next.js routes in a header the front door always
 * overwrites (a client can't choose it). Next.js routes have no socket of their own to ask.
 */
export const CLIENT_ADDRESS_HEADER = "x-pagewright-client-ip";

const requestAddress = new AsyncLocalStorage<string>();

/** Runs a Next.js route with the client address of its request available to code deep inside (next-auth callbacks). */
export function withClientAddress<T>(request: Request, run: () => T): T {
  return requestAddress.run(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown", run);
}

/** The client address of the request being handled, or "unknown" outside withClientAddress. */
export function currentClientAddress(): string {
  return requestAddress.getStore() ?? "unknown";
}
