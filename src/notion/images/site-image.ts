import crypto from "node:crypto";
import { getNotionFileUrl } from "notion-utils";
import { AppError } from "@/lib/errors";
import type { FileStorage, StoredFile } from "@/integrations/storage";
import { IMAGE_DEVICE_SIZES, IMAGE_QUALITY, IMAGE_SIZES } from "@/lib/layout";
import type { NotionGateway } from "../notion-gateway";
import type { Block } from "notion-types";
import { customEmojiId, customEmojiOf } from "../custom-emoji";
import { blockOf, collectionIdOf, collectionOf, isDatabaseBlock } from "../record-map";
import type { SiteSnapshot } from "../site-content";
import { fetchAllowedFile } from "./fetch-file";

/**
 * The image route's work (docs/product.md D3 "Images never expire"): a file named by a block of this site's snapshot is
 * signed with Notion when it is a Notion file, fetched once, cached (original and each width) in file storage,
 * and served with a strong ETag. A URL that isn't part of the site is never fetched: no open proxy.
 */

export const IMAGE_WIDTHS: readonly number[] = [...IMAGE_SIZES, ...IMAGE_DEVICE_SIZES];
const NOTION_ORIGIN = "https://www.notion.so";

export type ImageDeps = {
  gateway: NotionGateway;
  storage: FileStorage;
  extraOrigins: readonly string[];
  /** A connected site's files: a URL Notion's official API signed just now for the block (never stored). */
  freshFileUrl?: (blockId: string, src: string) => Promise<string>;
};
/** What the image route reads of a snapshot: whose it is and its pages. */
type SnapshotPages = Pick<SiteSnapshot, "siteId" | "pages">;
export type ImageRequest = { blockId: string; src: string; width?: number };
export type SiteImage = { body: Buffer; contentType: string; etag: string };

/** The path our pages use for a block's file. */
export function siteImagePath(blockId: string, src: string, width?: number): string {
  const params = new URLSearchParams({ src });
  if (width) params.set("w", String(width));
  return `/_/img/${blockId}?${params}`;
}

export async function getSiteImage(deps: ImageDeps, snapshot: SnapshotPages, request: ImageRequest): Promise<SiteImage> {
  if (request.width !== undefined && !IMAGE_WIDTHS.includes(request.width)) {
    throw new AppError("VALIDATION", `Image width must be one of ${IMAGE_WIDTHS.join(", ")}`);
  }
  const field = fileFieldOf(snapshot, request.blockId, request.src);
  if (!field) throw new AppError("NOT_FOUND", "Image not found");

  // Per site and signing block: another site naming the same file must sign it with Notion itself, not read our copy.
  const key = `img:${snapshot.siteId}:${crypto.createHash("sha256").update(`${request.blockId}\n${request.src}`).digest("hex")}`;
  let original = await deps.storage.get(`${key}:orig`);
  if (!original) {
    const url = deps.freshFileUrl ? await deps.freshFileUrl(request.blockId, request.src) : await resolveFetchUrl(deps.gateway, request.blockId, request.src);
    // A cover or icon may be any public https image (unsplash covers): fetched here so visitors' browsers never are.
    const fetched = await fetchAllowedFile(url, deps.extraOrigins, { hosts: field === "look" ? "public" : "notion" });
    original = { body: fetched.body, contentType: await imageTypeOf(fetched.body, fetched.contentType) };
    await keepCopy(deps.storage, `${key}:orig`, original);
  }
  if (!request.width || !resizable(original.contentType)) return withEtag(original);

  const sizedKey = `${key}:w${request.width}`;
  let sized = await deps.storage.get(sizedKey);
  if (!sized) {
    sized = await resize(original.body, original.contentType, request.width);
    await keepCopy(deps.storage, sizedKey, sized);
  }
  return withEtag(sized);
}

/** Stores a fetched or resized image; when storage refuses it (down), the visitor still gets it, fetched again next time. */
async function keepCopy(storage: FileStorage, key: string, file: StoredFile): Promise<void> {
  await storage.put(key, file).catch((err: unknown) => console.error(`[images] could not store ${key}:`, err instanceof Error ? err.message : err));
}

/** Blocks whose file is their source (text that merely names a file is not a file). */
const FILE_BLOCKS = new Set(["image", "file", "video", "pdf", "audio"]);
const PAGE_BLOCKS = new Set(["page", "collection_view_page", "collection_view"]);

/**
 * The src must be one of the block's own file fields, in this site's snapshot: "look" for a cover or icon (what
 * Notion draws around a page, which may be an external image), "file" for the rest.
 */
function fileFieldOf(snapshot: SnapshotPages, blockId: string, src: string): "look" | "file" | null {
  let found: "file" | null = null;
  for (const page of snapshot.pages.values()) {
    const block = blockOf(page.recordMap, blockId);
    if (!block) continue;
    const fields = fileFieldsOf(snapshot, block);
    if (fields.look.includes(src)) return "look";
    if (fields.files.includes(src)) found = "file";
  }
  return found;
}

/**
 * What Notion stores as a block's files: a media block's source and the values of a database row's file properties,
 * and its look: a page's cover and icon (a callout's icon, a database's icon and cover; a custom emoji icon's file).
 */
function fileFieldsOf(snapshot: SnapshotPages, block: Block): { look: unknown[]; files: unknown[] } {
  const properties = (block.properties ?? {}) as Record<string, unknown>;
  const format = (block.format ?? {}) as Record<string, unknown>;
  const files: unknown[] = [];
  const look: unknown[] = [];
  if (FILE_BLOCKS.has(block.type)) files.push(firstText(properties.source), format.display_source);
  if (PAGE_BLOCKS.has(block.type) || block.type === "callout") look.push(format.page_cover, format.page_icon, customEmojiFile(snapshot, format.page_icon));
  if (isDatabaseBlock(block)) {
    const collection = collectionInSnapshot(snapshot, block) as { icon?: unknown; cover?: unknown } | undefined;
    look.push(collection?.icon, collection?.cover, customEmojiFile(snapshot, collection?.icon));
  }
  if (block.parent_table === "collection") {
    const schema = collectionInSnapshot(snapshot, block, block.parent_id)?.schema ?? {};
    for (const [key, column] of Object.entries(schema)) {
      if (column?.type === "file") files.push(...fileLinks(properties[key]));
    }
  }
  const strings = (list: unknown[]) => list.filter((f): f is string => typeof f === "string" && f.length > 0);
  // Notion's built-in icons are paths on its site (`/icons/…`); pages ask for them by their full address too.
  const lookFields = strings(look).flatMap((f) => (f.startsWith("/") ? [f, `${NOTION_ORIGIN}${f}`] : [f]));
  return { look: lookFields, files: strings(files) };
}

/** The image file of a custom emoji icon (`notion://custom_emoji/…`), when the snapshot holds the emoji's record. */
function customEmojiFile(snapshot: SnapshotPages, icon: unknown): string | undefined {
  if (customEmojiId(icon) === null) return undefined;
  for (const page of snapshot.pages.values()) {
    const emoji = customEmojiOf(page.recordMap as never, icon);
    if (emoji) return emoji.url;
  }
  return undefined;
}

function collectionInSnapshot(snapshot: SnapshotPages, block: Block, id?: string) {
  for (const page of snapshot.pages.values()) {
    const collectionId = id ?? collectionIdOf(page.recordMap, block);
    const collection = collectionId ? collectionOf(page.recordMap, collectionId) : undefined;
    if (collection) return collection;
  }
  return undefined;
}

/** `[["text"]]` → "text". */
const firstText = (value: unknown): unknown => (Array.isArray(value) && Array.isArray(value[0]) ? value[0][0] : undefined);

/** A file property's value: `[["photo.png", [["a", "<file url>"]]], [","], …]`. */
function fileLinks(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((part) =>
    Array.isArray(part) && Array.isArray(part[1])
      ? (part[1] as unknown[]).flatMap((d) => (Array.isArray(d) && d[0] === "a" && typeof d[1] === "string" ? [d[1]] : []))
      : [],
  );
}

/** Notion files get a fresh signature every time they are fetched (signatures expire); Notion paths get its origin. */
async function resolveFetchUrl(gateway: NotionGateway, blockId: string, src: string): Promise<string> {
  const notionFile = getNotionFileUrl(src);
  if (notionFile) {
    const { signedUrls } = await gateway.getSignedFileUrls([{ permissionRecord: { table: "block", id: blockId }, url: notionFile }]);
    const signed = signedUrls?.[0];
    if (!signed) throw new AppError("NOT_FOUND", "Image not found");
    return signed;
  }
  return src.startsWith("/") ? `${NOTION_ORIGIN}${src}` : src;
}

/** sharp (libvips) loads on the first image, not at start: most processes start to serve pages. */
const loadSharp = async () => (await import("sharp")).default;

const RASTER = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);

/** Trusts the bytes, not the header: only real images are cached and served. */
async function imageTypeOf(body: Buffer, declared: string): Promise<string> {
  try {
    const sharp = await loadSharp();
    const { format } = await sharp(body).metadata();
    const byFormat: Record<string, string> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp", gif: "image/gif", svg: "image/svg+xml", heif: "image/avif" };
    const type = format ? byFormat[format] : undefined;
    if (type) return type;
  } catch {
    // not an image sharp can read
  }
  throw new AppError("UPSTREAM", `The file is not an image (${declared.split(";")[0]})`);
}

const resizable = (type: string) => RASTER.has(type) && type !== "image/gif";

async function resize(body: Buffer, contentType: string, width: number): Promise<{ body: Buffer; contentType: string }> {
  const sharp = await loadSharp();
  const pipeline = sharp(body).rotate().resize({ width, withoutEnlargement: true });
  const out =
    contentType === "image/png"
      ? pipeline.png({ compressionLevel: 9 })
      : contentType === "image/webp"
        ? pipeline.webp({ quality: IMAGE_QUALITY })
        : contentType === "image/avif"
          ? pipeline.avif({ quality: IMAGE_QUALITY })
          : pipeline.jpeg({ quality: IMAGE_QUALITY, mozjpeg: true });
  return { body: await out.toBuffer(), contentType };
}

function withEtag(file: { body: Buffer; contentType: string }): SiteImage {
  return { ...file, etag: `"${crypto.createHash("sha256").update(file.body).digest("hex").slice(0, 32)}"` };
}
