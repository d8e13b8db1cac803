import { beaconScript, themeScript } from "./assets";
import crypto from "node:crypto";
import type { Block, ExtendedRecordMap } from "notion-types";
import type { SiteSettings } from "@/core/sites/site-settings";
import { blockOf } from "@/notion/record-map";
import type { PublishedSite } from "./site-lookup";

/**
 * Published pages treat Notion content as untrusted: embeds only from known providers (others become plain
 * links), and a Content-Security-Policy that allows only what our pages need plus the owner's analytics.
 */

/** Hosts whose players and widgets a page may frame. */
const EMBED_HOSTS = [
  "www.youtube.com",
  "youtube.com",
  "www.youtube-nocookie.com",
  "player.vimeo.com",
  "vimeo.com",
  "www.loom.com",
  "codepen.io",
  "www.figma.com",
  "www.google.com",
  "maps.google.com",
  "docs.google.com",
  "drive.google.com",
  "gist.github.com",
  "form.typeform.com",
  "excalidraw.com",
  "open.spotify.com",
  "w.soundcloud.com",
  "www.canva.com",
  "miro.com",
  "airtable.com",
  "calendly.com",
];

export function isAllowedEmbed(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "https:" && EMBED_HOSTS.includes(u.hostname.toLowerCase());
  } catch {
    return false;
  }
}

const FRAMED = new Set(["embed", "video", "tweet", "maps", "pdf", "figma", "typeform", "codepen", "excalidraw", "gist", "drive", "audio"]);

/** A direct media file over https: the renderer plays it in a <video>/<audio> element, which runs no script. */
const MEDIA_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v|mp3|m4a|wav|oga|flac)$/i;
export function isDirectMediaFile(type: string, url: string): boolean {
  if (type !== "video" && type !== "audio") return false;
  try {
    const u = new URL(url);
    return u.protocol === "https:" && MEDIA_FILE.test(u.pathname);
  } catch {
    return false;
  }
}

const sourceOf = (b: Block) =>
  String((b.format as { display_source?: string } | undefined)?.display_source ?? ((b.properties as { source?: string[][] } | undefined)?.source?.[0]?.[0] ?? ""));

/**
 * The record map with every framed block whose source is not an allowed provider turned into a bookmark (a link),
 * so no page ever frames an unknown origin. Notion-hosted files (attachment:) keep their type: they go through our
 * image/file routes. Returns the same object when nothing needed changing.
 */
export function withSafeEmbeds(recordMap: ExtendedRecordMap): ExtendedRecordMap {
  let changed: Record<string, unknown> | null = null;
  for (const id of Object.keys(recordMap.block)) {
    const block = blockOf(recordMap, id);
    if (!block || !FRAMED.has(block.type)) continue;
    const source = sourceOf(block);
    if (source.startsWith("attachment:") || isAllowedEmbed(source) || isDirectMediaFile(block.type, source)) continue;
    const link = /^https?:\/\//i.test(source) ? source : "";
    const safe = { ...block, type: link ? "bookmark" : "text", format: {}, properties: link ? { link: [[link]], title: [[link]] } : { title: [[""]] } } as unknown as Block;
    changed ??= { ...recordMap.block };
    changed[id] = { value: safe, role: "reader" };
  }
  return changed ? { ...recordMap, block: changed as ExtendedRecordMap["block"] } : recordMap;
}

/**
 * The CSP header of published pages. Inline styles are needed by the block renderer; inline scripts never are.
 * `appOrigin` serves the owner's uploads (logo, favicon), so images may come from it even over plain http.
 */
export function contentSecurityPolicy(settings: Pick<SiteSettings, "analytics">, inlineScriptHashes: string[] = [], appOrigin?: string, owner?: OwnerCodePolicy): string {
  const scripts = ["'self'", ...inlineScriptHashes.map((h) => `'sha256-${h}'`)];
  const connect = ["'self'"];
  const frames = ["'self'", ...EMBED_HOSTS.map((h) => `https://${h}`)];
  let images = `'self' https: data:${appOrigin && appOrigin.startsWith("http:") ? ` ${appOrigin}` : ""}`;
  if (settings.analytics.plausibleDomain) {
    scripts.push("https://plausible.io");
    connect.push("https://plausible.io");
  }
  if (settings.analytics.googleAnalyticsId) {
    scripts.push("https://www.googletagmanager.com");
    connect.push("https://www.google-analytics.com", "https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  // The owner's code (only where it is rendered): its inline scripts by this response's nonce, and the origins it
  // declared. 'https:' already covers the images it names; listed all the same, so the header says what was declared.
  if (owner) {
    scripts.push(`'nonce-${owner.nonce}'`, ...owner.origins.script);
    connect.push(...owner.origins.connect);
    frames.push(...owner.origins.frame);
    if (owner.origins.img.length) images += ` ${owner.origins.img.join(" ")}`;
  }
  return [
    "default-src 'none'",
    `script-src ${unique(scripts).join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self'",
    `connect-src ${unique(connect).join(" ")}`,
    // 'self': the chat launcher opens the site's own /_/chat page in a frame.
    `frame-src ${unique(frames).join(" ")}`,
    "media-src 'self' https:",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** What the owner's code adds to a page's CSP: this response's nonce and the origins the owner declared. */
export type OwnerCodePolicy = { nonce: string; origins: SiteSettings["cspOrigins"] };

const unique = (xs: string[]) => [...new Set(xs)];

/** Google Analytics' inline bootstrap, and its hash for the CSP (no 'unsafe-inline' for scripts). */
export function gtagInline(measurementId: string): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(measurementId).replace(/</g, "\\u003c")});`;
}

export function inlineScriptHashes(settings: Pick<SiteSettings, "analytics">): string[] {
  const id = settings.analytics.googleAnalyticsId;
  const own = settings.analytics.builtIn ? [themeScript().sha256, beaconScript().sha256] : [themeScript().sha256];
  return id ? [...own, crypto.createHash("sha256").update(gtagInline(id)).digest("base64")] : own;
}

/** For our own small notice pages (errors, the password form): nothing but inline styles and a same-site form. */
export const NOTICE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The chat page (/_/chat): its own script only; framed by the site itself, or by anyone while the widget is on. */
export function chatPageCsp(site: PublishedSite): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    // The widget lives on the owner's other sites: any origin may frame this page then, and only then.
    `frame-ancestors ${site.settings.widget.enabled ? "*" : "'self'"}`,
  ].join("; ");
}
