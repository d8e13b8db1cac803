import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { isPublicAddress } from "@/notion/images/fetch-file";

export const WEBHOOK_TIMEOUT_MS = 10_000;

export type WebhookPost = (url: string, headers: Record<string, string>, body: string) => Promise<{ status: number }>;

/** Refuses a name that resolves to anything but public unicast addresses, at connect time (after DNS), so a rebinding name can't slip through. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    if (!list.length || list.some((a) => !isPublicAddress(a.address))) {
      return callback(Object.assign(new Error(`refused: ${hostname} resolves to a private, loopback or metadata address`), { code: "EPRIVATE" }), "", 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * POSTs one webhook: no redirects followed, a time-out, and — unless the operator allows private targets
 * (WEBHOOKS_ALLOW_PRIVATE=1) — only to public addresses, checked on the literal address and on what DNS answers when
 * the socket connects. Resolves with the status; rejects when no answer came.
 */
export function createWebhookPost(opts: { allowPrivate: boolean; timeoutMs?: number }): WebhookPost {
  return (raw, headers, body) =>
    new Promise((resolve, reject) => {
      const url = new URL(raw);
      const literal = url.hostname.replace(/^\[|\]$/g, "");
      if (!opts.allowPrivate && net.isIP(literal) && !isPublicAddress(literal)) return reject(new Error("refused: a private, loopback or metadata address"));
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "Pagewright-Webhooks/1", ...headers },
          lookup: opts.allowPrivate ? undefined : publicOnlyLookup,
          timeout: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0 });
        },
      );
      req.on("timeout", () => req.destroy(new Error("timed out")));
      req.on("error", reject);
      req.end(body);
    });
}
