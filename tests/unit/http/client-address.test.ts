import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddress, clientProtocol, rateLimitAddress } from "@/http/client-address";

/** A request as Node hands it over: the socket's peer and the (lower-cased) headers. */
const request = (peer: string | undefined, headers: Record<string, string | string[]> = {}, encrypted = false) =>
  ({ socket: { remoteAddress: peer, encrypted }, headers }) as unknown as IncomingMessage;

const PROXY = "10.0.0.2";

describe("clientAddress", () => {
  // [case, peer, X-Forwarded-For, trusted hops, expected]
  it.each([
    ["no proxy: the peer", "203.0.113.7", undefined, 0, "203.0.113.7"],
    ["no proxy: a sent header is ignored", "203.0.113.7", "1.2.3.4", 0, "203.0.113.7"],
    ["one hop: the entry our proxy appended", PROXY, "203.0.113.7", 1, "203.0.113.7"],
    ["one hop: spoofed left entries are ignored", PROXY, "10.0.0.1, 9.9.9.9, 203.0.113.7", 1, "203.0.113.7"],
    ["one hop: no spaces", PROXY, "1.1.1.1,203.0.113.7", 1, "203.0.113.7"],
    ["one hop: extra spaces and empty entries", PROXY, "  1.1.1.1 ,, 203.0.113.7  ", 1, "203.0.113.7"],
    ["one hop: header missing → the peer", PROXY, undefined, 1, PROXY],
    ["one hop: header empty → the peer", PROXY, "", 1, PROXY],
    ["one hop: a malformed entry → the peer", PROXY, "1.1.1.1, not-an-address", 1, PROXY],
    ["two hops: the entry the outer proxy appended", PROXY, "6.6.6.6, 203.0.113.7, 172.16.0.5", 2, "203.0.113.7"],
    ["two hops: spoofed entries further left are ignored", PROXY, "1.1.1.1, 2.2.2.2, 203.0.113.7, 172.16.0.5", 2, "203.0.113.7"],
    ["two hops, one entry: the left-most there is", PROXY, "203.0.113.7", 2, "203.0.113.7"],
    ["IPv6 entry", PROXY, "1.1.1.1, 2001:DB8::1", 1, "2001:db8::1"],
    ["IPv6 with brackets and port", PROXY, "1.1.1.1, [2001:db8::1]:443", 1, "2001:db8::1"],
    ["IPv4 with port", PROXY, "1.1.1.1, 203.0.113.7:51000", 1, "203.0.113.7"],
    ["IPv4-mapped IPv6 becomes IPv4", PROXY, "::ffff:203.0.113.7", 1, "203.0.113.7"],
    ["IPv4-mapped peer becomes IPv4", "::ffff:203.0.113.7", undefined, 0, "203.0.113.7"],
    ["IPv6 peer", "::1", "1.1.1.1", 0, "::1"],
    ["no peer at all", undefined, undefined, 0, "unknown"],
  ] as const)("%s", (_case, peer, forwardedFor, hops, expected) => {
    expect(clientAddress(request(peer, forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }), hops)).toBe(expected);
  });

  it("reads repeated headers as one list", () => {
    expect(clientAddress(request(PROXY, { "x-forwarded-for": ["9.9.9.9", "203.0.113.7"] }), 1)).toBe("203.0.113.7");
  });
});

describe("clientProtocol", () => {
  it.each([
    ["no proxy: the socket's own, a sent header is ignored", { "x-forwarded-proto": "https" }, 0, false, "http"],
    ["no proxy over TLS", {}, 0, true, "https"],
    ["one hop: the proxy's value", { "x-forwarded-proto": "https" }, 1, false, "https"],
    ["one hop: appended list, right-most", { "x-forwarded-proto": "https, http" }, 1, false, "http"],
    ["two hops: the outer proxy's value", { "x-forwarded-proto": "http, https, http" }, 2, false, "https"],
    ["one hop: an odd value → the socket's own", { "x-forwarded-proto": "gopher" }, 1, false, "http"],
    ["one hop: missing → the socket's own", {}, 1, false, "http"],
  ] as const)("%s", (_case, headers, hops, encrypted, expected) => {
    expect(clientProtocol(request(PROXY, headers, encrypted), hops)).toBe(expected);
  });
});

describe("rateLimitAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (address, key) => {
    expect(rateLimitAddress(address)).toBe(key);
  });
});
