import type { RichTextItemResponse } from "@notionhq/client";

/**
 * Official rich text → the private API's `[text, decorations]` form, and the other text pieces the converters
 * share (dates, code languages). Items are read as possibly incomplete (convert-common.ts): an item without
 * `annotations` is plain, one without `type` is read by the key it has, and a mention Notion added after this code
 * was written keeps its plain text.
 */

export type SubDecoration = [string, unknown?];
export type Decoration = [string, SubDecoration[]?];

type DateLike = { start?: string | null; end?: string | null; time_zone?: string | null };

/** Official date → the private `d` decoration's value; null without a start. */
export function dateValue(date: DateLike | null | undefined): Record<string, string> | null {
  if (!date || typeof date.start !== "string" || !date.start) return null;
  const [startDate, startTime] = date.start.split("T");
  const [endDate, endTime] = typeof date.end === "string" && date.end ? date.end.split("T") : [];
  const hasTime = Boolean(startTime);
  const value: Record<string, string> = {
    type: endDate ? (hasTime ? "datetimerange" : "daterange") : hasTime ? "datetime" : "date",
    start_date: startDate!,
  };
  if (startTime) value.start_time = startTime.slice(0, 5);
  if (endDate) value.end_date = endDate;
  if (endTime) value.end_time = endTime.slice(0, 5);
  if (date.time_zone) value.time_zone = date.time_zone;
  return value;
}

type Item = {
  type?: string;
  plain_text?: string;
  href?: string | null;
  annotations?: Partial<RichTextItemResponse["annotations"]>;
  text?: { content?: string; link?: { url?: string } | null };
  equation?: { expression?: string };
  mention?: Record<string, unknown> & { type?: string };
};

function marksOf(item: Item): SubDecoration[] {
  const marks: SubDecoration[] = [];
  const a = item.annotations ?? {};
  if (a.bold) marks.push(["b"]);
  if (a.italic) marks.push(["i"]);
  if (a.strikethrough) marks.push(["s"]);
  if (a.underline) marks.push(["_"]);
  if (a.code) marks.push(["c"]);
  if (a.color && a.color !== "default") marks.push(["h", a.color]);
  return marks;
}

const idAt = (value: unknown): string | undefined => {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? id : undefined;
};

/** A mention's decoration, or null when it is of a kind (or shape) that keeps only its text. */
function mentionDecoration(item: Item): Decoration | null {
  const m = item.mention ?? {};
  const type = m.type;
  const payload = type ? m[type] : undefined;
  if (type === "page" || type === "database") return idAt(payload) ? ["‣", [["p", idAt(payload)!]]] : null;
  if (type === "user") return idAt(payload) ? ["‣", [["u", idAt(payload)!]]] : null;
  if (type === "date") {
    const value = dateValue(payload as DateLike);
    return value ? ["‣", [["d", value]]] : null;
  }
  const url = type === "link_preview" ? (payload as { url?: unknown })?.url : type === "link_mention" ? (payload as { href?: unknown })?.href : undefined;
  if (typeof url === "string" && url) return [item.plain_text || url, [["a", url]]];
  return null;
}

export function decorationsOf(items: unknown): Decoration[] {
  const out: Decoration[] = [];
  for (const raw of Array.isArray(items) ? (items as unknown[]) : []) {
    if (!raw || typeof raw !== "object") continue;
    const item = raw as Item;
    const marks = marksOf(item);
    const type = item.type ?? (item.text ? "text" : item.equation ? "equation" : item.mention ? "mention" : undefined);
    if (type === "equation" && typeof item.equation?.expression === "string") {
      out.push(["⁍", [["e", item.equation.expression], ...marks]]);
      continue;
    }
    if (type === "mention") {
      const mention = mentionDecoration(item);
      if (mention) {
        out.push([mention[0], [...(mention[1] ?? []), ...marks]]);
        continue;
      }
    }
    const content = type === "text" && typeof item.text?.content === "string" ? item.text.content : (item.plain_text ?? "");
    const link = type === "text" ? item.text?.link?.url : (item.href ?? undefined);
    if (typeof link === "string" && link) marks.push(["a", link]);
    out.push(marks.length ? [content, marks] : [content]);
  }
  return out;
}

/** The text of rich text as Notion shows it (a mention by its title), whatever shape its items have. */
export function plainText(items: unknown): string {
  return (Array.isArray(items) ? (items as Item[]) : [])
    .map((item) => (typeof item?.plain_text === "string" ? item.plain_text : (item?.text?.content ?? item?.equation?.expression ?? "")))
    .join("");
}

/** User ids named in rich text (mentions), for notion_user records. */
export function userIdsIn(value: unknown, into: Set<string>): void {
  const text = JSON.stringify(value ?? null);
  for (const match of text.matchAll(/\["u","([0-9a-f-]{32,36})"\]/g)) into.add(match[1]!);
}

const LANGUAGES: Record<string, string> = {
  "plain text": "Plain Text",
  typescript: "TypeScript",
  javascript: "JavaScript",
  python: "Python",
  bash: "Bash",
  shell: "Shell",
  sql: "SQL",
  html: "HTML",
  css: "CSS",
  json: "JSON",
  yaml: "YAML",
  go: "Go",
  rust: "Rust",
  "c++": "C++",
  "c#": "C#",
  php: "PHP",
  markdown: "Markdown",
  graphql: "GraphQL",
  powershell: "PowerShell",
  "objective-c": "Objective-C",
  webassembly: "WebAssembly",
};
/** The official API's lower-case language → the name the private API stores (and the renderer maps). */
export function languageName(language: unknown): string {
  if (typeof language !== "string" || !language) return "Plain Text";
  return LANGUAGES[language] ?? language.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}
