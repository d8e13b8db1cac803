import type { ServerResponse } from "node:http";
import { z } from "zod";
import { freshConnectedFileUrl } from "@/core/notion-connections/fresh-connected-file-url";
import { toAppError } from "@/lib/errors";
import { getSiteImage } from "@/notion/images/site-image";
import type { SiteSnapshot } from "@/notion/site-content";
import type { Runtime } from "@/runtime";
import { snapshotOf, type Endpoint } from "./context";

const querySchema = z.object({
  src: z.string().min(1).max(4096),
  w: z.coerce.number().int().positive().optional(),
});
const blockIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** GET /_/img/<blockId>?src=<file>&w=<width>: a cached, resized copy of one of the site's Notion files. */
export const imageEndpoint: Endpoint = {
  path: /^\/_\/img\/([^/]+)$/,
  label: "/_/img/<blockId>",
  methods: ["GET", "HEAD"],
  servedWhenLocked: false,
  ownerRedirectsFirst: true,
  summary: "A cached, resized copy of one of the site's Notion files (`?src=&w=`).",
  handler: async (req, res, site, ctx) =>
    serveSiteImage(ctx.runtime, res, await snapshotOf(ctx, site), ctx.params[0]!, ctx.search, req.headers["if-none-match"], req.method === "HEAD", Boolean(site.passwordHash), site.notionConnectionId),
};

async function serveSiteImage(
  runtime: Runtime,
  res: ServerResponse,
  snapshot: SiteSnapshot | null,
  blockId: string,
  search: URLSearchParams,
  ifNoneMatch: string | undefined,
  headOnly: boolean,
  /** Protected sites' files must not be kept by shared caches. */
  privateCache: boolean,
  /** A connected site's files are re-signed through its connection (official API). */
  notionConnectionId: string | null,
): Promise<void> {
  const query = querySchema.safeParse(Object.fromEntries(search));
  if (!query.success || !blockIdSchema.safeParse(blockId).success) return sendText(res, 400, "Bad image request");
  if (!snapshot) return sendText(res, 404, "Image not found");
  try {
    const image = await getSiteImage(
      {
        gateway: runtime.notion,
        storage: runtime.storage,
        extraOrigins: runtime.env.NOTION_FILE_HOSTS,
        freshFileUrl: notionConnectionId ? (id, src) => freshConnectedFileUrl(runtime.notionConnections, notionConnectionId, id, src) : undefined,
      },
      snapshot,
      { blockId: blockId.toLowerCase(), src: query.data.src, width: query.data.w },
    );
    const headers = {
      "content-type": image.contentType,
      etag: image.etag,
      // The URL names the file and width; a changed image in Notion gets a new file URL, so this never goes stale.
      "cache-control": privateCache ? "private, max-age=31536000, immutable" : "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      ...(image.contentType === "image/svg+xml" ? { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" } : {}),
    };
    if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(image.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, { ...headers, "content-length": image.body.length });
    res.end(headOnly ? undefined : image.body);
  } catch (err) {
    const error = toAppError(err);
    if (error.status >= 500) console.error(`[images] ${blockId}: ${error.message}`, error.cause ?? "");
    sendText(res, error.status === 500 ? 502 : error.status, error.message);
  }
}

function sendText(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" }).end(message);
}
