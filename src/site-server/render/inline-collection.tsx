import type { Block, Collection, CollectionView, ExtendedRecordMap } from "notion-types";
import { getTextContent } from "notion-utils";
import { databaseRowIds } from "@/notion/fetch-page";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle, viewOf } from "@/notion/record-map";
import { href, imageSrc, type RenderContext } from "./context";
import { PageIcon } from "./page-header";

/**
 * A database inside a page, rendered statically in the shape of each view: a table, a gallery of cards (with the
 * rows' covers), a list, or a board of columns; rows with their icons, the view's visible properties in its order,
 * dates as Notion writes them. Several views are tabs made of <details> that open one at a time, with no script.
 * Row pages themselves (react-notion-x asks for a Collection above a row's body) render nothing: our layouts show
 * their properties.
 */

type SchemaEntry = { name?: string; type?: string; options?: { value: string }[] };
type Cell = { key: string; name: string; type: string };

/** Notion's default date format: "Mar 14, 2025", a range as "Mar 14, 2025 → Mar 20, 2025". */
const NOTION_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const notionDate = (iso: string) => {
  const at = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(at) ? NOTION_DATE.format(at) : iso;
};

function cellText(row: Block, cell: Cell): string {
  const value = (row.properties as Record<string, unknown> | undefined)?.[cell.key];
  if (!Array.isArray(value)) return "";
  if (cell.type === "date") {
    const json = JSON.stringify(value);
    const start = json.match(/"start_date":"([^"]+)"/)?.[1];
    const end = json.match(/"end_date":"([^"]+)"/)?.[1];
    if (start) return end ? `${notionDate(start)} → ${notionDate(end)}` : notionDate(start);
  }
  if (cell.type === "checkbox") return getTextContent(value as never) === "Yes" ? "✓" : "";
  return getTextContent(value as never).replace(/,/g, cell.type === "multi_select" ? ", " : ",");
}

export function InlineCollection({ ctx, recordMap, block }: { ctx: RenderContext; recordMap: ExtendedRecordMap; block: { id: string; type: string } }) {
  if (block.type === "page") return null;
  const full = blockOf(recordMap, block.id);
  const collectionId = full ? collectionIdOf(recordMap, full) : undefined;
  const views = ((full as { view_ids?: string[] } | undefined)?.view_ids ?? []).map((id) => viewOf(recordMap, id)).filter((v): v is CollectionView => Boolean(v));
  const collection = collectionId ? collectionOf(recordMap, collectionId) : undefined;
  if (!collectionId || !views.length || !collection) return null;
  const title = collectionTitle(collection);
  const firstRows = databaseRowIds(recordMap, collectionId, views[0]!.id);
  const viewBody = (view: CollectionView) => {
    const ids = databaseRowIds(recordMap, collectionId, view.id);
    return <CollectionViewBody ctx={ctx} recordMap={recordMap} collection={collection} view={view} rowIds={ids.length ? ids : firstRows} />;
  };
  return (
    <section className={`inline-collection inline-collection-${views[0]!.type ?? "table"}`}>
      {title ? <h3>{title}</h3> : null}
      {views.length === 1 ? (
        viewBody(views[0]!)
      ) : (
        <div className="collection-views">
          {views.map((view, i) => (
            // One group name: opening a view closes the others, like Notion's view tabs.
            <details key={view.id} className="collection-view" name={`views-${block.id}`} open={i === 0 || undefined}>
              <summary>{view.name || VIEW_NAMES[view.type] || "View"}</summary>
              {viewBody(view)}
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

const VIEW_NAMES: Record<string, string> = { table: "Table", list: "List", gallery: "Gallery", board: "Board", calendar: "Calendar", timeline: "Timeline" };

function CollectionViewBody({ ctx, recordMap, collection, view, rowIds }: { ctx: RenderContext; recordMap: ExtendedRecordMap; collection: Collection; view: CollectionView; rowIds: string[] }) {
  const schema = (collection.schema ?? {}) as Record<string, SchemaEntry>;
  const format = (view.format ?? {}) as Record<string, unknown>;
  const listed = (format[`${view.type ?? "table"}_properties`] as { property: string; visible?: boolean }[] | undefined) ?? [];
  const cells: Cell[] = (listed.length ? listed.filter((p) => p.visible !== false).map((p) => p.property) : Object.keys(schema))
    .filter((key) => key !== "title" && schema[key])
    .map((key) => ({ key, name: schema[key]!.name ?? key, type: schema[key]!.type ?? "text" }));
  const rows = rowIds.map((id) => blockOf(recordMap, id)).filter((b): b is Block => b !== undefined);
  const rowTitle = (row: Block) => {
    const path = ctx.model.pathOfPage.get(row.id);
    const text = pageTitle(row) || "Untitled";
    const icon = (row.format as { page_icon?: string } | undefined)?.page_icon ?? null;
    const label = (
      <>
        <PageIcon ctx={ctx} icon={icon} blockId={row.id} size={32} />
        {text}
      </>
    );
    return path ? <a href={href(ctx, path)}>{label}</a> : label;
  };
  const galleryCover = (row: Block) => {
    if ((format.gallery_cover as { type?: string } | undefined)?.type !== "page_cover") return null;
    const src = imageSrc(ctx, (row.format as { page_cover?: string } | undefined)?.page_cover, row.id, 640);
    return src ? <img className="gallery-cover" src={src} alt="" width={640} height={336} loading="lazy" decoding="async" /> : null;
  };
  let body;
  if (view.type === "table" || !VIEW_NAMES[view.type]) {
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
            {galleryCover(row)}
            <strong>{rowTitle(row)}</strong>
            {cells.map((c) => {
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
            {cells.map((c) => {
              const text = cellText(row, c);
              return text ? <span key={c.key}> · {text}</span> : null;
            })}
          </li>
        ))}
      </ul>
    );
  }
  return body;
}
