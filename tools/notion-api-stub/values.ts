import { invalid } from "./errors";
import type { Json } from "./workspace";

/** Rich text and titles, as the official API writes and reads them. */

export const plain = (rich: unknown) => ((rich as { plain_text?: string }[] | undefined) ?? []).map((r) => r.plain_text ?? "").join("");

export const textItem = (content: string) => ({
  type: "text",
  text: { content, link: null },
  annotations: { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: "default" },
  plain_text: content,
  href: null,
});

export function titleOfPage(page: Json): string {
  const props = (page.properties ?? {}) as Record<string, { type?: string; title?: unknown }>;
  const title = Object.values(props).find((p) => p.type === "title");
  return plain(title?.title);
}

/** The name of a data source's title property ("title" under a page, which has no schema). */
export const titlePropertyName = (source: Json | undefined) =>
  source ? (Object.entries(source.properties as Record<string, Json>).find(([, p]) => p.type === "title")?.[0] ?? "Name") : "title";

/** Text of a rich_text input array: `[{text: {content}}]` as sent, or `plain_text` as read. */
export function plainInput(rich: unknown): string {
  if (rich !== undefined && !Array.isArray(rich)) throw invalid("A rich text value should be an array.");
  return ((rich as Json[] | undefined) ?? []).map((r) => String((r.text as { content?: string } | undefined)?.content ?? r.plain_text ?? "")).join("");
}
