import { postPurge } from "./post-purge";
import type { CdnPurger, CdnTarget } from "./types";

export const FASTLY_API_DEFAULT = "https://api.fastly.com";
/** Keys per bulk purge (Fastly's documented limit). */
const KEYS_PER_CALL = 256;

/**
 * Fastly's bulk surrogate-key purge: `POST /service/{service_id}/purge` with `{"surrogate_keys": [...]}` and the API
 * token in `Fastly-Key` (scope purge_select). The answer maps each key to its purge id. A hard purge (no
 * `Fastly-Soft-Purge`): the next request goes to the origin.
 */
export function createFastlyPurger(target: CdnTarget): CdnPurger {
  const base = (target.apiBase ?? FASTLY_API_DEFAULT).replace(/\/+$/, "");
  const url = `${base}/service/${encodeURIComponent(target.id)}/purge`;
  return {
    provider: "fastly",
    async purgeTags(tags) {
      for (let i = 0; i < tags.length; i += KEYS_PER_CALL) {
        const headers = { "fastly-key": target.token, "content-type": "application/json", accept: "application/json" };
        await postPurge("Fastly", url, headers, JSON.stringify({ surrogate_keys: tags.slice(i, i + KEYS_PER_CALL) }));
      }
    },
  };
}
