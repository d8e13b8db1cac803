import { invalid } from "./errors";
import type { StubState } from "./state";
import { plain } from "./values";
import type { Json } from "./workspace";

/** Data source queries: the rows of a source, and the filters and sorts a site needs. */

export function rowsOf(stub: StubState, dataSourceId: string): Json[] {
  return [...stub.ws.pages.values()].filter((p) => (p.parent as { data_source_id?: string }).data_source_id === dataSourceId && p.in_trash !== true);
}

function propertyValue(row: Json, name: string): { type: string; value: unknown } | null {
  const props = (row.properties ?? {}) as Record<string, Json>;
  const prop = props[name] ?? Object.values(props).find((p) => p.id === name);
  if (!prop) return null;
  return { type: String(prop.type), value: prop[String(prop.type)] };
}

function comparable(type: string, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (type === "title" || type === "rich_text") return plain(value);
  if (type === "date") return (value as { start?: string }).start ?? null;
  if (type === "select" || type === "status") return (value as { name?: string }).name ?? null;
  if (type === "checkbox") return value ? 1 : 0;
  if (type === "number") return value as number;
  if (type === "multi_select") return (value as { name: string }[]).map((o) => o.name).join(",");
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function matches(row: Json, filter: Json): boolean {
  if (Array.isArray(filter.and)) return (filter.and as Json[]).every((f) => matches(row, f));
  if (Array.isArray(filter.or)) return (filter.or as Json[]).some((f) => matches(row, f));
  const prop = typeof filter.property === "string" ? propertyValue(row, filter.property) : null;
  if (!prop) throw invalid(`Could not find property with name or id: ${String(filter.property)}`);
  const condition = (filter[prop.type] ?? filter[Object.keys(filter).find((k) => k !== "property" && k !== "type") ?? ""]) as Json | undefined;
  if (!condition || typeof condition !== "object") throw invalid("body.filter is not a supported filter.");
  const value = comparable(prop.type, prop.value);
  const [op, arg] = Object.entries(condition)[0] ?? [];
  switch (op) {
    case "equals":
      return prop.type === "checkbox" ? Boolean(value) === arg : value === arg;
    case "does_not_equal":
      return prop.type === "checkbox" ? Boolean(value) !== arg : value !== arg;
    case "contains":
      return prop.type === "multi_select"
        ? ((prop.value as { name: string }[]) ?? []).some((o) => o.name === arg)
        : prop.type === "people"
          ? ((prop.value as { id: string }[]) ?? []).some((u) => u.id === arg)
          : String(value ?? "").includes(String(arg));
    case "does_not_contain":
      return prop.type === "multi_select" ? !((prop.value as { name: string }[]) ?? []).some((o) => o.name === arg) : !String(value ?? "").includes(String(arg));
    case "is_empty":
      return value === null || value === "" || (Array.isArray(prop.value) && !prop.value.length);
    case "is_not_empty":
      return !(value === null || value === "" || (Array.isArray(prop.value) && !prop.value.length));
    case "before":
      return value !== null && String(value) < String(arg);
    case "after":
      return value !== null && String(value) > String(arg);
    case "on_or_before":
      return value !== null && String(value) <= String(arg);
    case "on_or_after":
      return value !== null && String(value) >= String(arg);
    default:
      throw invalid(`The stand-in does not support the filter condition ${String(op)}.`);
  }
}

const propertyExists = (source: Json, name: string) =>
  Object.entries((source.properties ?? {}) as Record<string, { id: string }>).some(([n, p]) => n === name || p.id === name);

export function sortRows(rows: Json[], sorts: Json[], source: Json): Json[] {
  const keyed = rows.map((row, index) => ({ row, index }));
  keyed.sort((a, b) => {
    for (const s of sorts) {
      const dir = s.direction === "ascending" ? 1 : -1;
      let av: string | number | null;
      let bv: string | number | null;
      if (typeof s.timestamp === "string") {
        av = String(a.row[s.timestamp]);
        bv = String(b.row[s.timestamp]);
      } else {
        const name = String(s.property);
        if (!propertyExists(source, name)) throw invalid(`Could not find sort property with name or id: ${name}`);
        const pa = propertyValue(a.row, name);
        const pb = propertyValue(b.row, name);
        av = pa ? comparable(pa.type, pa.value) : null;
        bv = pb ? comparable(pb.type, pb.value) : null;
      }
      if (av === bv) continue;
      if (av === null) return 1; // empty values last, either direction (as Notion does)
      if (bv === null) return -1;
      return (av < bv ? -1 : 1) * dir;
    }
    return a.index - b.index;
  });
  return keyed.map((k) => k.row);
}
