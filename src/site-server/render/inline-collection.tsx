import type { Block, Collection, CollectionView, ExtendedRecordMap } from "notion-types";
import { getBlockValue, getTextContent } from "notion-utils";
import { databaseRowIds } from "@/notion/fetch-page";
import { blockOf, collectionIdOf, collectionOf, collectionTitle, pageTitle, viewOf } from "@/notion/record-map";
import { relationText, rollupText, type RollupLookup } from "@/notion/rollups";
import { href, lookSrc, type RenderContext } from "./context";
import { PageIcon } from "./page-header";

/**
 * A database inside a page, rendered statically in the shape of each view: a table, a gallery of cards (with the
 * rows' covers), a list, or a board of columns; rows with their icons, the view's visible properties in its order,
 * dates as Notion writes them. Several views are tabs made of <details> that open one at a time, with no script.
 * Row pages themselves (react-notion-x asks for a Collection above a row's body) render nothing: our layouts show
 * their properties.
 */

type SchemaEntry = { name?: string; type?: string; options?: { value: string }[] } & Record<string, unknown>;
type Cell = { key: string; name: string; type: string };

/** Notion's default date format: "Mar 14, 2025", a range as "Mar 14, 2025 → Mar 20, 2025". */
const NOTION_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const notionDate = (iso: string) => {
  const at = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(at) ? NOTION_DATE.format(at) : iso;
};

/** A person's name as Notion shows it, from the record map's notion_user records. */
function userName(recordMap: ExtendedRecordMap, id: unknown): string {
  const user = getBlockValue(recordMap.notion_user?.[String(id)]) as { given_name?: string; family_name?: string; name?: string } | undefined;
  return [user?.given_name, user?.family_name].filter(Boolean).join(" ") || user?.name || "";
}

/** A row's date property (start, end) as ISO dates, for calendar and timeline views. */
function dateRange(row: Block, key: string): { start: string; end: string } | null {
  const json = JSON.stringify((row.properties as Record<string, unknown> | undefined)?.[key] ?? "");
  const start = json.match(/"start_date":"(\d{4}-\d{2}-\d{2})/)?.[1];
  if (!start) return null;
  return { start, end: json.match(/"end_date":"(\d{4}-\d{2}-\d{2})/)?.[1] ?? start };
}

/**
 * A cell as Notion shows it. People, creators and editors are named from the record map's users; created/edited
 * times come from the row itself; formula results are shown as Notion stored them; relations as the related rows'
 * titles, and rollups computed from those rows (rollups.ts), else as Notion stored them (the official API's).
 */
function cellText(row: Block, cell: Cell, recordMap?: ExtendedRecordMap, related?: { schema: Record<string, SchemaEntry>; lookup: RollupLookup }): string {
  const record = row as Block & { created_by_id?: string; last_edited_by_id?: string };
  if (related && cell.type === "relation") return relationText(row, cell.key, related.lookup);
  if (related && cell.type === "rollup") {
    const computed = rollupText(row, related.schema, cell.key, related.lookup);
    if (computed) return computed;
  }
  if (cell.type === "created_by") return recordMap ? userName(recordMap, record.created_by_id) : "";
  if (cell.type === "last_edited_by") return recordMap ? userName(recordMap, record.last_edited_by_id) : "";
  if (cell.type === "created_time" || cell.type === "last_edited_time") {
    const at = cell.type === "created_time" ? row.created_time : row.last_edited_time;
    return typeof at === "number" ? notionDate(new Date(at).toISOString()) : "";
  }
  const value = (row.properties as Record<string, unknown> | undefined)?.[cell.key];
  if (!Array.isArray(value)) return "";
  if (cell.type === "date") {
    const json = JSON.stringify(value);
    const start = json.match(/"start_date":"([^"]+)"/)?.[1];
    const end = json.match(/"end_date":"([^"]+)"/)?.[1];
    if (start) return end ? `${notionDate(start)} → ${notionDate(end)}` : notionDate(start);
  }
  if (cell.type === "person" && recordMap) {
    const names = (value as unknown[][]).flatMap((part) => ((part?.[1] as unknown[][] | undefined) ?? []).filter((d) => d?.[0] === "u").map((d) => userName(recordMap, d[1])));
    if (names.some(Boolean)) return names.filter(Boolean).join(", ");
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
      {/* Not a heading, as in Notion: a database title under an h1 would skip heading levels. */}
      {title ? <p className="collection-title">{title}</p> : null}
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
  // Related rows: fetched with the page as mentions, or pages of the site.
  const lookup: RollupLookup = {
    block: (id) => blockOf(recordMap, id) ?? blockOf({ block: ctx.model.pageBlocks }, id),
    collection: (id) => collectionOf(recordMap, id),
    userName: (id) => userName(recordMap, id),
  };
  const related = { schema, lookup };
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
    const src = lookSrc(ctx, (row.format as { page_cover?: string } | undefined)?.page_cover, row.id, 640);
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
                  <td key={c.key}>{cellText(row, c, recordMap, related)}</td>
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
  } else if ((view.type as string) === "calendar" || (view.type as string) === "timeline") {
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
    body = (view.type as string) === "calendar" ? <CalendarMonths dated={dated} rowTitle={rowTitle} /> : (
      <ol className="inline-timeline">
        {dated.map(({ row, range }) => (
          <li key={row.id}>
            <time dateTime={range.start}>{range.end !== range.start ? `${notionDate(range.start)} → ${notionDate(range.end)}` : notionDate(range.start)}</time>
            <span>{rowTitle(row)}</span>
          </li>
        ))}
      </ol>
    );
  } else if (view.type === "gallery") {
    body = (
      <ul className="inline-gallery">
        {rows.map((row) => (
          <li key={row.id}>
            {galleryCover(row)}
            <strong>{rowTitle(row)}</strong>
            {cells.map((c) => {
              const text = cellText(row, c, recordMap, related);
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
              const text = cellText(row, c, recordMap, related);
              return text ? <span key={c.key}> · {text}</span> : null;
            })}
          </li>
        ))}
      </ul>
    );
  }
  return body;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTH = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/**
 * A calendar view as Notion's month grid (weeks from Sunday), one grid per month that has entries; an entry spanning
 * days shows on each of them.
 */
function CalendarMonths({ dated, rowTitle }: { dated: { row: Block; range: { start: string; end: string } }[]; rowTitle: (row: Block) => React.ReactNode }) {
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
            <caption>{MONTH.format(first)}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map((d) => (
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
