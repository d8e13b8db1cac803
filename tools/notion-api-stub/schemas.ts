import { z } from "zod";

/** The stand-in's vocabulary: the API version it speaks, its endpoints, and the bodies its control routes take. */

export const API_VERSION = "2025-09-03";
export const SUPPORTED_VERSIONS = new Set([API_VERSION]);

export const ENDPOINTS = [
  "pages.retrieve",
  "pages.create",
  "pages.update",
  "blocks.retrieve",
  "blocks.children.list",
  "databases.retrieve",
  "dataSources.retrieve",
  "dataSources.query",
  "views.list",
  "views.retrieve",
  "users.retrieve",
  "users.me",
  "search",
  "oauth.authorize",
  "oauth.token",
  "oauth.revoke",
  "oauth.introspect",
  "files",
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

export const faultSchema = z
  .object({
    status: z.number().int().min(400).max(599).default(429),
    code: z.string().optional(),
    message: z.string().optional(),
    /** Seconds, sent as Retry-After. */
    retryAfter: z.number().min(0).max(3600).optional(),
    latencyMs: z.number().int().min(0).max(60_000).optional(),
    times: z.number().int().min(1).optional(),
    endpoint: z.enum(ENDPOINTS).optional(),
  })
  .strict();
export type Fault = z.input<typeof faultSchema>;

const idSchema = z.string().regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i);
export const controlBodies = {
  token: z.object({ token: z.string().min(8).optional(), pages: z.array(idSchema).default([]), name: z.string().optional() }).strict(),
  /** A new secret for the same internal integration (Notion's "Refresh secret"): same bot, same pages; the old one stops working. */
  rotate: z.object({ token: z.string(), newToken: z.string().min(8).optional() }).strict(),
  share: z.object({ token: z.string(), pageId: idSchema }).strict(),
  revoke: z.object({ token: z.string() }).strict(),
  consent: z
    .object({
      mode: z.enum(["approve", "deny", "choose"]).optional(),
      pages: z.array(idSchema).optional(),
      /** OAuth access tokens issued from now on expire after this many seconds (`expires_in`); null: they don't. */
      tokenTtlSeconds: z.number().int().min(1).max(86_400).nullable().optional(),
    })
    .strict(),
  rateLimit: z.object({ requestsPerSecond: z.number().min(0.1).max(1000).nullable() }).strict(),
  clock: z.object({ offsetMs: z.number().int().optional(), fileTtlSeconds: z.number().int().min(1).max(7 * 86400).optional() }).strict(),
  editBlock: z.object({ blockId: idSchema, text: z.string() }).strict(),
  editPage: z
    .object({
      pageId: idSchema,
      title: z.string().optional(),
      /** By property name: text for title/rich_text/select/status/url/date, boolean for checkbox, string[] for multi_select. */
      properties: z.record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string()), z.null()])).optional(),
    })
    .strict(),
  createPage: z.object({ parentId: idSchema, title: z.string(), text: z.string().optional() }).strict(),
  addProperty: z.object({ dataSourceId: idSchema, name: z.string().min(1), type: z.enum(["number", "rich_text", "checkbox", "url"]) }).strict(),
  deletePage: z.object({ pageId: idSchema }).strict(),
  /**
   * A block object served exactly as given (a recorded answer, or a deliberately broken variant of one) as the
   * last child of `parentId` (or at `index`): only `id`, `type` and `parent` are required, nothing is filled in.
   */
  putBlock: z
    .object({ parentId: idSchema, index: z.number().int().min(0).optional(), block: z.object({ id: idSchema, type: z.string().min(1) }).passthrough() })
    .strict(),
};
