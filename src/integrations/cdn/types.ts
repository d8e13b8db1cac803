/** A CDN that can drop cached responses by the tags they carried (src/lib/cdn-tags.ts). */
export type CdnPurger = {
  readonly provider: CdnProvider;
  /** Resolves once the CDN accepted the purge; throws an AppError (UPSTREAM) when it did not. */
  purgeTags(tags: readonly string[]): Promise<void>;
};

export type CdnProvider = "cloudflare" | "fastly" | "bunny";

/** CDN_PURGE parsed: which CDN, and its zone (Cloudflare), service (Fastly) or pull zone (Bunny). */
export type CdnTarget = { provider: CdnProvider; id: string; token: string; apiBase?: string };
