import type { FileStorage } from "@/integrations/storage";
import { CARD_HEIGHT, CARD_WIDTH, renderSocialCard, type CardImage, type SocialCardInput } from "./render-social-card";

/**
 * A page's social card from the file store, drawn and kept there the first time it is asked for (at publish time by
 * the warm-up, or by the first reader or crawler). Kept by site and card key, so every process and restart shares it;
 * one drawing per key at a time in a process.
 */

export type CardImages = {
  /** The bytes of a page's cover or image icon (through the site's image cache), or null when it can't be had. */
  pageImage(blockId: string, src: string): Promise<CardImage | null>;
  /** The bytes of the site's uploaded logo, or null. */
  logo(fileId: string): Promise<CardImage | null>;
};

const drawing = new Map<string, Promise<Buffer>>();

export const socialCardStorageKey = (siteId: string, key: string) => `card:${siteId}:${key}`;

export async function getSocialCard(deps: { storage: FileStorage; images: CardImages }, siteId: string, card: { input: SocialCardInput; key: string; blockId: string }): Promise<Buffer> {
  const storageKey = socialCardStorageKey(siteId, card.key);
  const stored = await deps.storage.get(storageKey);
  if (stored) return stored.body;
  let pending = drawing.get(storageKey);
  if (!pending) {
    pending = draw(deps, card).then(async (png) => {
      await deps.storage.put(storageKey, { body: png, contentType: "image/png" });
      return png;
    });
    drawing.set(storageKey, pending);
    void pending.finally(() => drawing.delete(storageKey)).catch(() => undefined);
  }
  return pending;
}

async function draw(deps: { images: CardImages }, { input, blockId }: { input: SocialCardInput; blockId: string }): Promise<Buffer> {
  // A picture that can't be read leaves the card without it: a card is never refused for its cover.
  const safely = (p: Promise<CardImage | null>) => p.catch(() => null);
  const [cover, iconImage, logo] = await Promise.all([
    input.cover ? safely(deps.images.pageImage(blockId, input.cover).then((i) => i && fitted(i, CARD_WIDTH, CARD_HEIGHT))) : null,
    input.iconImage ? safely(deps.images.pageImage(blockId, input.iconImage).then((i) => i && fitted(i, 176, 176))) : null,
    input.logo ? safely(deps.images.logo(input.logo).then((i) => i && fitted(i, 112, 112))) : null,
  ]);
  return renderSocialCard(input, { cover: cover ?? undefined, iconImage: iconImage ?? undefined, logo: logo ?? undefined });
}

/** Any raster image as a PNG of the box it fills (resvg draws PNG and JPEG; WebP, AVIF or GIF are converted here). */
async function fitted(image: CardImage, width: number, height: number): Promise<CardImage> {
  const sharp = (await import("sharp")).default;
  return { body: await sharp(image.body).rotate().resize({ width, height, fit: "cover" }).png().toBuffer(), contentType: "image/png" };
}
