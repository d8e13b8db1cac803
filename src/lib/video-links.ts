/**
 * Where a YouTube, Vimeo or Loom video plays, as data: its watch page, its player and (YouTube) a thumbnail. Published
 * pages draw a facade from it, emails a linked thumbnail.
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

