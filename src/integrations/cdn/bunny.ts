import { postPurge } from "./post-purge";
import type { CdnPurger, CdnTarget } from "./types";

export const BUNNY_API_DEFAULT = "https://api.bunny.net";

/**
 * Bunny's pull-zone purge by tag: `POST /pullzone/{id}/purgeCache` with `{"CacheTag": "…"}` and the account's API key
 * in `AccessKey`; it drops the files whose `CDN-Tag` header carried the tag (204 No Content). One tag per call.
 */
export function createBunnyPurger(target: CdnTarget): CdnPurger {
  const base = (target.apiBase ?? BUNNY_API_DEFAULT).replace(/\/+$/, "");
  const url = `${base}/pullzone/${encodeURIComponent(target.id)}/purgeCache`;
  return {
    provider: "bunny",
    async purgeTags(tags) {
      for (const tag of tags) await postPurge("Bunny", url, { accesskey: target.token, "content-type": "application/json" }, JSON.stringify({ CacheTag: tag }));
    },
  };
}
