import { z } from "zod";

/** What the owner chose: no comments, every comment held, a reader's first comment held, or none held. */
export const COMMENT_MODES = ["off", "held", "first-held", "open"] as const;
export type CommentMode = (typeof COMMENT_MODES)[number];

/**
 * Limits of one comment: a name, a paragraph or a few (a comment, not an article), and at most two links — link
 * spam carries many. Words on the owner's keyword list hold a comment for the owner whatever the mode.
 */
export const COMMENT_LIMITS = { nameMax: 60, bodyMax: 2000, linksMax: 2 } as const;

const LINK_RE = /\bhttps?:\/\/|\bwww\./gi;

export const commentInput = z.object({
  pageId: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1, "Please enter your name").max(COMMENT_LIMITS.nameMax, `Your name can be at most ${COMMENT_LIMITS.nameMax} characters`),
  email: z.email("Please enter a valid email address").trim().max(254),
  body: z
    .string()
    .trim()
    .min(1, "Please write a comment")
    .max(COMMENT_LIMITS.bodyMax, `A comment can be at most ${COMMENT_LIMITS.bodyMax} characters`)
    .refine((text) => (text.match(LINK_RE) ?? []).length <= COMMENT_LIMITS.linksMax, `A comment can have at most ${COMMENT_LIMITS.linksMax} links`),
  replyTo: z.string().trim().max(64).nullable().default(null),
});
export type CommentInput = z.input<typeof commentInput>;

/** Whether the text has a word or phrase from the owner's list (case-insensitive, whole words). */
export function hasBlockedWord(text: string, keywords: readonly string[]): boolean {
  const lower = text.toLocaleLowerCase();
  return keywords.some((word) => {
    const w = word.trim().toLocaleLowerCase();
    if (!w) return false;
    const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").test(lower);
  });
}

/** The site types whose pages take comments: posts, changelog entries, docs and help-desk articles. */
const COMMENTABLE = new Set(["blog", "changelog", "docs", "docsv2", "help_desk"]);
export const commentsTakenBy = (siteType: string) => COMMENTABLE.has(siteType);
