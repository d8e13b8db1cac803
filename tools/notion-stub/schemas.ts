import { z } from "zod";

/** The stand-in's vocabulary: its endpoints and their bodies, faults, rate limits, and what the control routes take. */

export const ENDPOINTS = ["loadPageChunk", "syncRecordValuesMain", "syncRecordValues", "queryCollection", "getSignedFileUrls"] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export const faultSchema = z
  .object({
    mode: z.enum(["latency", "status", "timeout", "refuse", "truncate"]),
    status: z.number().int().min(100).max(599).optional(),
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    retryAfter: z.number().min(0).max(3600).optional(),
    times: z.number().int().min(1).optional(),
    endpoint: z.enum(ENDPOINTS).optional(),
    /** Only requests about this page (loadPageChunk's page, a requested block, a queried collection). */
    pageId: z.string().min(1).optional(),
  })
  .strict();
export type Fault = z.infer<typeof faultSchema>;

export const touchSchema = z
  .object({
    pageId: z.string().min(1),
    title: z.string().optional(),
    /** Property values by schema key, merged into the page's properties (e.g. un-hiding a post). */
    properties: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const rateLimitSchema = z
  .object({
    /** Requests answered per rolling second; null turns the limit off. */
    requestsPerSecond: z.number().int().positive().max(100_000).nullable(),
    /**
     * Seconds every request is refused after a 429, as Notion's own fixed cooldown does; 0 (the default) refuses only
     * what is over the limit, with retry-after saying when the window has room again.
     */
    cooldownSeconds: z.number().min(0).max(3600).default(0),
  })
  .strict();
export type RateLimit = z.input<typeof rateLimitSchema>;

/** What the rate limit saw: 429s sent, and API requests per whole second (epoch seconds) seen, answered and refused. */
export type RateStats = {
  requestsPerSecond: number | null;
  cooldownSeconds: number;
  limited: number;
  seconds: { at: number; seen: number; answered: number; limited: number }[];
};

/** getPage()-shaped record maps added to the running stand-in (generated sites: ./generate-sites.ts). */
export const recordsSchema = z.object({ recordMaps: z.array(z.record(z.string(), z.unknown())).min(1).max(1000) }).strict();

const uuid = z.string().regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i);
export const bodies = {
  loadPageChunk: z.object({ pageId: uuid, limit: z.number().int().min(1).max(1000).default(100) }).loose(),
  syncRecordValues: z
    .object({
      requests: z
        .array(
          z.union([
            z.object({ table: z.string(), id: z.string() }).loose(),
            // 2021 form: {pointer:{table,id}, version}
            z.object({ pointer: z.object({ table: z.string(), id: z.string() }) }).loose(),
          ]),
        )
        .max(1000),
    })
    .loose(),
  queryCollection: z
    .object({
      collection: z.object({ id: z.string() }).optional(),
      collectionView: z.object({ id: z.string() }).optional(),
      collectionId: z.string().optional(),
      collectionViewId: z.string().optional(),
      loader: z
        .object({ reducers: z.record(z.string(), z.object({ type: z.string().optional(), limit: z.number().optional() }).loose()).optional() })
        .loose()
        .optional(),
    })
    .loose(),
  getSignedFileUrls: z
    .object({ urls: z.array(z.object({ url: z.string(), permissionRecord: z.object({ id: z.string().optional() }).loose().optional() }).loose()) })
    .loose(),
};

/** Calls per endpoint and page, and the most API requests that were open at once (to check client concurrency). */
export type CallCounts = { total: number; byEndpoint: Record<string, number>; byPage: Record<string, number>; maxInFlight: number };
