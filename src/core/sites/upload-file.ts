import crypto from "node:crypto";
import { z } from "zod";
import type { Db } from "@/db/client";
import { uploads } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isStorageUnavailable, type FileStorage } from "@/integrations/storage";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const STORAGE_UNAVAILABLE_MESSAGE = "File storage is not available right now, please try again";

export const uploadFileInput = z
  .object({
    siteId: z.string().min(1).max(64),
    kind: z.enum(["logo", "favicon", "socialImage", "image"]),
    fileName: z.string().trim().min(1).max(200),
    contentType: z.string().trim().max(100),
    dataBase64: z.string().max(Math.ceil((MAX_UPLOAD_BYTES * 4) / 3) + 8),
  })
  .strict();

/** The file's real type from its first bytes; SVG (script-capable) and everything else is refused. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("ascii", 0, 6))) return "image/gif";
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0) return "image/x-icon";
  return null;
}

/** docs/product.md §7 uploadFile: an image for a site (≤ 5 MB; PNG, JPEG, WebP, GIF or ICO by content), served from /api/files/<id>. */
export async function uploadFile(deps: { db: Db; storage: FileStorage; appUrl: string }, ownerId: string, input: z.input<typeof uploadFileInput>) {
  const { siteId, kind, fileName, dataBase64 } = uploadFileInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  if (!/^[A-Za-z0-9+/=\s]*$/.test(dataBase64)) throw new AppError("VALIDATION", "dataBase64: not base64");
  const bytes = Buffer.from(dataBase64, "base64");
  if (bytes.length === 0) throw new AppError("VALIDATION", "The file is empty");
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError("VALIDATION", "Files can be at most 5 MB");
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new AppError("VALIDATION", "Only PNG, JPEG, WebP, GIF and ICO images can be uploaded");
  const storageKey = `uploads/${site.id}/${crypto.randomUUID()}`;
  await deps.storage.put(storageKey, { body: bytes, contentType }).catch((err: unknown) => {
    // Nothing is stored and no row written: the owner tries again once the bucket answers.
    throw isStorageUnavailable(err) ? new AppError("UNAVAILABLE", STORAGE_UNAVAILABLE_MESSAGE, { cause: err }) : err;
  });
  const [row] = await deps.db.insert(uploads).values({ siteId: site.id, kind, fileName, contentType, size: bytes.length, storageKey }).returning();
  return { fileId: row!.id, url: `${deps.appUrl}/api/files/${row!.id}`, contentType, size: bytes.length };
}
