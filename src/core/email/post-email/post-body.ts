import type { Block, ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import { blockOf, pageTitle } from "@/notion/record-map";
import { isImageIcon } from "@/site-model/tree-model";
import { escapeHtml } from "../render-email";
import { MONO, richHtml, richPlain, safeHref, type PostEmailLinks } from "./rich-text";
import { databaseTable, simpleTable } from "./post-tables";
import { videoFacadeOf } from "@/lib/video-links";

/**
 * A post's body as email: walked from the page's record map (the model the site renders from), each block written
 * as inline-styled HTML that Gmail, Outlook and Apple Mail show alike — no classes, no scripts, no iframes — and
 * as plain text. Things a mail client can't run become something it can show: toggles open, math as its source
 * text, videos and embeds as links to where they play.
 */

export type PostBody = { html: string; text: string };
/** The widest an image is shown in the email's column (560 px card minus its padding). */
export const EMAIL_CONTENT_WIDTH = 496;

type Out = { html: string[]; text: string[] };
type Walk = { recordMap: ExtendedRecordMap; links: PostEmailLinks; accent: string; pageId: string };

const P = "margin:0 0 16px;font-size:16px;line-height:1.6;color:#333";
const HEADINGS: Record<string, { tag: string; size: number }> = {
  header: { tag: "h2", size: 22 },
  sub_header: { tag: "h3", size: 19 },
  sub_sub_header: { tag: "h4", size: 17 },
};

const props = (b: Block) => (b.properties ?? {}) as Record<string, unknown>;
const plainOf = (value: unknown) => getTextContent((value ?? []) as never);
const firstValue = (value: unknown) => String((value as string[][] | undefined)?.[0]?.[0] ?? "");

export function postBodyEmail(recordMap: ExtendedRecordMap, pageId: string, links: PostEmailLinks, accent: string): PostBody {
  const out: Out = { html: [], text: [] };
  const root = blockOf(recordMap, pageId);
  visit({ recordMap, links, accent, pageId }, (root?.content as string[] | undefined) ?? [], out, "");
  return { html: out.html.join(""), text: out.text.join("\n\n") };
}

function visit(w: Walk, ids: string[], out: Out, indent: string): void {
  for (let i = 0; i < ids.length; i++) {
    const b = blockOf(w.recordMap, ids[i]!);
    if (!b) continue;
    if (b.type === "bulleted_list" || b.type === "numbered_list") {
      // Consecutive items of one kind are one list.
      const items: Block[] = [b];
      while (i + 1 < ids.length && blockOf(w.recordMap, ids[i + 1]!)?.type === b.type) items.push(blockOf(w.recordMap, ids[++i]!)!);
      list(w, items, out, indent);
      continue;
    }
    try {
      block(w, b, out, indent);
    } catch {
      // One block the email can't write never takes the email down: it is left out, the rest goes.
    }
  }
}

function list(w: Walk, items: Block[], out: Out, indent: string): void {
  const ordered = items[0]!.type === "numbered_list";
  const tag = ordered ? "ol" : "ul";
  const html: string[] = [];
  const text: string[] = [];
  items.forEach((item, n) => {
    const inner: Out = { html: [], text: [] };
    visit(w, (item.content as string[] | undefined) ?? [], inner, `${indent}   `);
    html.push(`<li style="margin:0 0 6px;font-size:16px;line-height:1.6;color:#333">${richHtml(props(item).title, w.recordMap, w.links, w.accent)}${inner.html.join("")}</li>`);
    text.push(`${indent}${ordered ? `${n + 1}.` : "-"} ${richPlain(props(item).title, w.recordMap, w.links)}${inner.text.length ? `\n${inner.text.join("\n")}` : ""}`);
  });
  out.html.push(`<${tag} style="margin:0 0 16px;padding:0 0 0 24px">${html.join("")}</${tag}>`);
  out.text.push(text.join("\n"));
}

function children(w: Walk, b: Block, indent: string): Out {
  const inner: Out = { html: [], text: [] };
  visit(w, (b.content as string[] | undefined) ?? [], inner, indent);
  return inner;
}

function block(w: Walk, b: Block, out: Out, indent: string): void {
  const html = (value: unknown) => richHtml(value, w.recordMap, w.links, w.accent);
  const plain = (value: unknown) => richPlain(value, w.recordMap, w.links);
  const push = (h: string, t: string) => {
    out.html.push(h);
    if (t) out.text.push(t.split("\n").map((line) => `${indent}${line}`).join("\n"));
  };
  const title = props(b).title;
  switch (b.type) {
    case "header":
    case "sub_header":
    case "sub_sub_header": {
      const { tag, size } = HEADINGS[b.type]!;
      return push(`<${tag} style="margin:24px 0 12px;font-size:${size}px;line-height:1.3;font-weight:600;color:#111">${html(title)}</${tag}>`, plain(title));
    }
    case "text": {
      if (!plainOf(title).trim()) return;
      const inner = children(w, b, `${indent}  `);
      return push(`<p style="${P}">${html(title)}</p>${inner.html.join("")}`, [plain(title), ...inner.text].join("\n\n"));
    }
    case "to_do": {
      const done = plainOf(props(b).checked) === "Yes";
      const inner = children(w, b, `${indent}  `);
      return push(`<p style="${P}">${done ? "☑" : "☐"} ${done ? `<s style="text-decoration:line-through;color:#777">${html(title)}</s>` : html(title)}</p>${inner.html.join("")}`, [`[${done ? "x" : " "}] ${plain(title)}`, ...inner.text].join("\n"));
    }
    case "quote":
      return push(`<blockquote style="margin:0 0 16px;padding:4px 0 4px 14px;border-left:3px solid ${w.accent};font-size:16px;line-height:1.6;color:#444">${html(title)}</blockquote>`, plain(title).split("\n").map((l) => `> ${l}`).join("\n"));
    case "callout": {
      const icon = (b.format as { page_icon?: string } | undefined)?.page_icon;
      const emoji = icon && !isImageIcon(icon) ? icon : "";
      const inner = children(w, b, `${indent}  `);
      return push(
        `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px;background:#f1f1ef;border-radius:6px"><tr>` +
          (emoji ? `<td valign="top" style="padding:14px 0 14px 14px;width:28px;font-size:18px;line-height:1.5">${escapeHtml(emoji)}</td>` : "") +
          `<td valign="top" style="padding:14px 16px;font-size:16px;line-height:1.6;color:#333">${html(title)}${inner.html.join("")}</td></tr></table>`,
        [`${emoji ? `${emoji} ` : ""}${plain(title)}`, ...inner.text].map((l) => `| ${l}`).join("\n"),
      );
    }
    case "toggle": {
      // A mail client runs no script and few honour <details>: the toggle is shown open, its summary in bold.
      const inner = children(w, b, `${indent}  `);
      return push(
        `<div style="margin:0 0 16px"><p style="margin:0 0 8px;font-size:16px;line-height:1.6;font-weight:600;color:#111">▾ ${html(title)}</p><div style="padding:0 0 0 18px">${inner.html.join("")}</div></div>`,
        [`▾ ${plain(title)}`, ...inner.text].join("\n\n"),
      );
    }
    case "code": {
      const code = plainOf(title);
      const language = plainOf(props(b).language);
      return push(
        `<pre style="margin:0 0 16px;padding:12px 14px;background:#f6f8fa;border:1px solid #e5e7eb;border-radius:6px;font-family:${MONO};font-size:13px;line-height:1.5;color:#24292e;white-space:pre-wrap;word-break:break-word;overflow-wrap:anywhere">` +
          `<code style="font-family:${MONO}">${escapeHtml(code)}</code></pre>`,
        `${language && language !== "Plain Text" ? `[${language}]\n` : ""}${code}`,
      );
    }
    case "equation": {
      const math = plainOf(title);
      return push(`<p style="margin:0 0 16px;padding:8px 12px;background:#fafafa;font-family:${MONO};font-size:15px;line-height:1.5;color:#333;text-align:center">${escapeHtml(math)}</p>`, math);
    }
    case "divider":
      return push(`<hr style="border:0;border-top:1px solid #e5e5e5;margin:24px 0">`, "---");
    case "image":
      return image(w, b, push);
    case "bookmark":
    case "video":
    case "embed":
    case "audio":
    case "file":
    case "pdf":
    case "gist":
    case "figma":
    case "maps":
    case "codepen":
    case "tweet":
    case "drive":
      return linkCard(w, b, push);
    case "table":
      return push(...simpleTable(b, w.recordMap, w.links, w.accent));
    case "collection_view":
      return push(...databaseTable(b, w.recordMap, w.links, w.accent));
    case "page": {
      const url = w.links.pageUrl(b.id);
      const name = escapeHtml(pageTitle(b) || "Untitled");
      return push(`<p style="${P}">📄 ${url ? `<a href="${escapeHtml(url)}" style="color:${w.accent}">${name}</a>` : name}</p>`, url ? `${pageTitle(b)} (${url})` : pageTitle(b));
    }
    case "column_list":
    case "column":
    case "transclusion_container":
    case "transclusion_reference": {
      // Columns stack in a narrow inbox, as they do on a phone.
      const inner = children(w, b, indent);
      out.html.push(...inner.html);
      out.text.push(...inner.text);
      return;
    }
    default:
      if (plainOf(title).trim()) push(`<p style="${P}">${html(title)}</p>`, plain(title));
  }
}

function image(w: Walk, b: Block, push: (h: string, t: string) => void): void {
  const src = firstValue(props(b).source);
  const url = w.links.imageUrl(src, b.id);
  if (!url) return;
  const caption = props(b).caption;
  const alt = plainOf(caption);
  const captionHtml = alt ? `<p style="margin:6px 0 0;font-size:13px;line-height:1.5;color:#777;text-align:center">${richHtml(caption, w.recordMap, w.links, w.accent)}</p>` : "";
  push(
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px"><tr><td align="center" style="padding:0;text-align:center">` +
      `<img src="${escapeHtml(url)}" width="${EMAIL_CONTENT_WIDTH}" alt="${escapeHtml(alt)}" style="display:block;width:100%;max-width:${EMAIL_CONTENT_WIDTH}px;height:auto;border:0;border-radius:4px">${captionHtml}</td></tr></table>`,
    `[${alt || "Image"}] (${url})`,
  );
}

/** A bookmark, video or embed: a card linking to where it plays or lives (a mail client plays nothing itself). */
function linkCard(w: Walk, b: Block, push: (h: string, t: string) => void): void {
  const drive = (b.format as { drive_properties?: { url?: string; title?: string } } | undefined)?.drive_properties;
  let source = safeHref(drive?.url || firstValue(props(b).link) || firstValue(props(b).source) || (b.format as { display_source?: string } | undefined)?.display_source);
  if (!source) return;
  // A file Notion hosts has an address that expires: the email links to the post, where the file is served.
  if (w.links.imageUrl(source, b.id) !== source) source = w.links.pageUrl(w.pageId);
  if (!source) return;
  const video = b.type === "video" || b.type === "embed" ? videoFacadeOf(source) : null;
  const link = video?.watchUrl ?? source;
  const label = plainOf(props(b).title) || drive?.title || plainOf(props(b).caption) || (video ? `${video.provider} video` : hostOf(link));
  const what = b.type === "video" || video ? "▶ Watch:" : b.type === "bookmark" ? "🔗" : "↗ Open:";
  const thumbnail = video?.thumbnail
    ? `<a href="${escapeHtml(link)}" style="text-decoration:none"><img src="${escapeHtml(video.thumbnail)}" width="${EMAIL_CONTENT_WIDTH}" alt="${escapeHtml(`${what} ${label}`)}" style="display:block;width:100%;max-width:${EMAIL_CONTENT_WIDTH}px;height:auto;border:0;border-radius:6px 6px 0 0"></a>`
    : "";
  push(
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="margin:0 0 16px;border:1px solid #e5e5e5;border-radius:6px"><tr><td style="padding:0">${thumbnail}</td></tr><tr><td style="padding:12px 14px;font-size:15px;line-height:1.5">` +
      `<a href="${escapeHtml(link)}" style="color:${w.accent};text-decoration:none;font-weight:600">${escapeHtml(what)} ${escapeHtml(label)}</a>` +
      `<br><span style="font-size:13px;color:#777;word-break:break-all">${escapeHtml(link)}</span></td></tr></table>`,
    `${what} ${label}: ${link}`,
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
