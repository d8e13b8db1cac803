import type { Block, ExtendedRecordMap } from "notion-types";
import { blockOf } from "@/notion/record-map";

/**
 * YouTube, Vimeo and Loom videos as a lightweight facade: a link to the video with YouTube's
 * thumbnail and a play button, which the island script (browser/island.ts) swaps for the player on click. Without
 * JavaScript the link opens the video at its provider. react-notion-x's own YouTube facade needs client React,
 * which published pages don't ship. Thumbnails come straight from YouTube's image host (img-src allows https:):
 * the visitor asks YouTube for them as the player would, and our image route stays limited to a site's own files.
 */

export { videoFacadeOf, type VideoFacade } from "@/lib/video-links";
import { videoFacadeOf } from "@/lib/video-links";

const sourceOf = (block: Block) =>
  String((block.format as { display_source?: string } | undefined)?.display_source ?? (block.properties as { source?: string[][] } | undefined)?.source?.[0]?.[0] ?? "");

/**
 * Video and embed blocks of these providers become embeds of the provider's player URL, so react-notion-x draws a
 * plain iframe (not its client-React YouTube facade) that `videoFacades` then turns into our facade.
 */
export function withVideoEmbeds(recordMap: ExtendedRecordMap): ExtendedRecordMap {
  let changed: Record<string, unknown> | null = null;
  for (const id of Object.keys(recordMap.block)) {
    const block = blockOf(recordMap, id);
    if (!block || (block.type !== "video" && block.type !== "embed")) continue;
    const facade = videoFacadeOf(sourceOf(block));
    if (!facade) continue;
    changed ??= { ...recordMap.block };
    const format = { ...(block.format as object | undefined), display_source: facade.embedUrl };
    changed[id] = { value: { ...block, type: "embed", format }, role: "reader" };
  }
  return changed ? { ...recordMap, block: changed as ExtendedRecordMap["block"] } : recordMap;
}

/** Whether a page has a video the island script should be loaded for. */
export function hasVideoFacade(recordMap: ExtendedRecordMap): boolean {
  return Object.keys(recordMap.block).some((id) => {
    const block = blockOf(recordMap, id);
    return (block?.type === "video" || block?.type === "embed") && videoFacadeOf(sourceOf(block)) !== null;
  });
}

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const PLAYER_IFRAME = /<iframe class="notion-asset-object-fit"( style="[^"]*")? src="(https:\/\/(?:www\.youtube-nocookie\.com\/embed|player\.vimeo\.com\/video|www\.loom\.com\/embed)\/[^"]+)"[^>]*><\/iframe>/g;

/** Rewrites the rendered players of these providers (see withVideoEmbeds) into facades. */
export function videoFacades(html: string, playLabel: (provider: string) => string): string {
  return html.replace(PLAYER_IFRAME, (whole, style: string | undefined, src: string) => {
    const facade = videoFacadeOf(src.replace(/&amp;/g, "&"));
    if (!facade) return whole;
    const thumbnail = facade.thumbnail ? `<img src="${escapeAttr(facade.thumbnail)}" alt="" loading="lazy" decoding="async"/>` : "";
    return (
      `<a class="video-facade notion-asset-object-fit"${style ?? ""} href="${escapeAttr(facade.watchUrl)}" data-video="${escapeAttr(facade.embedUrl)}" aria-label="${escapeAttr(playLabel(facade.provider))}">` +
      `${thumbnail}<span class="video-play" aria-hidden="true"></span></a>`
    );
  });
}
