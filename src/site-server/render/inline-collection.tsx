import type { ExtendedRecordMap } from "notion-types";
import { databaseRowIds } from "@/notion/fetch-page";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle } from "@/notion/record-map";
import { href, type RenderContext } from "./context";

/**
 * A database inside a page, rendered as a static list of its rows (no client-side views). Row pages themselves
 * (react-notion-x asks for a Collection above a row's body) render nothing: our layouts show their properties.
 */
export function InlineCollection({ ctx, recordMap, block }: { ctx: RenderContext; recordMap: ExtendedRecordMap; block: { id: string; type: string; parent_table?: string } }) {
  if (block.type === "page") return null;
  const full = blockOf(recordMap, block.id);
  const collectionId = full ? collectionIdOf(recordMap, full) : undefined;
  const viewId = (full as { view_ids?: string[] } | undefined)?.view_ids?.[0];
  if (!collectionId || !viewId) return null;
  const rows = databaseRowIds(recordMap, collectionId, viewId)
    .map((id) => blockOf(recordMap, id))
    .filter((b) => b !== undefined);
  const title = collectionTitle(collectionOf(recordMap, collectionId));
  return (
    <section className="inline-collection">
      {title ? <h3>{title}</h3> : null}
      <ul>
        {rows.map((row) => {
          const path = ctx.model.pathOfPage.get(row.id);
          return <li key={row.id}>{path ? <a href={href(ctx, path)}>{pageTitle(row) || "Untitled"}</a> : pageTitle(row) || "Untitled"}</li>;
        })}
      </ul>
    </section>
  );
}
