import type { Block, Collection, CollectionView, ExtendedRecordMap } from "notion-types";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle, viewOf } from "@/notion/record-map";
import { href, imageSrc, lookSrc, type RenderContext } from "./context";
import { notionDate, propertyText, propertyValue, viewColumns, viewRowIds, type Column, type PropertyContext, type SchemaEntry } from "../property-values";
import { PropertyCell } from "./property-cell";
import { RowProperties } from "./row-properties";
import { PageIcon } from "./page-header";
import { hiddenRowFilter } from "@/notion/hidden-rows";

/**
 * A database inside a page, rendered statically in the shape of each view: a table, a gallery of cards (with the
 * rows' covers), a list, or a board of columns; rows with their icons, the view's visible properties in its order,
 * dates as Notion writes them. Several views are tabs made of <details> that open one at a time, with no script.
 * Row pages themselves (react-notion-x asks for a Collection above a row's body) get their property block
 * (row-properties.tsx) on tree sites; database sites' layouts show the fields they map.
 */

/** A row's date property (start, end) as ISO dates, for calendar and timeline views. */
function dateRange(row: Block, key: string): { start: string; end: string } | null {
  const json = JSON.stringify((row.properties as Record<string, unknown> | undefined)?.[key] ?? "");
  const start = json.match(/"start_date":"(\d{4}-\d{2}-\d{2})/)?.[1];
  if (!start) return null;
  return { start, end: json.match(/"end_date":"(\d{4}-\d{2}-\d{2})/)?.[1] ?? start };
}

export function InlineCollection({ ctx, recordMap, block }: { ctx: RenderContext; recordMap: ExtendedRecordMap; block: { id: string; type: string } }) {
  // A row's own page: react-notion-x asks for its collection above the body; tree sites show the row's properties.
  if (block.type === "page") return ctx.model.kind === "tree" ? <RowProperties ctx={ctx} recordMap={recordMap} rowId={block.id} /> : null;
  const full = blockOf(recordMap, block.id);
  const collectionId = full ? collectionIdOf(recordMap, full) : undefined;
  const views = ((full as { view_ids?: string[] } | undefined)?.view_ids ?? []).map((id) => viewOf(recordMap, id)).filter((v): v is CollectionView => Boolean(v));
  const collection = collectionId ? collectionOf(recordMap, collectionId) : undefined;
  if (!collectionId || !views.length || !collection) return null;
  const title = collectionTitle(collection);
  const viewIds = views.map((v) => v.id);
  const viewBody = (view: CollectionView) => <CollectionViewBody ctx={ctx} recordMap={recordMap} collection={collection} view={view} rowIds={viewRowIds(recordMap, collectionId, viewIds, view.id)} />;
  return (
    <section className={`inline-collection inline-collection-${views[0]!.type ?? "table"}`}>
      {/* Not a heading, as in Notion: a database title under an h1 would skip heading levels. */}
      {title ? <p className="collection-title">{title}</p> : null}
      {views.length === 1 ? (
        viewBody(views[0]!)
      ) : (
        <div className="collection-views">
          {views.map((view, i) => (
            // One group name: opening a view closes the others, like Notion's view tabs.
            <details key={view.id} className="collection-view" name={`views-${block.id}`} open={i === 0 || undefined}>
              <summary>{view.name || ctx.i18n.t("viewName", { type: view.type ?? "" })}</summary>
              {viewBody(view)}
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

/** The view types drawn as themselves; any other is drawn as a table. */
const DRAWN_VIEWS = new Set(["table", "list", "gallery", "board", "calendar", "timeline"]);

type ViewKit = {
  ctx: RenderContext;
  view: CollectionView;
  schema: Record<string, SchemaEntry>;
  format: Record<string, unknown>;
  rows: Block[];
  cells: Column[];
  cell: (row: Block, c: Column) => ReturnType<typeof propertyValue>;
  cardCells: (row: Block) => React.ReactNode;
  rowTitle: (row: Block) => React.ReactNode;
  galleryCover: (row: Block) => React.ReactNode;
};

function CollectionViewBody({ ctx, recordMap, collection, view, rowIds }: { ctx: RenderContext; recordMap: ExtendedRecordMap; collection: Collection; view: CollectionView; rowIds: string[] }) {
  const schema = (collection.schema ?? {}) as Record<string, SchemaEntry>;
  const format = (view.format ?? {}) as Record<string, unknown>;
  const cells = viewColumns(collection, view);
  const hidden = hiddenRowFilter(recordMap, collection.id);
  const rows = rowIds.filter((id) => !hidden(id)).map((id) => blockOf(recordMap, id)).filter((b): b is Block => b !== undefined);
  const values = propertyContextOf(ctx, recordMap, collection);
  const cell = (row: Block, c: Column) => propertyValue(row, c, values);
  // Non-empty values of a card (list, gallery, board), each in its own element.
  const cardCells = (row: Block) =>
    cells.map((c) => {
      const value = cell(row, c);
      return value.kind === "empty" ? null : (
        <span key={c.key} className="card-property" data-property={c.name}>
          <PropertyCell value={value} i18n={ctx.i18n} />
        </span>
      );
    });
  const rowTitle = (row: Block) => {
    const path = ctx.model.pathOfPage.get(row.id);
    const text = pageTitle(row) || ctx.i18n.t("untitled");
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
    const src = lookSrc(ctx, (row.format as { page_cover?: string } | undefined)?.page_cover, row.id, 640);
    return src ? <img className="gallery-cover" src={src} alt="" width={640} height={336} loading="lazy" decoding="async" /> : null;
  };
  const kit: ViewKit = { ctx, view, schema, format, rows, cells, cell, cardCells, rowTitle, galleryCover };
  if (view.type === "table" || !DRAWN_VIEWS.has(view.type)) return <TableView kit={kit} />;
  if (view.type === "board") return <BoardView kit={kit} />;
  if ((view.type as string) === "calendar" || (view.type as string) === "timeline") return <DatedView kit={kit} />;
  return <CardsView kit={kit} />;
}

function TableView({ kit: { ctx, schema, rows, cells, cell, rowTitle } }: { kit: ViewKit }) {
  return (
    <div className="inline-table">
      <table>
        <thead>
          <tr>
            <th scope="col">{schema.title?.name ?? ctx.i18n.t("nameColumn")}</th>
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
                <td key={c.key}>
                  <PropertyCell value={cell(row, c)} i18n={ctx.i18n} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BoardView({ kit: { ctx, view, schema, format, rows, cell, cardCells, rowTitle } }: { kit: ViewKit }) {
  // The property the board is grouped by: board_columns_by, older recordings' query2.group_by, else the first select or status.
  const query2 = ((view as { query2?: { group_by?: string } }).query2 ?? {}) as { group_by?: string };
  const by = [(format.board_columns_by as { property?: string } | undefined)?.property, query2.group_by, Object.keys(schema).find((k) => schema[k]?.type === "select" || schema[k]?.type === "status")].find(
    (k): k is string => typeof k === "string" && Boolean(schema[k]),
  );
  const groupCell: Column | undefined = by ? { key: by, name: schema[by]!.name ?? by, type: schema[by]!.type ?? "select" } : undefined;
  const groupOf = (row: Block) => (groupCell ? propertyText(cell(row, groupCell)) : "");
  const names = ((format.board_columns as { value?: { value?: string } }[] | undefined) ?? []).map((c) => c.value?.value).filter((v): v is string => Boolean(v));
  for (const option of groupCell ? (schema[groupCell.key]?.options ?? []) : []) if (!names.includes(option.value)) names.push(option.value);
  for (const row of rows) {
    const value = groupOf(row);
    if (!names.includes(value)) names.push(value);
  }
  const columns = names.map((name) => ({ name, rows: rows.filter((row) => groupOf(row) === name) })).filter((c) => c.rows.length || c.name);
  return (
    <div className="inline-board">
      {columns.map((column) => (
        <section key={column.name}>
          <h4>{column.name || ctx.i18n.t("noValueOf", { property: groupCell?.name ?? "" })}</h4>
          <ul>
            {column.rows.map((row) => (
              <li key={row.id}>
                {rowTitle(row)}
                {cardCells(row)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function DatedView({ kit: { ctx, view, schema, format, rows, rowTitle } }: { kit: ViewKit }) {
  // The date property the view is laid out by (calendar_by / timeline_by), else the first date property.
  const query = (view as { query2?: Record<string, unknown> }).query2 ?? {};
  const by = [query[`${view.type}_by`], format[`${view.type}_by`]].find((k): k is string => typeof k === "string" && schema[k]?.type === "date") ??
    Object.keys(schema).find((k) => schema[k]?.type === "date");
  const dated = by
    ? rows
        .map((row) => ({ row, range: dateRange(row, by) }))
        .filter((r): r is { row: Block; range: { start: string; end: string } } => r.range !== null)
        .sort((a, b) => a.range.start.localeCompare(b.range.start))
    : [];
  return (view.type as string) === "calendar" ? <CalendarMonths lang={ctx.i18n.lang} dated={dated} rowTitle={rowTitle} /> : (
    <ol className="inline-timeline">
      {dated.map(({ row, range }) => (
        <li key={row.id}>
          <time dateTime={range.start}>{range.end !== range.start ? `${notionDate(range.start)} → ${notionDate(range.end)}` : notionDate(range.start)}</time>
          <span>{rowTitle(row)}</span>
        </li>
      ))}
    </ol>
  );
}

/** A gallery (cards with covers) or a list. */
function CardsView({ kit: { view, rows, cardCells, rowTitle, galleryCover } }: { kit: ViewKit }) {
  if (view.type === "gallery") {
    return (
      <ul className="inline-gallery">
        {rows.map((row) => (
          <li key={row.id}>
            {galleryCover(row)}
            <strong>{rowTitle(row)}</strong>
            {cardCells(row)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="inline-list">
      {rows.map((row) => (
        <li key={row.id}>
          {rowTitle(row)}
          {cardCells(row)}
        </li>
      ))}
    </ul>
  );
}

/** The short weekday names from Sunday (4 January 1970 was one) and a month's caption, in the site's language. */
const weekdaysOf = (lang: string) => {
  const format = new Intl.DateTimeFormat(lang, { weekday: "short", timeZone: "UTC" });
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(1970, 0, 4 + i)));
};

/**
 * A calendar view as Notion's month grid (weeks from Sunday), one grid per month that has entries; an entry spanning
 * days shows on each of them.
 */
function CalendarMonths({ lang, dated, rowTitle }: { lang: string; dated: { row: Block; range: { start: string; end: string } }[]; rowTitle: (row: Block) => React.ReactNode }) {
  const weekdays = weekdaysOf(lang);
  const monthCaption = new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" });
  const byDay = new Map<string, Block[]>();
  for (const { row, range } of dated) {
    const end = Date.parse(`${range.end}T00:00:00Z`);
    // At most 62 days per entry: a long range is a timeline's job, and the grid stays small.
    for (let at = Date.parse(`${range.start}T00:00:00Z`), n = 0; at <= end && n < 62; at += 86_400_000, n++) {
      const day = new Date(at).toISOString().slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), row]);
    }
  }
  const months = [...new Set([...byDay.keys()].map((d) => d.slice(0, 7)))].sort();
  return (
    <div className="inline-calendar">
      {months.map((month) => {
        const first = Date.parse(`${month}-01T00:00:00Z`);
        const lead = new Date(first).getUTCDay();
        const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
        const cells = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
        while (cells.length % 7) cells.push(null);
        const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
        return (
          <table key={month} className="calendar-month">
            <caption>{monthCaption.format(first)}</caption>
            <thead>
              <tr>
                {weekdays.map((d) => (
                  <th key={d} scope="col">
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((day, i) => {
                    const iso = day ? `${month}-${String(day).padStart(2, "0")}` : "";
                    const entries = day ? (byDay.get(iso) ?? []) : [];
                    return (
                      <td key={i} data-date={iso || undefined}>
                        {day ? <span className="calendar-day">{day}</span> : null}
                        {entries.map((row) => (
                          <span key={row.id} className="calendar-entry">
                            {rowTitle(row)}
                          </span>
                        ))}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}

/** What property values need from the page and the site: users and rows of the page's records, site pages, files through the image route. */
export function propertyContextOf(ctx: RenderContext, recordMap: ExtendedRecordMap, collection: Collection): PropertyContext {
  return {
    recordMap: { ...recordMap, notion_user: { ...ctx.model.rootRecordMap.notion_user, ...recordMap.notion_user } },
    collection,
    fileHref: (url, rowId) => imageSrc(ctx, url, rowId),
    siteBlock: (id) => blockOf({ block: ctx.model.pageBlocks }, id),
  };
}
