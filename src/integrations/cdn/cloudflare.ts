import { AppError } from "@/lib/errors";
import { postPurge } from "./post-purge";
import type { CdnPurger, CdnTarget } from "./types";

export const CLOUDFLARE_API_DEFAULT = "https://api.cloudflare.com/client/v4";
/** Tags per purge request (Cloudflare's documented limit for purge by tag is 30 per call on most plans). */
const TAGS_PER_CALL = 30;

/**
 * Cloudflare's "Purge Cached Content by Tag": `POST /zones/{zone_id}/purge_cache` with `{"tags": [...]}` and an API
 * token (`Authorization: Bearer`, permission Zone › Cache Purge). The answer is the v4 envelope
 * `{"success": true, "errors": [], "messages": [], "result": {"id": …}}`; `success: false` is a failure too.
 */
export function createCloudflarePurger(target: CdnTarget): CdnPurger {
  const base = (target.apiBase ?? CLOUDFLARE_API_DEFAULT).replace(/\/+$/, "");
  const url = `${base}/zones/${encodeURIComponent(target.id)}/purge_cache`;
  return {
    provider: "cloudflare",
    async purgeTags(tags) {
      for (let i = 0; i < tags.length; i += TAGS_PER_CALL) {
        const res = await postPurge("Cloudflare", url, { authorization: `Bearer ${target.token}`, "content-type": "application/json" }, JSON.stringify({ tags: tags.slice(i, i + TAGS_PER_CALL) }));
        const answer = (await res.json().catch(() => null)) as { success?: boolean; errors?: { message?: string }[] } | null;
        if (!answer?.success) throw new AppError("UPSTREAM", `Cloudflare purge failed: ${answer?.errors?.map((e) => e.message).join("; ") || "no success in the answer"}`);
      }
    },
  };
}
