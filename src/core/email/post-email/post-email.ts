import { getNotionFileUrl } from "notion-utils";
import type { ExtendedRecordMap } from "notion-types";
import { isNotionFileHost } from "@/notion/images/fetch-file";
import { siteImagePath } from "@/notion/images/site-image";
import type { SubscriptionSite } from "@/core/subscribers/subscription-site";
import { renderEmail, type EmailBlock, type RenderedEmail } from "../render-email";
import { postBodyEmail } from "./post-body";
import type { PostEmailLinks } from "./rich-text";

/** Images are fetched at this width from the image route: twice the email's column, sharp on high-density screens. */
export const EMAIL_IMAGE_WIDTH = 1080;

/**
 * Links of a post email: site pages by their path on the site's host; Notion-hosted images through the site's image
 * route at email width (signed by us, never an expiring Notion URL); other web images as they are.
 */
export function postEmailLinks(site: Pick<SubscriptionSite, "origin" | "basePath">, pathOfPage: ReadonlyMap<string, string>, fileOrigins: readonly string[] = []): PostEmailLinks {
  const base = `${site.origin}${site.basePath}`;
  return {
    pageUrl: (id) => {
      const dashed = id.length === 32 ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}` : id;
      const path = pathOfPage.get(dashed);
      return path === undefined ? null : `${base}${path}`;
    },
    imageUrl: (src, blockId) => {
      if (!src) return null;
      if (getNotionFileUrl(src) || src.startsWith("/") || isNotionFile(src, fileOrigins)) return `${base}${siteImagePath(blockId, src, EMAIL_IMAGE_WIDTH)}`;
      return /^https?:\/\//i.test(src) ? src : null;
    },
  };
}

function isNotionFile(src: string, fileOrigins: readonly string[]): boolean {
  try {
    const url = new URL(src);
    return isNotionFileHost(url) || fileOrigins.includes(url.origin);
  } catch {
    return false;
  }
}

export type PostEmailInput = {
  site: Pick<SubscriptionSite, "name" | "accentColor">;
  post: { pageId: string; title: string; description: string; date: string | null; recordMap: ExtendedRecordMap | null };
  postUrl: string;
  links: PostEmailLinks;
  /** The reader's own unsubscribe link; a preview or test send has the owner's stand-in. */
  unsubscribeUrl: string;
  /** The site's language (`<html lang>`), when it has one. */
  lang?: string;
  dir?: "ltr" | "rtl";
};

/** The whole post in the inbox: title, summary, the body as email-safe HTML and plain text, and links back to the site. */
export function postEmail(p: PostEmailInput): RenderedEmail {
  const body = p.post.recordMap ? postBodyEmail(p.post.recordMap, p.post.pageId, p.links, p.site.accentColor) : { html: "", text: "" };
  const title = p.post.title || "A new post";
  const blocks: EmailBlock[] = [
    { kind: "written", html: viewInBrowser(p.postUrl, p.site.accentColor), text: `View in browser: ${p.postUrl}` },
    { kind: "note", text: p.post.date ? `${p.site.name} · ${p.post.date}` : p.site.name },
    { kind: "heading", text: title },
    ...(p.post.description ? [{ kind: "quote" as const, text: p.post.description }] : []),
    ...(body.html ? [{ kind: "written" as const, html: body.html, text: body.text }] : []),
    { kind: "button", label: "Read on the site", url: p.postUrl },
  ];
  return renderEmail({
    subject: `${title} — ${p.site.name}`,
    preview: p.post.description || firstWords(body.text) || `A new post on ${p.site.name}`,
    accentColor: p.site.accentColor,
    lang: p.lang,
    dir: p.dir,
    blocks,
    footer: [
      { kind: "note", text: `You get this email because you subscribed to ${p.site.name}.` },
      { kind: "button", label: "Unsubscribe", url: p.unsubscribeUrl },
    ],
  });
}

function viewInBrowser(url: string, accent: string): string {
  const href = /^https?:\/\//i.test(url) ? url.replace(/"/g, "%22") : "#";
  return `<p style="margin:0 0 16px;font-size:12px;line-height:1.5;color:#777;text-align:right"><a href="${href}" style="color:${accent}">View in browser</a></p>`;
}

function firstWords(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}
