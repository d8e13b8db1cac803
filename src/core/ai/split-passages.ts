import type { Block, ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import { blockOf } from "@/notion/record-map";

export type Passage = { heading: string; text: string };

const HEADINGS = new Set(["header", "sub_header", "sub_sub_header"]);
const LIST_ITEMS = new Set(["bulleted_list", "numbered_list", "to_do"]);
/** Big enough to carry an answer with its context, small enough that a few fit in a prompt. */
export const MAX_PASSAGE_CHARS = 1200;
const MAX_PASSAGES_PER_PAGE = 200;

/**
 * A page's text as passages: each heading starts one, and a long section is cut at block boundaries (a single huge
 * block is cut at MAX_PASSAGE_CHARS). Text before the first heading belongs to the page itself (heading ""). Sub-pages
 * are their own pages and are skipped here, as in the search index. Code blocks are fenced with ``` as in Markdown.
 */
export function splitPassages(recordMap: ExtendedRecordMap, pageId: string): Passage[] {
  const out: Passage[] = [];
  let heading = "";
  let lines: string[] = [];
  let size = 0;
  const flush = () => {
    const text = lines.join("\n").trim();
    if (text) out.push({ heading, text });
    lines = [];
    size = 0;
  };
  const add = (line: string) => {
    for (let rest = line; rest; rest = rest.slice(MAX_PASSAGE_CHARS)) {
      const piece = rest.slice(0, MAX_PASSAGE_CHARS);
      if (size + piece.length > MAX_PASSAGE_CHARS) flush();
      lines.push(piece);
      size += piece.length + 1;
    }
  };
  const visit = (ids: string[]) => {
    for (const id of ids) {
      const b = blockOf(recordMap, id) as Block | undefined;
      if (!b || b.type === "page" || b.type === "collection_view_page") continue;
      const text = getTextContent(((b.properties as { title?: unknown } | undefined)?.title ?? []) as never).trim();
      if (HEADINGS.has(b.type)) {
        flush();
        heading = text;
      } else if (text) {
        // Code stays fenced, so an answer can quote it as code and check it whole.
        add(b.type === "code" ? `\`\`\`\n${text}\n\`\`\`` : LIST_ITEMS.has(b.type) ? `- ${text}` : text);
      }
      visit((b.content as string[] | undefined) ?? []);
    }
  };
  visit((blockOf(recordMap, pageId)?.content as string[] | undefined) ?? []);
  flush();
  return out.slice(0, MAX_PASSAGES_PER_PAGE);
}
