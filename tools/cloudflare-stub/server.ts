import crypto from "node:crypto";
import { z } from "zod";
import { sendJson } from "../shared/http";
import { parseJson, startPurgeApi, type PurgeApiStub } from "../cdn-proxy-stub/purge-api";

/**
 * A local stand-in for Cloudflare's cache purge API (API v4, "Purge Cached Content by Tag, Host or Prefix",
 * developers.cloudflare.com/api/resources/cache/methods/purge): `POST /client/v4/zones/{zone_id}/purge_cache` with
 * `Authorization: Bearer <token>` and `{"tags": [...]}` (or `{"purge_everything": true}`). Answers in the v4
 * envelope `{success, errors, messages, result}`: `result.id` on success; a bad token is 403 with error 10000, a body
 * without what to purge is 400 with error 1012, another zone is 400 with error 7003 (route not found). Accepted tag purges
 * are handed to `onPurge` (the caching proxy stand-in, tools/cdn-proxy-stub).
 */

const PATH = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/;
const body = z.union([z.object({ tags: z.array(z.string().min(1)).min(1).max(100) }).strict(), z.object({ purge_everything: z.literal(true) }).strict()]);
const envelope = (success: boolean, errors: { code: number; message: string }[], result: unknown = null) => ({ success, errors, messages: [], result });

export async function createCloudflareStub(opts: { zoneId: string; token: string; onPurge: (tags: string[] | "everything") => void; port?: number }): Promise<PurgeApiStub> {
  return startPurgeApi(
    (req, text, res, accept) => {
      const zone = PATH.exec(req.url ?? "")?.[1];
      if (req.method !== "POST" || !zone) return sendJson(res, 404, envelope(false, [{ code: 7000, message: "No route for that URI" }]));
      if (req.headers.authorization !== `Bearer ${opts.token}`) return sendJson(res, 403, envelope(false, [{ code: 10000, message: "Authentication error" }]));
      if (zone !== opts.zoneId) return sendJson(res, 400, envelope(false, [{ code: 7003, message: "Could not route to /zones/" + zone + "/purge_cache, perhaps your object identifier is invalid?" }]));
      const parsed = body.safeParse(parseJson(text));
      if (!parsed.success) return sendJson(res, 400, envelope(false, [{ code: 1012, message: "Request must contain one of \"purge_everything\", \"files\", \"tags\", \"hosts\" or \"prefixes\"" }]));
      const tags = "tags" in parsed.data ? parsed.data.tags : null;
      if (tags) accept(tags);
      opts.onPurge(tags ?? "everything");
      sendJson(res, 200, envelope(true, [], { id: crypto.randomBytes(16).toString("hex") }));
    },
    (res, status) => sendJson(res, status, envelope(false, [{ code: 10000 + status, message: "Service temporarily unavailable" }])),
    opts.port,
  );
}
