import { isFullBlock, isFullPage, type PageObjectResponse } from "@notionhq/client";
import { AppError } from "@/lib/errors";
import type { OfficialClient } from "./client";
import { fileRefOf, stableFileRef } from "./convert";
import { notionCall } from "./errors";

/**
 * A fresh URL for a file a block shows (docs/product.md D3 "Images never expire"): the record map keeps only a stable
 * reference (convert.ts), so the image route re-reads the block, whose file URL Notion has just signed for an hour.
 * For a page (cover, icon, files properties) pass the reference the record map holds as `src` to pick the file.
 */

export type FreshFileUrl = { url: string; /** null for external files, which don't expire. */ expiryTime: Date | null };

type FileObject = { type: "file"; file: { url: string; expiry_time: string } } | { type: "external"; external: { url: string } };

function toFresh(file: FileObject): FreshFileUrl {
  return file.type === "file" ? { url: file.file.url, expiryTime: new Date(file.file.expiry_time) } : { url: file.external.url, expiryTime: null };
}

const MEDIA = new Set(["image", "video", "audio", "pdf", "file"]);

/** An icon's file: an uploaded or linked image, or a custom emoji's image (a public URL that doesn't expire). */
function iconFile(icon: unknown): FileObject | null {
  const i = icon as { type?: string; custom_emoji?: { url?: unknown } } | null | undefined;
  if (i?.type === "file" || i?.type === "external") return i as FileObject;
  if (i?.type === "custom_emoji" && typeof i.custom_emoji?.url === "string") return { type: "external", external: { url: i.custom_emoji.url } };
  return null;
}

function pageFiles(page: PageObjectResponse): FileObject[] {
  const files: FileObject[] = [];
  if (page.cover) files.push(page.cover as FileObject);
  const icon = iconFile(page.icon);
  if (icon) files.push(icon);
  for (const value of Object.values(page.properties)) {
    if (value.type === "files") for (const f of value.files) if (f.type === "file" || f.type === "external") files.push(f as FileObject);
  }
  return files;
}

export async function freshFileUrl(client: OfficialClient, blockId: string, src?: string): Promise<FreshFileUrl> {
  const block = await notionCall(() => client.blocks.retrieve({ block_id: blockId }));
  if (!isFullBlock(block)) throw new AppError("NOT_FOUND", "Image not found");
  // Both sides without their query: a custom emoji's URL is kept as a stable reference too (convert.ts).
  const wanted = (file: FileObject) => !src || stableFileRef(fileRefOf(file) ?? "") === stableFileRef(src);

  if (MEDIA.has(block.type)) {
    const file = (block as unknown as Record<string, FileObject>)[block.type]!;
    if (wanted(file)) return toFresh(file);
  } else if (block.type === "callout") {
    const icon = iconFile(block.callout.icon);
    if (icon && wanted(icon)) return toFresh(icon);
  } else if (block.type === "child_page") {
    const page = await notionCall(() => client.pages.retrieve({ page_id: blockId }));
    if (isFullPage(page)) {
      const file = pageFiles(page).find(wanted);
      if (file) return toFresh(file);
    }
  }
  throw new AppError("NOT_FOUND", "Image not found");
}
