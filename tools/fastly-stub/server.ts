import crypto from "node:crypto";
import { z } from "zod";
import { sendJson } from "../shared/http";
import { parseJson, startPurgeApi, type PurgeApiStub } from "../cdn-proxy-stub/purge-api";

/**
 * A local stand-in for Fastly's purge API (www.fastly.com/documentation/reference/api/purging/): `POST
 * /service/{service_id}/purge` purges up to 256 surrogate keys, given as `{"surrogate_keys": [...]}` or in a
 * `Surrogate-Key: a b c` request header, and answers a map of each key to its purge id; `POST
 * /service/{service_id}/purge/{surrogate_key}` purges one and answers `{"status": "ok", "id": …}`. The API token goes
 * in `Fastly-Key`; without the right one the answer is 401 `{"msg": "Provided credentials are missing or invalid"}`.
 * Accepted purges are handed to `onPurge` (the caching proxy stand-in, tools/cdn-proxy-stub).
 */

const BULK = /^\/service\/([^/]+)\/purge$/;
const SINGLE = /^\/service\/([^/]+)\/purge\/([^/]+)$/;
const bulkBody = z.object({ surrogate_keys: z.array(z.string().min(1)).min(1).max(256) }).strict();
const purgeId = () => `${crypto.randomInt(1000, 9999)}-${crypto.randomInt(1e9, 9e9)}-${crypto.randomInt(1e6, 9e6)}`;

export async function createFastlyStub(opts: { serviceId: string; token: string; onPurge: (keys: string[]) => void; port?: number }): Promise<PurgeApiStub> {
  return startPurgeApi(
    (req, text, res, accept) => {
      const url = req.url ?? "";
      const bulk = BULK.exec(url);
      const single = SINGLE.exec(url);
      const service = bulk?.[1] ?? single?.[1];
      if (req.method !== "POST" || !service) return sendJson(res, 404, { msg: "Record not found", detail: "Cannot find the requested resource" });
      if (req.headers["fastly-key"] !== opts.token) return sendJson(res, 401, { msg: "Provided credentials are missing or invalid" });
      if (service !== opts.serviceId) return sendJson(res, 404, { msg: "Record not found", detail: "Cannot find service" });
      if (single) {
        const key = decodeURIComponent(single[2]!);
        accept([key]);
        opts.onPurge([key]);
        return sendJson(res, 200, { status: "ok", id: purgeId() });
      }
      const fromHeader = String(req.headers["surrogate-key"] ?? "").split(" ").filter(Boolean);
      const parsed = fromHeader.length ? { success: true as const, data: { surrogate_keys: fromHeader } } : bulkBody.safeParse(parseJson(text));
      if (!parsed.success || parsed.data.surrogate_keys.length > 256) return sendJson(res, 400, { msg: "Bad request", detail: "surrogate_keys: 1 to 256 keys" });
      const keys = parsed.data.surrogate_keys;
      accept(keys);
      opts.onPurge(keys);
      sendJson(res, 200, Object.fromEntries(keys.map((k) => [k, purgeId()])));
    },
    (res, status) => sendJson(res, status, { msg: "Service unavailable", detail: "try again" }),
    opts.port,
  );
}
