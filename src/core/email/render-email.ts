/**
 * Emails are written once as a few blocks and rendered twice: table-based HTML that mail clients show alike, and a
 * plain-text alternative with every link spelled out. No React on this path: emails are also sent from Next routes,
 * where react-dom/server cannot be imported (docs/product.md D1).
 */

export type EmailBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "button"; label: string; url: string }
  | { kind: "quote"; text: string }
  | { kind: "note"; text: string }
  /** Already email-safe markup and its plain text, written by our own renderers (a post's body), never by a reader. */
  | { kind: "written"; html: string; text: string };

export type EmailContent = {
  subject: string;
  /** Shown by mail clients next to the subject. */
  preview?: string;
  blocks: EmailBlock[];
  /** Small print under a rule: why the reader got this, how to stop it. */
  footer?: EmailBlock[];
  accentColor?: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const SAFE_COLOUR = /^#[0-9a-fA-F]{6}$/;
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function safeUrl(url: string): string {
  // Only web links: a crafted value must never become a javascript: link in someone's inbox.
  return /^https?:\/\//i.test(url) ? url : "#";
}

function blockHtml(block: EmailBlock, accent: string): string {
  switch (block.kind) {
    case "heading":
      return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111">${escapeHtml(block.text)}</h1>`;
    case "paragraph":
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#333">${escapeHtml(block.text)}</p>`;
    case "quote":
      return `<p style="margin:0 0 16px;padding:8px 12px;border-left:3px solid ${accent};font-size:15px;line-height:1.6;color:#444;white-space:pre-wrap">${escapeHtml(block.text)}</p>`;
    case "note":
      return `<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#777">${escapeHtml(block.text)}</p>`;
    case "written":
      return block.html;
    case "button": {
      const href = escapeHtml(safeUrl(block.url));
      return (
        `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:${accent}">` +
        `<a href="${href}" style="display:inline-block;padding:12px 20px;font-size:16px;font-weight:600;color:#fff;text-decoration:none">${escapeHtml(block.label)}</a>` +
        `</td></tr></table>` +
        `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#777">Or open this link: <a href="${href}" style="color:${accent};word-break:break-all">${href}</a></p>`
      );
    }
  }
}

function blockText(block: EmailBlock): string {
  switch (block.kind) {
    case "heading":
      return block.text;
    case "paragraph":
    case "note":
      return block.text;
    case "quote":
      return block.text
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n");
    case "button":
      return `${block.label}: ${safeUrl(block.url)}`;
    case "written":
      return block.text;
  }
}

export function renderEmail(content: EmailContent & { lang?: string; dir?: "ltr" | "rtl" }): RenderedEmail {
  const accent = content.accentColor && SAFE_COLOUR.test(content.accentColor) ? content.accentColor : "#2255dd";
  const body = content.blocks.map((b) => blockHtml(b, accent)).join("");
  const footer = content.footer?.length
    ? `<hr style="border:0;border-top:1px solid #e5e5e5;margin:24px 0 16px">${content.footer.map((b) => blockHtml(b, accent)).join("")}`
    : "";
  const preview = content.preview
    ? `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(content.preview)}</div>`
    : "";
  const html =
    `<!doctype html><html lang="${escapeHtml(content.lang ?? "en")}"${content.dir === "rtl" ? ' dir="rtl"' : ""}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f5f5f5;font-family:${FONT}">${preview}` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f5f5f5"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#fff;border-radius:8px"><tr><td style="padding:32px">` +
    `${body}${footer}</td></tr></table></td></tr></table></body></html>`;
  const textParts = content.blocks.map(blockText);
  if (content.footer?.length) textParts.push("--", ...content.footer.map(blockText));
  return { subject: content.subject, html, text: `${textParts.join("\n\n")}\n` };
}
