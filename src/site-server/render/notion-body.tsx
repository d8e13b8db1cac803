import type { ExtendedRecordMap } from "notion-types";
import { NotionRenderer } from "react-notion-x";
import { CodeBlock } from "./code-block";
import { Equation } from "./equation";
import { InlineCollection } from "./inline-collection";
import { SafeLink } from "./safe-link";
import { withSafeEmbeds } from "../security";
import { withVideoEmbeds } from "./video-facade";
import { href, imageSrc, type RenderContext } from "./context";

/**
 * A Notion page's body through react-notion-x, with our server-side components: highlighted code, KaTeX math,
 * static collections, links between pages mapped to site URLs and Notion files to the image route.
 */
export function NotionBody({ ctx, recordMap, pageId }: { ctx: RenderContext; recordMap: ExtendedRecordMap; pageId: string }) {
  const mapPageUrl = (id: string) => {
    const dashed = id.length === 32 ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}` : id;
    const path = ctx.model.pathOfPage.get(dashed);
    return path ? href(ctx, path) : `https://www.notion.so/${id.replace(/-/g, "")}`;
  };
  // Mentions of other pages ([["p", id]]) resolve through the site's page blocks (rows, sub-pages).
  const root = ctx.model.rootRecordMap;
  const merged = withVideoEmbeds(withSafeEmbeds({ ...recordMap, block: { ...ctx.model.pageBlocks, ...recordMap.block }, notion_user: { ...root.notion_user, ...recordMap.notion_user } }));
  return (
    <NotionRenderer
      recordMap={merged}
      rootPageId={pageId}
      blockId={pageId}
      fullPage={false}
      disableHeader
      darkMode={false}
      previewImages={false}
      mapPageUrl={mapPageUrl}
      mapImageUrl={(url: string | undefined, block: { id: string }) => imageSrc(ctx, url, block.id, 1200) ?? ""}
      components={{
        Code: CodeBlock,
        Link: SafeLink,
        PageLink: SafeLink,
        Equation,
        Collection: (props: { block: { id: string; type: string; parent_table?: string } }) => <InlineCollection ctx={ctx} recordMap={recordMap} block={props.block} />,
      }}
    />
  );
}

/**
 * react-notion-x renders a simple table's header row with <td>; screen readers (and axe's td-has-header) need <th>.
 * Rewrites only the header rows of notion-simple-table in rendered HTML.
 */
export function accessibleTables(html: string): string {
  return html.replace(/(<tr class="[^"]*notion-simple-table-header-row[^"]*">)([\s\S]*?)(<\/tr>)/g, (_m, open: string, cells: string, close: string) =>
    `${open}${cells.replace(/<td(\s|>)/g, '<th scope="col"$1').replace(/<\/td>/g, "</th>")}${close}`,
  );
}
