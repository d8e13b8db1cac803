import type { ExtendedRecordMap } from "notion-types";
import { blockOf, pageTitle } from "@/notion/record-map";
import { escapeHtml } from "../render-email";

/** Where a post's links and images point: absolute URLs on the site's own host (mail clients have no base URL). */
export type PostEmailLinks = {
  /** The site URL of a Notion page id, or null when the site does not publish that page. */
  pageUrl: (pageId: string) => string | null;
  /** The absolute URL of a block's image at email width, or null when it can't be shown. */
  imageUrl: (src: string, blockId: string) => string | null;
};

type Decoration = [string, ...unknown[]];
type RichText = [string, Decoration[]?][];

export const MONO = "SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace";
const PRIVATE_MENTION = "a private Notion page";

/** Only web and mail links survive into an inbox: a crafted `javascript:` href never becomes a link. */
export function safeHref(url: unknown): string | null {
  return typeof url === "string" && /^(https?:\/\/|mailto:)/i.test(url) ? url : null;
}

function mentionOf(recordMap: ExtendedRecordMap, links: PostEmailLinks, kind: string, arg: unknown): { text: string; href: string | null } {
  const id = String(kind === "p" ? arg : (arg as unknown[])[1]);
  const mentioned = blockOf(recordMap, id);
  const href = links.pageUrl(id) ?? (mentioned ? `https://www.notion.so/${id.replace(/-/g, "")}` : null);
  return href ? { text: pageTitle(mentioned) || "page", href } : { text: PRIVATE_MENTION, href: null };
}

function dateText(arg: unknown): string {
  const value = arg as { start_date?: string; end_date?: string } | undefined;
  if (!value?.start_date) return "";
  return value.end_date ? `${value.start_date} → ${value.end_date}` : value.start_date;
}

/** Notion rich text as inline-styled HTML: bold, italic, strike, underline, code, links, mentions, inline math as text. */
export function richHtml(value: unknown, recordMap: ExtendedRecordMap, links: PostEmailLinks, accent: string): string {
  if (!Array.isArray(value)) return "";
  return (value as RichText)
    .map(([raw, decorations = []]) => {
      let out = escapeHtml(String(raw ?? ""));
      let href: string | null = null;
      for (const [kind, arg] of decorations) {
        if (kind === "p" || (kind === "‣" && Array.isArray(arg) && arg[0] === "p")) {
          const mention = mentionOf(recordMap, links, kind, arg);
          out = escapeHtml(mention.text);
          href = mention.href;
        } else if (kind === "‣" && Array.isArray(arg) && arg[0] === "d") out = escapeHtml(dateText(arg[1]));
        else if (kind === "e") out = `<code style="font-family:${MONO};font-size:14px">${escapeHtml(String(arg))}</code>`;
        else if (kind === "c") out = `<code style="font-family:${MONO};font-size:14px;background:#f1f1ef;padding:1px 4px;border-radius:3px;color:#c7254e">${out}</code>`;
        else if (kind === "b") out = `<strong style="font-weight:600">${out}</strong>`;
        else if (kind === "i") out = `<em style="font-style:italic">${out}</em>`;
        else if (kind === "s") out = `<s style="text-decoration:line-through">${out}</s>`;
        else if (kind === "_") out = `<u style="text-decoration:underline">${out}</u>`;
        else if (kind === "a") href = safeHref(arg) ?? href;
      }
      return href ? `<a href="${escapeHtml(href)}" style="color:${accent};text-decoration:underline">${out}</a>` : out;
    })
    .join("")
    .replace(/\n/g, "<br>");
}

/** The same rich text as plain text, with each link spelled out after its words. */
export function richPlain(value: unknown, recordMap: ExtendedRecordMap, links: PostEmailLinks): string {
  if (!Array.isArray(value)) return "";
  return (value as RichText)
    .map(([raw, decorations = []]) => {
      let out = String(raw ?? "");
      let href: string | null = null;
      for (const [kind, arg] of decorations) {
        if (kind === "p" || (kind === "‣" && Array.isArray(arg) && arg[0] === "p")) {
          const mention = mentionOf(recordMap, links, kind, arg);
          out = mention.text;
          href = mention.href;
        } else if (kind === "‣" && Array.isArray(arg) && arg[0] === "d") out = dateText(arg[1]);
        else if (kind === "e") out = String(arg);
        else if (kind === "a") href = safeHref(arg) ?? href;
      }
      return href && href !== out ? `${out} (${href})` : out;
    })
    .join("");
}
