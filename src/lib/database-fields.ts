/**
 * Which property of a Notion database gives each field a database site needs (docs/product.md §5): the required
 * names first (any letter case), then common aliases of a fitting type (Feather's and NotionNext's names), and an
 * owner's own mapping above both. Pure, so the create form (browser), the server's page check and the page model
 * resolve a database the same way.
 */

export const DATABASE_FIELDS = ["name", "date", "description", "tags", "authors", "version", "status", "hidden"] as const;
export type DatabaseField = (typeof DATABASE_FIELDS)[number];
/** Fields an owner may map; `name` is always the database's title property. */
export const MAPPABLE_FIELDS = ["date", "description", "tags", "authors", "version", "status", "hidden"] as const;
export type MappableField = (typeof MAPPABLE_FIELDS)[number];

/** Field → the database's property name, or null for "not used" (only fields a site can do without). */
export type PropertyMap = Partial<Record<MappableField, string | null>>;

/** A database property as the page check sees it; `type` is Notion's (private-API) property type. */
export type SchemaProperty = { name: string; type?: string };

type FieldRule = {
  /** Property types that can fill the field. */
  types: readonly string[];
  /** Other names it goes by in real blog databases, lowercase, best first. */
  aliases: readonly string[];
  /** The site works without it ("Not used" in the mapping). */
  optional: boolean;
  /** Its name in the mapping form, in the owner's words (the key is the code's). */
  label: string;
  /** What it does, for the mapping form. */
  help: string;
};

export const FIELD_RULES: Record<DatabaseField, FieldRule> = {
  name: { types: ["title"], aliases: ["title"], optional: false, label: "Title", help: "The entry's title" },
  date: {
    types: ["date", "created_time", "last_edited_time"],
    aliases: ["published", "publish date", "published date", "published at", "publish_date", "post date", "release date", "created"],
    optional: false,
    label: "Publish date",
    help: "When the entry was published (a date)",
  },
  description: { types: ["text"], aliases: ["summary", "excerpt", "subtitle", "abstract", "desc"], optional: true, label: "Summary", help: "A short summary (text)" },
  tags: { types: ["multi_select", "select"], aliases: ["tag", "category", "categories", "labels", "topics"], optional: true, label: "Tags", help: "Tags (a multi-select or select)" },
  authors: { types: ["person", "text", "created_by"], aliases: ["author", "writer", "writers", "created by"], optional: true, label: "Authors", help: "Who wrote it (a person or text)" },
  version: { types: ["text", "number", "select"], aliases: ["release", "ver"], optional: true, label: "Version", help: "The release's version (text, number or select)" },
  status: { types: ["status", "select"], aliases: ["state", "stage"], optional: false, label: "Status", help: "The board column (a status or select)" },
  hidden: {
    types: ["checkbox", "status", "select"],
    aliases: ["draft", "hide", "status", "published", "public", "publish"],
    optional: true,
    label: "Hide from site",
    help: "Whether the entry shows (a checkbox, or a status/select shown when Published)",
  },
};

/** A checkbox with one of these names means "shown" when ticked; any other checkbox means "hidden" when ticked. */
const SHOWN_WHEN_TICKED = new Set(["published", "public", "publish", "live", "visible", "show"]);
/** A status or select used for visibility shows the entry only at one of these values (NotionNext: "Published"). */
const SHOWN_VALUES = new Set(["published", "public", "live", "done", "visible", "shown"]);

const lower = (s: string) => s.trim().toLowerCase();
const fits = (field: DatabaseField, p: SchemaProperty) => !p.type || FIELD_RULES[field].types.includes(p.type);

/** The property filling one field, null when "not used", undefined when none is found. */
export function resolveField(field: DatabaseField, properties: readonly SchemaProperty[], map: PropertyMap = {}): SchemaProperty | null | undefined {
  if (field !== "name" && field in map) {
    const chosen = map[field];
    if (chosen === null) return FIELD_RULES[field].optional ? null : undefined;
    return properties.find((p) => p.name === chosen && fits(field, p));
  }
  // The required name itself, of any type: how the page check has always matched.
  const exact = properties.find((p) => lower(p.name) === field);
  if (exact) return exact;
  for (const alias of FIELD_RULES[field].aliases) {
    const hit = properties.find((p) => lower(p.name) === alias && p.type !== undefined && fits(field, p));
    if (hit) return hit;
  }
  return field === "name" ? properties.find((p) => p.type === "title") : undefined;
}

/** The fields no property fills, in the order given. */
export function missingFields(fields: readonly string[], properties: readonly SchemaProperty[], map: PropertyMap = {}): string[] {
  return fields.filter((f) => resolveField(f as DatabaseField, properties, map) === undefined);
}

/** The properties that could fill a field, for the mapping form. */
export function candidatesFor(field: MappableField, properties: readonly SchemaProperty[]): SchemaProperty[] {
  return properties.filter((p) => p.type !== undefined && FIELD_RULES[field].types.includes(p.type));
}

/** Whether a row is hidden, from the text of the property filling `hidden` (checkbox "Yes"/"No", a status, a select). */
export function hiddenByValue(property: SchemaProperty, text: string): boolean {
  const value = lower(text);
  const name = lower(property.name);
  if (property.type === "checkbox") return SHOWN_WHEN_TICKED.has(name) ? value !== "yes" : value === "yes";
  if (name === "hidden") return value === "yes";
  if (property.type === "status" || property.type === "select") return !SHOWN_VALUES.has(value);
  return value === "yes";
}

/** Checks an owner's mapping against the database: every named property exists and has a fitting type. */
export function propertyMapProblem(map: PropertyMap, properties: readonly SchemaProperty[]): string | null {
  for (const field of MAPPABLE_FIELDS) {
    if (!(field in map)) continue;
    const chosen = map[field];
    if (chosen === null) {
      if (!FIELD_RULES[field].optional) return `The ${field} property is needed`;
      continue;
    }
    const property = properties.find((p) => p.name === chosen);
    if (!property) return `The database has no property called ${chosen}`;
    if (!fits(field, property)) return `${chosen} is a ${property.type} property and cannot be used as ${field}: ${FIELD_RULES[field].help.toLowerCase()}`;
  }
  return null;
}

/** One row of the mapping form: a field the site type needs, what fills it now, and what could. */
export type FieldChoice = { field: MappableField; label: string; help: string; optional: boolean; current: string | null | undefined; candidates: SchemaProperty[] };

export function fieldChoices(fields: readonly string[], properties: readonly SchemaProperty[], map: PropertyMap = {}): FieldChoice[] {
  return fields
    .filter((f): f is MappableField => (MAPPABLE_FIELDS as readonly string[]).includes(f))
    .map((field) => {
      const resolved = resolveField(field, properties, map);
      return {
        field,
        label: FIELD_RULES[field].label,
        help: FIELD_RULES[field].help,
        optional: FIELD_RULES[field].optional,
        current: resolved === null ? null : resolved?.name,
        candidates: candidatesFor(field, properties),
      };
    });
}
