import type { ExtendedRecordMap } from "notion-types";
import { blockOf, pageTitle } from "@/notion/record-map";
import { PRIVATE_MENTION_TEXT } from "./render/mentions";

/**
 * The first blocks of a changelog entry as the What's-new widget shows them in the owner's app: paragraphs and lists
 * kept apart, page mentions as their titles (linked), links kept, line breaks kept — never Notion's "‣" placeholder.
 * `text` is the same as plain text (one line per paragraph or list item), for clients that show no markup.
 */

export type ExcerptSpan = { text: string; href?: string };
export type ExcerptBlock = { kind: "p"; spans: ExcerptSpan[] } | { kind: "ul" | "ol"; items: ExcerptSpan[][] };
export type Excerpt = { blocks: ExcerptBlock[]; text: string };

type Decoration = [string, unknown?];
type Segment = [string, Decoration[]?];

/** Where a mentioned page opens: its address on this site, else its public Notion page (its block came with the entry). */
export type MentionLinks = { pageUrl: (pageId: string) => string | null };

const LIST_KINDS = { bulleted_list: "ul", numbered_list: "ol" } as const;
const TEXT_KINDS = new Set(["text", "header", "sub_header", "sub_sub_header", "quote", "callout", "to_do", "toggle", "bulleted_list", "numbered_list"]);
const safeHref = (href: unknown) => (typeof href === "string" && /^(https?:|mailto:)/i.test(href) ? href : undefined);

function dateText(arg: unknown): string {
  const start = (arg as { start_date?: unknown } | undefined)?.start_date;
  return typeof start === "string" ? start : "";
}

function spansOf(title: unknown, recordMap: ExtendedRecordMap, links: MentionLinks): ExcerptSpan[] {
  if (!Array.isArray(title)) return [];
  const spans: ExcerptSpan[] = [];
  for (const [raw, decorations = []] of title as Segment[]) {
    let text = String(raw ?? "");
    let href: string | undefined;
    for (const [kind, arg] of decorations) {
      const mention = kind === "‣" && Array.isArray(arg) ? (arg as Decoration) : null;
      const [mKind, mArg] = mention ?? [kind, arg];
      if (mKind === "p" && typeof mArg === "string") {
        const page = blockOf(recordMap, mArg);
        text = page ? pageTitle(page) || "Untitled" : PRIVATE_MENTION_TEXT;
        href = page ? (links.pageUrl(mArg) ?? `https://www.notion.so/${mArg.replace(/-/g, "")}`) : undefined;
      } else if (mKind === "u" && typeof mArg === "string") {
        const user = (recordMap.notion_user?.[mArg] as { value?: { name?: string; given_name?: string } } | undefined)?.value;
        text = user?.name || user?.given_name || "someone";
      } else if (mKind === "d") text = dateText(mArg) || text;
      else if (kind === "a") href = safeHref(arg) ?? href;
    }
    if (text === "‣") continue; // a mention of something we can't name (a database, a link preview)
    const last = spans.at(-1);
    if (last && last.href === href) last.text += text;
    else spans.push(href ? { text, href } : { text });
  }
  return spans;
}

const spansText = (spans: ExcerptSpan[]) => spans.map((s) => s.text).join("");

/** The entry's first blocks, up to about `limit` characters of text. */
export function excerptOf(recordMap: ExtendedRecordMap | undefined | null, pageId: string, links: MentionLinks, limit: number): Excerpt {
  const blocks: ExcerptBlock[] = [];
  const lines: string[] = [];
  if (!recordMap) return { blocks, text: "" };
  let length = 0;
  for (const id of (blockOf(recordMap, pageId)?.content as string[] | undefined) ?? []) {
    if (length > limit) break;
    const block = blockOf(recordMap, id);
    if (!block || !TEXT_KINDS.has(block.type)) continue;
    const spans = spansOf((block.properties as { title?: unknown } | undefined)?.title, recordMap, links);
    const text = spansText(spans).trim();
    if (!text) continue;
    length += text.length;
    lines.push(text);
    const listKind = LIST_KINDS[block.type as keyof typeof LIST_KINDS];
    const previous = blocks.at(-1);
    if (listKind && previous?.kind === listKind) previous.items.push(spans);
    else if (listKind) blocks.push({ kind: listKind, items: [spans] });
    else blocks.push({ kind: "p", spans });
  }
  return { blocks, text: lines.join("\n") };
}

/** A page's first line of text (its first paragraph or list item, mentions by title), e.g. for a roadmap card. */
export function firstLineOfPage(recordMap: ExtendedRecordMap | undefined | null, pageId: string): string {
  return excerptOf(recordMap, pageId, { pageUrl: () => null }, 1).text.split("\n")[0] ?? "";
}
