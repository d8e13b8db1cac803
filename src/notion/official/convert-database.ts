import type { DataSourceObjectResponse, DataSourceViewObjectResponse, PageObjectResponse } from "@notionhq/client";
import { clean, common, iconRef, type NotionRecord, type RecordContext } from "./convert-common";
import { propertyKey } from "./convert-page";
import { decorationsOf } from "./convert-text";

/**
 * Official databases, data sources and views → the private API's database block, collection and collection views.
 * A view keeps what the views API gives (API 2025-09-03): its type, name, visible properties in order with their
 * widths, sorts, filter, board grouping, card covers and a calendar's or timeline's date property.
 */

/** Official property types → the private API's; a place and a verification show as text (see convert-page.ts). */
const PROPERTY_TYPES: Record<string, string> = { rich_text: "text", people: "person", files: "file", unique_id: "auto_increment_id", place: "text", verification: "text" };

type PropertyConfig = {
  options?: { id: string; name: string; color?: string }[];
  groups?: { id: string; name: string; color?: string; option_ids?: string[] }[];
  format?: string;
  data_source_id?: string;
  relation_property_id?: string;
  rollup_property_id?: string;
  function?: string;
};

export function collectionRecord(source: DataSourceObjectResponse, databaseId: string, spaceId: string | undefined): NotionRecord {
  const schema: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(source.properties ?? {})) {
    const p = prop as { id: string; type: string } & Record<string, unknown>;
    const config = (p[p.type] && typeof p[p.type] === "object" ? p[p.type] : {}) as PropertyConfig;
    const key = p.type === "title" ? "title" : propertyKey(p.id);
    schema[key] = clean({
      name,
      type: PROPERTY_TYPES[p.type] ?? p.type,
      // What rollups.ts reads: a number's format, a relation's database, a rollup's relation, target and function.
      number_format: p.type === "number" ? config.format : undefined,
      collection_id: p.type === "relation" ? config.data_source_id : undefined,
      relation_property: p.type === "rollup" && config.relation_property_id ? propertyKey(config.relation_property_id) : undefined,
      target_property: p.type === "rollup" && config.rollup_property_id ? propertyKey(config.rollup_property_id) : undefined,
      aggregation: p.type === "rollup" ? config.function : undefined,
      options: Array.isArray(config.options) ? config.options.map((o) => ({ id: o.id, value: o.name, color: o.color })) : undefined,
      groups: Array.isArray(config.groups) ? config.groups.map((g) => ({ id: g.id, name: g.name, color: g.color, optionIds: g.option_ids ?? [] })) : undefined,
    });
  }
  const description = decorationsOf(source.description);
  return clean({
    id: source.id,
    version: 1,
    name: decorationsOf(source.title),
    description: description.length ? description : undefined,
    icon: iconRef(source.icon, spaceId),
    schema,
    parent_id: databaseId,
    parent_table: "block",
    alive: true,
    space_id: spaceId,
  });
}

/**
 * The collection of a database row whose data source the connection can't read (the row is shared, its database is
 * not), or whose page object names only `parent.database_id` (answers before API version 2025-09-03): the schema is
 * the row's own properties — a page object carries each one's name, id and type — so the row's page still shows its
 * properties above its body, as Notion does. Options' colours and number formats are not in a page object: values
 * show plainly.
 */
export function rowCollectionRecord(page: PageObjectResponse, collectionId: string, databaseId: string, spaceId: string | undefined): NotionRecord {
  const properties = Object.fromEntries(Object.entries(page.properties ?? {}).map(([name, p]) => [name, { id: p.id, type: p.type }]));
  const source = { object: "data_source", id: collectionId, properties, title: [], description: [], icon: null };
  return collectionRecord(source as unknown as DataSourceObjectResponse, databaseId, spaceId);
}

/** A property named by a view or sort (by name or id) → its schema key. */
function keyOfProperty(source: DataSourceObjectResponse, nameOrId: string): string {
  const properties = source.properties ?? {};
  const byName = properties[nameOrId] as { id: string; type: string } | undefined;
  const prop = byName ?? (Object.values(properties).find((p) => (p as { id: string }).id === nameOrId) as { id: string; type: string } | undefined);
  if (!prop) return nameOrId;
  return prop.type === "title" ? "title" : propertyKey(prop.id);
}

type ViewLike = Pick<DataSourceViewObjectResponse, "id" | "name" | "type" | "sorts" | "configuration"> & { filter?: unknown };
type ViewConfig = {
  properties?: { property_id: string; visible?: boolean; width?: number }[];
  group_by?: { type: string; property_id: string; hide_empty_groups?: boolean };
  cover?: { type: string; property_id?: string };
  cover_size?: string;
  cover_aspect?: string;
  date_property_id?: string;
};

/** A board's columns: the grouping property's options, in their order. */
function boardFormat(config: ViewConfig, source: DataSourceObjectResponse): Record<string, unknown> {
  const groupBy = config.group_by!;
  const key = keyOfProperty(source, groupBy.property_id);
  const prop = Object.values(source.properties ?? {}).find((p) => (p as { id: string }).id === groupBy.property_id) as Record<string, unknown> | undefined;
  const options = (prop?.[groupBy.type] as { options?: { name: string }[] } | undefined)?.options ?? [];
  return {
    board_columns_by: { type: groupBy.type, property: key, sort: { type: "manual" }, hideEmptyGroups: Boolean(groupBy.hide_empty_groups) },
    board_columns: options.map((o) => ({ property: key, value: { type: groupBy.type, value: o.name }, hidden: false })),
  };
}

/**
 * The view's visible properties as the private API lists them. A view that names none (a table just made through
 * the API answers `configuration: {type: "table"}`) shows what Notion shows then: a table every property, in the
 * data source's order; the other layouts their title only, which is what they show without a list.
 */
function propertiesFormat(view: ViewLike, config: ViewConfig, source: DataSourceObjectResponse): Record<string, unknown> {
  if (Array.isArray(config.properties)) {
    return { [`${view.type}_properties`]: config.properties.map((p) => clean({ property: keyOfProperty(source, p.property_id), visible: p.visible !== false, width: p.width })) };
  }
  if (view.type !== "table") return {};
  return { table_properties: Object.keys(source.properties ?? {}).map((name) => ({ property: keyOfProperty(source, name), visible: true })) };
}

export function collectionViewRecord(view: ViewLike, source: DataSourceObjectResponse, databaseId: string, spaceId: string | undefined): NotionRecord {
  const config = (view.configuration ?? {}) as ViewConfig;
  const format: Record<string, unknown> = { collection_pointer: { id: source.id, table: "collection", spaceId }, ...propertiesFormat(view, config, source) };
  if (config.group_by && view.type === "board") Object.assign(format, boardFormat(config, source));
  if (config.cover && (view.type === "gallery" || view.type === "board")) {
    // The cards' covers, as the public path's view format names them (gallery_cover, board_cover_size, …).
    const { type, property_id } = config.cover;
    format[`${view.type}_cover`] = type === "property" && property_id ? { type, property: keyOfProperty(source, property_id) } : { type };
    if (config.cover_size) format[`${view.type}_cover_size`] = config.cover_size;
    if (config.cover_aspect) format[`${view.type}_cover_aspect`] = config.cover_aspect;
  }
  const sorts = ((view.sorts ?? []) as { property?: string; timestamp?: string; direction: string }[])
    .filter((s) => s.property)
    .map((s) => ({ property: keyOfProperty(source, s.property!), direction: s.direction }));
  // The date property a calendar or timeline is laid out by, where the public path's view keeps it.
  const layoutBy = (view.type === "calendar" || view.type === "timeline") && config.date_property_id ? { [`${view.type}_by`]: keyOfProperty(source, config.date_property_id) } : {};
  return clean({
    id: view.id,
    version: 1,
    type: view.type,
    name: view.name,
    format,
    // The filter is kept (in the official API's shape) so a refresh knows whether an edited row can leave the view.
    query2: { ...(sorts.length ? { sort: sorts } : {}), ...(view.filter ? { filter: view.filter } : {}), ...layoutBy },
    parent_id: databaseId,
    parent_table: "block",
    alive: true,
    space_id: spaceId,
  });
}

/**
 * A database's block. `asRoot`: the database is the page being read (a site's root): it is then the page itself,
 * a full-page database, even when it sits inline on a page in Notion (opening an inline database's link shows it
 * as a full page there too).
 */
export function databaseBlockRecord(
  database: { id: string; is_inline?: boolean; icon?: PageObjectResponse["icon"]; created_time?: string; last_edited_time?: string },
  dataSourceId: string,
  viewIds: string[],
  ctx: RecordContext,
  opts: { asRoot?: boolean } = {},
): NotionRecord {
  return clean({
    ...common(database, ctx),
    type: database.is_inline && !opts.asRoot ? "collection_view" : "collection_view_page",
    collection_id: dataSourceId,
    view_ids: viewIds,
    format: clean({ collection_pointer: { id: dataSourceId, table: "collection", spaceId: ctx.spaceId }, page_icon: iconRef(database.icon, ctx.spaceId) }),
  });
}
