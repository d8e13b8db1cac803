import type { Block, ExtendedRecordMap } from "notion-types";
import { blockOf } from "@/notion/record-map";

/**
 * YouTube, Vimeo and Loom videos as a lightweight facade: a link to the video with YouTube's
 * thumbnail and a play button, which the island script (browser/island.ts) swaps for the player on click. Without
 * JavaScript the link opens the video at its provider. react-notion-x's own YouTube facade needs client React,
 * which published pages don't ship. Thumbnails come straight from YouTube's image host (img-src allows https:):
 * the visitor asks YouTube for them as the player would, and our image route stays limited to a site's own files.
 */

export type VideoFacade = { provider: "YouTube" | "Vimeo" | "Loom"; watchUrl: string; embedUrl: string; thumbnail: string | null };

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "youtube-nocookie.com", "www.youtube-nocookie.com"]);

export function videoFacadeOf(source: string): VideoFacade | null {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  if (YOUTUBE_HOSTS.has(host)) {
    const id = host === "youtu.be" ? parts[0] : ["embed", "shorts", "live", "v"].includes(parts[0] ?? "") ? parts[1] : url.searchParams.get("v");
    if (!id || !/^[\w-]{6,20}$/.test(id)) return null;
    return {
      provider: "YouTube",
      watchUrl: `https://www.youtube.com/watch?v=${id}`,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
      thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    };
  }
  if (host === "vimeo.com" || host === "www.vimeo.com" || host === "player.vimeo.com") {
    const id = parts.find((p) => /^\d{5,12}$/.test(p));
    return id ? { provider: "Vimeo", watchUrl: `https://vimeo.com/${id}`, embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1`, thumbnail: null } : null;
  }
  if (host === "loom.com" || host === "www.loom.com") {
    const id = (parts[0] === "share" || parts[0] === "embed") && /^[\da-f]{16,40}$/i.test(parts[1] ?? "") ? parts[1] : null;
    return id ? { provider: "Loom", watchUrl: `https://www.loom.com/share/${id}`, embedUrl: `https://www.loom.com/embed/${id}?autoplay=1`, thumbnail: null } : null;
  }
  return null;
}

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
