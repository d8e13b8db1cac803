import type { Block, ExtendedRecordMap } from "notion-types";
import { blockOf, collectionOf } from "@/notion/record-map";
import { propertyValue, type Column, type SchemaEntry } from "../property-values";
import type { RenderContext } from "./context";
import { propertyContextOf } from "./inline-collection";
import { PropertyCell } from "./property-cell";

/**
 * A database row's own page shows its properties above the body, as Notion does: the collection's
 * `format.collection_page_properties` order first (those marked hidden left out), then the rest of the schema in its
 * order; empty values are left out. Tree sites only: blog, changelog and roadmap entries show their mapped fields in
 * their own header.
 */
export function RowProperties({ ctx, recordMap, rowId }: { ctx: RenderContext; recordMap: ExtendedRecordMap; rowId: string }) {
  const row = blockOf(recordMap, rowId) ?? blockOf({ block: ctx.model.pageBlocks }, rowId);
  if (!row || row.parent_table !== "collection") return null;
  const collection = collectionOf(recordMap, row.parent_id) ?? collectionOf(ctx.model.rootRecordMap, row.parent_id);
  if (!collection) return null;
  const values = propertyContextOf(ctx, recordMap, collection);
  const shown = columnsOf(collection.schema as Record<string, SchemaEntry> | undefined, collection.format as { collection_page_properties?: { property: string; visible?: boolean }[] } | undefined)
    .map((column) => ({ column, value: propertyValue(row as Block, column, values) }))
    .filter(({ value }) => value.kind !== "empty");
  if (!shown.length) return null;
  return (
    <dl className="row-properties">
      {shown.map(({ column, value }) => (
        <div key={column.key} className="row-property">
          <dt>{column.name}</dt>
          <dd>
            <PropertyCell value={value} i18n={ctx.i18n} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function columnsOf(schema: Record<string, SchemaEntry> = {}, format: { collection_page_properties?: { property: string; visible?: boolean }[] } = {}): Column[] {
  const listed = format.collection_page_properties ?? [];
  const hidden = new Set(listed.filter((p) => p.visible === false).map((p) => p.property));
  const keys = [...new Set([...listed.map((p) => p.property), ...Object.keys(schema)])];
  return keys.filter((key) => key !== "title" && schema[key] && !hidden.has(key)).map((key) => ({ key, name: schema[key]!.name ?? key, type: schema[key]!.type ?? "text" }));
}
