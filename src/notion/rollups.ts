import type { Block, Collection } from "notion-types";
import { getTextContent } from "notion-utils";
import { z } from "zod";
import { mentionedPageIds, pageTitle } from "./record-map";

/**
 * Relation and rollup cells of a database row as Notion shows them. The private API stores a relation as page
 * mentions (`["‣", [["p", id]]]`) and no rollup results at all, so rollups are computed here from the related rows
 * (which the page fetch reads as mentions): the target property's values, aggregated as the rollup says, in the
 * target's number format, dates as dates.
 *
 * No recorded response holds a rollup's schema; it is read as `{relation_property, target_property, aggregation?,
 * target_property_type?}` (what Notion's own client sends). A schema of another shape, a target we can't find, or a
 * related row we can't read gives an empty cell, never an error.
 */

export type RollupLookup = {
  block: (id: string) => Block | undefined;
  collection: (id: string) => Collection | undefined;
  userName?: (id: string) => string;
};

type SchemaEntry = { name?: string; type?: string; number_format?: string; collection_id?: string } & Record<string, unknown>;

const ROLLUP = z
  .object({ relation_property: z.string().min(1), target_property: z.string().min(1), aggregation: z.string().optional(), target_property_type: z.string().optional() })
  .loose();

/** The pages a relation cell points at, in its order. */
export const relatedIds = (row: Block, key: string): string[] =>
  mentionedPageIds({ properties: { [key]: (row.properties as Record<string, unknown> | undefined)?.[key] } } as unknown as Block);

/** A relation cell: the related rows' titles (rows we can't read are left out). */
export function relationText(row: Block, key: string, lookup: RollupLookup): string {
  return relatedIds(row, key)
    .map((id) => lookup.block(id))
    .filter((b): b is Block => b !== undefined)
    .map((b) => pageTitle(b) || "Untitled")
    .join(", ");
}

// ---- number formats ---------------------------------------------------------------------------------------

/** Notion's currency formats → ISO 4217 codes. */
const CURRENCIES: Record<string, string> = {
  dollar: "USD", euro: "EUR", pound: "GBP", yen: "JPY", rupee: "INR", won: "KRW", yuan: "CNY", real: "BRL", franc: "CHF",
  canadian_dollar: "CAD", australian_dollar: "AUD", hong_kong_dollar: "HKD", new_zealand_dollar: "NZD", singapore_dollar: "SGD",
  new_taiwan_dollar: "TWD", mexican_peso: "MXN", argentine_peso: "ARS", chilean_peso: "CLP", colombian_peso: "COP",
  philippine_peso: "PHP", uruguayan_peso: "UYU", peruvian_sol: "PEN", ruble: "RUB", rupiah: "IDR", ringgit: "MYR", baht: "THB",
  lira: "TRY", shekel: "ILS", rand: "ZAR", riyal: "SAR", dirham: "AED", koruna: "CZK", krona: "SEK", danish_krone: "DKK",
  norwegian_krone: "NOK", forint: "HUF", leu: "RON", zloty: "PLN",
};

/** A number in one of Notion's number formats (plain `number` when the format is unknown). */
export function formatNotionNumber(n: number, format: string | undefined): string {
  if (!Number.isFinite(n)) return "";
  const currency = format ? CURRENCIES[format] : undefined;
  if (currency) return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(n);
  if (format === "percent") return `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2, useGrouping: false }).format(n * 100)}%`;
  if (format === "number_with_commas") return new Intl.NumberFormat("en-US", { maximumFractionDigits: 8 }).format(n);
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 8, useGrouping: false }).format(n);
}

const percent = (part: number, whole: number) => (whole ? `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format((part / whole) * 100)}%` : "");

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const formatDay = (iso: string) => {
  const at = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isFinite(at) ? DATE.format(at) : iso;
};

// ---- values -----------------------------------------------------------------------------------------------

/** One related row's value of the target property: what it shows, and as a number, date or checkbox when it is one. */
type Value = { texts: string[]; number?: number; dates?: string[]; checked?: boolean; empty: boolean };

function valueOf(row: Block, key: string, entry: SchemaEntry | undefined, type: string, lookup: RollupLookup): Value {
  const record = row as Block & { created_time?: number; last_edited_time?: number; created_by_id?: string; last_edited_by_id?: string };
  if (type === "created_time" || type === "last_edited_time") {
    const at = type === "created_time" ? record.created_time : record.last_edited_time;
    const iso = typeof at === "number" ? new Date(at).toISOString().slice(0, 10) : null;
    return iso ? { texts: [formatDay(iso)], dates: [iso], empty: false } : { texts: [], empty: true };
  }
  if (type === "created_by" || type === "last_edited_by") {
    const name = lookup.userName?.(String(type === "created_by" ? record.created_by_id : record.last_edited_by_id)) ?? "";
    return { texts: name ? [name] : [], empty: !name };
  }
  const raw = (row.properties as Record<string, unknown> | undefined)?.[key];
  if (type === "checkbox") {
    const checked = Array.isArray(raw) && getTextContent(raw as never) === "Yes";
    return { texts: [checked ? "✓" : ""], checked, empty: !checked };
  }
  if (!Array.isArray(raw) || !raw.length) return { texts: [], empty: true };
  if (type === "relation") {
    const titles = relationText(row, key, lookup);
    return { texts: titles ? titles.split(", ") : [], empty: !titles };
  }
  if (type === "person") {
    const ids = JSON.stringify(raw).match(/\["u","[^"]+"\]/g) ?? [];
    const names = ids.map((m) => lookup.userName?.(JSON.parse(m)[1] as string) ?? "").filter(Boolean);
    return { texts: names, empty: !ids.length };
  }
  if (type === "date") {
    const json = JSON.stringify(raw);
    const start = json.match(/"start_date":"(\d{4}-\d{2}-\d{2})/)?.[1];
    const end = json.match(/"end_date":"(\d{4}-\d{2}-\d{2})/)?.[1];
    if (!start) return { texts: [], empty: true };
    return { texts: [end ? `${formatDay(start)} → ${formatDay(end)}` : formatDay(start)], dates: end ? [start, end] : [start], empty: false };
  }
  const text = getTextContent(raw as never).trim();
  if (!text) return { texts: [], empty: true };
  if (type === "number") {
    const n = Number(text);
    return Number.isFinite(n) ? { texts: [formatNotionNumber(n, entry?.number_format)], number: n, empty: false } : { texts: [], empty: true };
  }
  if (type === "multi_select") return { texts: text.split(",").map((t) => t.trim()).filter(Boolean), empty: false };
  return { texts: [text], empty: false };
}

// ---- aggregations -----------------------------------------------------------------------------------------

const median = (ns: number[]) => {
  const sorted = [...ns].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** Notion's rollup calculations over the related rows' values (names as the private API spells them, and aliases). */
function aggregate(aggregation: string, values: Value[], numberFormat: string | undefined): string {
  const numbers = values.flatMap((v) => (v.number === undefined ? [] : [v.number]));
  const dates = values.flatMap((v) => v.dates ?? []).sort();
  const all = values.flatMap((v) => v.texts.filter(Boolean));
  const empty = values.filter((v) => v.empty).length;
  const checked = values.filter((v) => v.checked).length;
  const asNumber = (n: number | undefined) => (n === undefined || !numbers.length ? "" : formatNotionNumber(n, numberFormat));
  switch (aggregation) {
    case "show_original":
      return all.join(", ");
    case "show_unique":
      return [...new Set(all)].join(", ");
    case "count":
    case "count_all":
      return String(values.length);
    case "count_values":
      return String(all.length);
    case "unique":
    case "count_unique_values":
      return String(new Set(all).size);
    case "empty":
    case "count_empty":
      return String(empty);
    case "not_empty":
    case "count_not_empty":
      return String(values.length - empty);
    case "percent_empty":
      return percent(empty, values.length);
    case "percent_not_empty":
      return percent(values.length - empty, values.length);
    case "sum":
      return asNumber(numbers.reduce((a, b) => a + b, 0));
    case "average":
      return asNumber(numbers.reduce((a, b) => a + b, 0) / numbers.length);
    case "median":
      return asNumber(numbers.length ? median(numbers) : undefined);
    case "min":
      return asNumber(Math.min(...numbers));
    case "max":
      return asNumber(Math.max(...numbers));
    case "range":
      return asNumber(Math.max(...numbers) - Math.min(...numbers));
    case "earliest_date":
      return dates.length ? formatDay(dates[0]!) : "";
    case "latest_date":
      return dates.length ? formatDay(dates.at(-1)!) : "";
    case "date_range":
      return dates.length ? days(Math.round((Date.parse(dates.at(-1)!) - Date.parse(dates[0]!)) / 86_400_000)) : "";
    case "checked":
      return String(checked);
    case "unchecked":
      return String(values.length - checked);
    case "percent_checked":
      return percent(checked, values.length);
    case "percent_unchecked":
      return percent(values.length - checked, values.length);
    default:
      return "";
  }
}

/**
 * A rollup cell: the row's related rows (through the rollup's relation property), their target property, the
 * aggregation. Empty when the schema isn't one we can read or any related row can't be read.
 */
export function rollupText(row: Block, schema: Record<string, SchemaEntry | undefined>, key: string, lookup: RollupLookup): string {
  const parsed = ROLLUP.safeParse(schema[key]);
  if (!parsed.success) return "";
  const { relation_property: relationKey, target_property: targetKey, aggregation = "show_original", target_property_type } = parsed.data;
  const relation = schema[relationKey];
  if (relation?.type !== "relation") return "";
  const rows = relatedIds(row, relationKey).map((id) => lookup.block(id));
  if (rows.some((r) => r === undefined)) return "";
  const related = rows as Block[];
  const collectionId = typeof relation.collection_id === "string" ? relation.collection_id : related[0]?.parent_id;
  const targetSchema = ((collectionId ? lookup.collection(collectionId)?.schema : undefined) ?? {}) as Record<string, SchemaEntry | undefined>;
  const target = targetSchema[targetKey];
  const type = target?.type ?? target_property_type ?? (targetKey === "title" ? "title" : undefined);
  if (!type) return "";
  const values = related.map((r) => valueOf(r, targetKey, target, type, lookup));
  return aggregate(aggregation, values, target?.number_format);
}
