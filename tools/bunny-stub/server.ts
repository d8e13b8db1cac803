import { z } from "zod";
import { sendJson } from "../shared/http";
import { parseJson, startPurgeApi, type PurgeApiStub } from "../cdn-proxy-stub/purge-api";

/**
 * A local stand-in for bunny.net's pull-zone purge (Core API, docs.bunny.net/api-reference/core/pull-zone/purge-cache
 * and docs.bunny.net/cdn/purge-cache): `POST /pullzone/{id}/purgeCache` with the account API key in `AccessKey`;
 * a body `{"CacheTag": "…"}` purges the files whose `CDN-Tag` header carried that tag, no body purges the whole pull
 * zone. Success is 204 No Content; a wrong key 401; another pull zone 404 with bunny's error shape
 * `{ErrorKey, Field, Message}`. Accepted purges are handed to `onPurge` (the caching proxy stand-in).
 */

const PATH = /^\/pullzone\/([^/]+)\/purgeCache$/;
const body = z.object({ CacheTag: z.string().min(1).max(1024).optional() });

export async function createBunnyStub(opts: { pullZoneId: string; accessKey: string; onPurge: (tag: string | "everything") => void; port?: number }): Promise<PurgeApiStub> {
  const error = (key: string, field: string, message: string) => ({ ErrorKey: key, Field: field, Message: message });
  return startPurgeApi(
    (req, text, res, accept) => {
      const zone = PATH.exec(req.url ?? "")?.[1];
      if (req.method !== "POST" || !zone) return sendJson(res, 404, error("not_found", "", "The requested resource was not found"));
      if (req.headers.accesskey !== opts.accessKey) return sendJson(res, 401, error("unauthorized", "AccessKey", "The request authorization failed"));
      if (zone !== opts.pullZoneId) return sendJson(res, 404, error("pullzone.not_found", "Id", "The requested Pull Zone was not found"));
      const parsed = body.safeParse(text ? parseJson(text) : {});
      if (!parsed.success) return sendJson(res, 400, error("pullzone.validation", "CacheTag", "The request body is not valid"));
      const tag = parsed.data.CacheTag;
      if (tag) accept([tag]);
      opts.onPurge(tag ?? "everything");
      res.writeHead(204).end();
    },
    (res, status) => sendJson(res, status, error("server_error", "", "An internal error occurred")),
    opts.port,
  );
}
