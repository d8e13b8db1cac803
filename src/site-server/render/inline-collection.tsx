import type { Block, ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import { databaseRowIds } from "@/notion/fetch-page";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle, viewOf } from "@/notion/record-map";
import { href, type RenderContext } from "./context";

/**
 * A database inside a page, rendered statically in the shape of its first view: a table, a gallery of cards, a list,
 * or a board of columns. No client-side views. Row pages themselves (react-notion-x asks for a Collection above a
 * row's body) render nothing: our layouts show their properties.
 */

type SchemaEntry = { name?: string; type?: string; options?: { value: string }[] };
type Cell = { key: string; name: string; type: string };

function cellText(row: Block, cell: Cell): string {
  const value = (row.properties as Record<string, unknown> | undefined)?.[cell.key];
  if (!Array.isArray(value)) return "";
  if (cell.type === "date") {
    const start = JSON.stringify(value).match(/"start_date":"([^"]+)"/)?.[1];
    if (start) return start;
  }
  if (cell.type === "checkbox") return getTextContent(value as never) === "Yes" ? "✓" : "";
  return getTextContent(value as never).replace(/,/g, cell.type === "multi_select" ? ", " : ",");
}

export function InlineCollection({ ctx, recordMap, block }: { ctx: RenderContext; recordMap: ExtendedRecordMap; block: { id: string; type: string } }) {
  if (block.type === "page") return null;
  const full = blockOf(recordMap, block.id);
  const collectionId = full ? collectionIdOf(recordMap, full) : undefined;
  const viewId = (full as { view_ids?: string[] } | undefined)?.view_ids?.[0];
  const collection = collectionId ? collectionOf(recordMap, collectionId) : undefined;
  const view = viewId ? viewOf(recordMap, viewId) : undefined;
  if (!collectionId || !viewId || !collection) return null;

  const schema = (collection.schema ?? {}) as Record<string, SchemaEntry>;
  const format = (view?.format ?? {}) as Record<string, unknown>;
  const listed = (format[`${view?.type ?? "table"}_properties`] as { property: string; visible?: boolean }[] | undefined) ?? [];
  const cells: Cell[] = (listed.length ? listed.filter((p) => p.visible !== false).map((p) => p.property) : Object.keys(schema))
    .filter((key) => key !== "title" && schema[key])
    .slice(0, 6)
    .map((key) => ({ key, name: schema[key]!.name ?? key, type: schema[key]!.type ?? "text" }));
  const rows = databaseRowIds(recordMap, collectionId, viewId)
    .map((id) => blockOf(recordMap, id))
    .filter((b): b is Block => b !== undefined);
  const title = collectionTitle(collection);
  const rowTitle = (row: Block) => {
    const path = ctx.model.pathOfPage.get(row.id);
    const text = pageTitle(row) || "Untitled";
    return path ? <a href={href(ctx, path)}>{text}</a> : text;
  };

  let body;
  if (view?.type === "table" || !view) {
    body = (
      <div className="inline-table">
        <table>
          <thead>
            <tr>
              <th scope="col">{schema.title?.name ?? "Name"}</th>
              {cells.map((c) => (
                <th scope="col" key={c.key}>
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{rowTitle(row)}</th>
                {cells.map((c) => (
                  <td key={c.key}>{cellText(row, c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else if (view.type === "board") {
    const by = (format.board_columns_by as { property?: string } | undefined)?.property;
    const groupCell: Cell | undefined = by && schema[by] ? { key: by, name: schema[by]!.name ?? by, type: schema[by]!.type ?? "select" } : undefined;
    const names = ((format.board_columns as { value?: { value?: string } }[] | undefined) ?? []).map((c) => c.value?.value).filter((v): v is string => Boolean(v));
    for (const row of rows) {
      const value = groupCell ? cellText(row, groupCell) : "";
      if (value && !names.includes(value)) names.push(value);
    }
    body = (
      <div className="inline-board">
        {names.map((name) => (
          <section key={name}>
            <h4>{name}</h4>
            <ul>
              {rows
                .filter((row) => groupCell && cellText(row, groupCell) === name)
                .map((row) => (
                  <li key={row.id}>{rowTitle(row)}</li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    );
  } else if (view.type === "gallery") {
    body = (
      <ul className="inline-gallery">
        {rows.map((row) => (
          <li key={row.id}>
            <strong>{rowTitle(row)}</strong>
            {cells.slice(0, 2).map((c) => {
              const text = cellText(row, c);
              return text ? <span key={c.key}>{text}</span> : null;
            })}
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className="inline-list">
        {rows.map((row) => (
          <li key={row.id}>
            {rowTitle(row)}
            {cells.slice(0, 3).map((c) => {
              const text = cellText(row, c);
              return text ? <span key={c.key}> · {text}</span> : null;
            })}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className={`inline-collection inline-collection-${view?.type ?? "table"}`}>
      {title ? <h3>{title}</h3> : null}
      {body}
    </section>
  );
}
