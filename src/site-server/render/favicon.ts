import { createHash } from "node:crypto";
import { isImageIcon } from "@/site-model/tree-model";
import { siteIconImage, type RenderContext } from "./context";

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const isEmoji = (icon: string | null | undefined): icon is string => Boolean(icon) && !isImageIcon(icon!);

/**
 * The site's icon as SVG: the root page's emoji, else a dot in the accent colour. Served from the site's own host
 * (`/_/favicon.svg`) rather than inlined as a data: URL, so no page carries a data: link and browsers never ask for
 * /favicon.ico.
 */
export function faviconSvg(icon: string | null | undefined, accentColor: string): string {
  return isEmoji(icon)
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${escapeXml(icon)}</text></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${escapeXml(accentColor)}"/></svg>`;
}

/**
 * The owner's uploaded favicon; else the root page's image icon (through the image route, at 64 px); else the
 * generated SVG with a version that changes when its look does.
 */
export function faviconHref(ctx: RenderContext): string {
  const { theme } = ctx.settings;
  if (theme.favicon?.url) return theme.favicon.url;
  const image = siteIconImage(ctx, 64);
  if (image) return image;
  const version = createHash("sha256").update(faviconSvg(ctx.model.icon, theme.accentColor)).digest("hex").slice(0, 12);
  return `${ctx.basePath}/_/favicon.svg?v=${version}`;
}
