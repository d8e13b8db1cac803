/**
 * The compact body markup of the demo workspace source, parsed into Notion-shaped block trees. Line based:
 *
 *   # / ## / ###  headings        - item  bulleted        1. item  numbered       [ ] / [x]  to-do
 *   > quote                       !💡 text  callout (!:name: text: a custom emoji icon)   --- divider    $$ latex $$  equation
 *   ```lang … ```  code           ![caption](file.png or https://…)  image         + title  toggle (children indented)
 *   | a | b |  simple table (first row is the header)     ::: columns / ::: column / :::  columns
 *   @bookmark url | title | description     @video url     @embed url     @database key (an inline database of the page)
 *   anything else: a paragraph
 *
 * Inline: **bold**, *italic*, `code`, ~~strike~~, [text](url), [[Page title]] (a link to that page), $x^2$ (math).
 * Children of list items, to-dos and toggles are the following lines indented by two more spaces.
 */

export type Decoration = [string, ...unknown[]];
export type RichText = [string, Decoration[]?][];

export type MarkupBlock = {
  type: string;
  properties?: Record<string, unknown>;
  format?: Record<string, unknown>;
  children?: MarkupBlock[];
};

export type InlineContext = { pageIdByTitle: (title: string) => string };

const INLINE = /(\*\*[^*]+\*\*|~~[^~]+~~|\*[^*\s][^*]*\*|`[^`]+`|\[\[[^\]]+\]\]|\[[^\]]+\]\([^)\s]+\)|\$[^$\s][^$]*\$)/g;

export function inline(text: string, ctx: InlineContext): RichText {
  const out: RichText = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push([text.slice(last, index)]);
    const token = match[0];
    if (token.startsWith("**")) out.push([token.slice(2, -2), [["b"]]]);
    else if (token.startsWith("~~")) out.push([token.slice(2, -2), [["s"]]]);
    else if (token.startsWith("`")) out.push([token.slice(1, -1), [["c"]]]);
    else if (token.startsWith("[[")) out.push(["‣", [["p", ctx.pageIdByTitle(token.slice(2, -2))]]]);
    else if (token.startsWith("[")) {
      const [, label, href] = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(token)!;
      out.push([label!, [["a", href!]]]);
    } else if (token.startsWith("$")) out.push(["⁍", [["e", token.slice(1, -1)]]]);
    else out.push([token.slice(1, -1), [["i"]]]);
    last = index + token.length;
  }
  if (last < text.length) out.push([text.slice(last)]);
  return out.length ? out : [[""]];
}

const CODE_LANGUAGES: Record<string, string> = {
  ts: "TypeScript",
  typescript: "TypeScript",
  js: "JavaScript",
  javascript: "JavaScript",
  py: "Python",
  python: "Python",
  bash: "Bash",
  sh: "Shell",
  sql: "SQL",
  json: "JSON",
  yaml: "YAML",
  go: "Go",
  rust: "Rust",
  html: "HTML",
  css: "CSS",
};

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Lines after `start` indented deeper than `base`, de-indented: a block's children. */
function childLines(lines: string[], start: number, base: number): { lines: string[]; next: number } {
  const out: string[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() && indentOf(line) <= base) break;
    out.push(line.trim() ? line.slice(base + 2) : "");
    i++;
  }
  while (out.length && out.at(-1) === "") {
    out.pop();
    i--;
  }
  return { lines: out, next: i };
}

export function parseMarkup(source: string, ctx: InlineContext): MarkupBlock[] {
  const lines = source.replace(/^\n+|\s+$/g, "").split("\n");
  const minIndent = Math.min(...lines.filter((l) => l.trim()).map(indentOf));
  return parseLines(
    lines.map((l) => l.slice(Math.min(minIndent, indentOf(l)))),
    ctx,
  );
}

function parseLines(lines: string[], ctx: InlineContext): MarkupBlock[] {
  const blocks: MarkupBlock[] = [];
  let i = 0;
  const text = (t: string) => ({ title: inline(t, ctx) });
  while (i < lines.length) {
    const raw = lines[i]!;
    const line = raw.trim();
    const base = indentOf(raw);
    i++;
    if (!line) continue;

    const withChildren = (block: MarkupBlock) => {
      const kids = childLines(lines, i, base);
      i = kids.next;
      if (kids.lines.length) block.children = parseLines(kids.lines, ctx);
      blocks.push(block);
    };

    let m: RegExpExecArray | null;
    if ((m = /^(#{1,3})\s+(.*)$/.exec(line))) {
      blocks.push({ type: ["header", "sub_header", "sub_sub_header"][m[1]!.length - 1]!, properties: text(m[2]!) });
    } else if (line.startsWith("```")) {
      const language = CODE_LANGUAGES[line.slice(3).trim().toLowerCase()] ?? "Plain Text";
      const code: string[] = [];
      while (i < lines.length && !lines[i]!.trim().startsWith("```")) code.push(lines[i++]!.slice(base));
      i++;
      blocks.push({ type: "code", properties: { title: [[code.join("\n")]], language: [[language]] } });
    } else if ((m = /^\$\$(.+)\$\$$/.exec(line))) {
      blocks.push({ type: "equation", properties: { title: [[m[1]!.trim()]] } });
    } else if (line === "---") {
      blocks.push({ type: "divider" });
    } else if ((m = /^!\[([^\]]*)\]\(([^)]+)\)$/.exec(line))) {
      blocks.push({ type: "image", properties: { caption: m[1] ? inline(m[1], ctx) : undefined, source: [[m[2]!]] } });
    } else if ((m = /^!(\p{Extended_Pictographic}\uFE0F?|:[a-z0-9-]+:)\s+(.*)$/u.exec(line))) {
      blocks.push({ type: "callout", properties: text(m[2]!), format: { page_icon: m[1], block_color: "gray_background" } });
    } else if ((m = /^@bookmark\s+(\S+)(?:\s*\|\s*([^|]*))?(?:\s*\|\s*(.*))?$/.exec(line))) {
      blocks.push({
        type: "bookmark",
        properties: { link: [[m[1]!]], title: [[m[2]?.trim() || m[1]!]], description: m[3] ? [[m[3].trim()]] : undefined },
      });
    } else if ((m = /^@(video|embed)\s+(\S+)$/.exec(line))) {
      blocks.push({ type: m[1]!, properties: { source: [[m[2]!]] }, format: { display_source: m[2], block_width: 640, block_height: 360, block_full_width: false, block_page_width: true } });
    } else if ((m = /^@database\s+(\S+)$/.exec(line))) {
      blocks.push({ type: "database", format: { key: m[1] } });
    } else if (line.startsWith("|")) {
      const rows: string[][] = [line.split("|").slice(1, -1).map((c) => c.trim())];
      while (i < lines.length && lines[i]!.trim().startsWith("|")) rows.push(lines[i++]!.trim().split("|").slice(1, -1).map((c) => c.trim()));
      const body = rows.filter((r) => !r.every((c) => /^-+$/.test(c)));
      blocks.push({
        type: "table",
        format: { table_block_column_header: true, table_block_column_count: body[0]!.length },
        children: body.map((cells) => ({ type: "table_row", properties: Object.fromEntries(cells.map((c, k) => [`col${k}`, inline(c, ctx)])) })),
      });
    } else if (line === "::: columns") {
      const columns: string[][] = [];
      while (i < lines.length && lines[i]!.trim() !== ":::") {
        const l = lines[i++]!;
        if (l.trim() === "::: column") columns.push([]);
        else columns.at(-1)?.push(l);
      }
      i++;
      blocks.push({
        type: "column_list",
        children: columns.map((col) => ({ type: "column", format: { column_ratio: 1 / columns.length }, children: parseLines(col, ctx) })),
      });
    } else if ((m = /^-\s+(.*)$/.exec(line))) {
      withChildren({ type: "bulleted_list", properties: text(m[1]!) });
    } else if ((m = /^\d+\.\s+(.*)$/.exec(line))) {
      withChildren({ type: "numbered_list", properties: text(m[1]!) });
    } else if ((m = /^\[( |x)\]\s+(.*)$/.exec(line))) {
      withChildren({ type: "to_do", properties: { ...text(m[2]!), ...(m[1] === "x" ? { checked: [["Yes"]] } : {}) } });
    } else if ((m = /^\+\s+(.*)$/.exec(line))) {
      withChildren({ type: "toggle", properties: text(m[1]!) });
    } else if ((m = /^>\s?(.*)$/.exec(line))) {
      blocks.push({ type: "quote", properties: text(m[1]!) });
    } else {
      blocks.push({ type: "text", properties: text(line) });
    }
  }
  return blocks;
}
