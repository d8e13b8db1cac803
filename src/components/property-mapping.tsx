"use client";

import type { FieldChoice, MappableField, PropertyMap } from "@/lib/database-fields";

const NOT_USED = "\u0000not-used";
/** A property type as Notion's own menus name it ("multi-select", "created time"), not the API's key. */
const typeName = (type: string | undefined) => (type === "multi_select" ? "multi-select" : (type ?? "").replace(/_/g, " "));
const AUTO = "";

/**
 * Which of the database's own properties fills each field the site needs. Only properties of a
 * fitting type are offered, so a text can't become the date; fields the site can do without may be "Not used".
 * Used by the create flow (light) and the dashboard's General screen (dark).
 */
export function PropertyMapping({
  fields,
  value,
  onChange,
  tone = "light",
}: {
  fields: FieldChoice[];
  value: PropertyMap;
  onChange: (next: PropertyMap) => void;
  tone?: "light" | "dark";
}) {
  const select =
    tone === "light"
      ? "rounded-md border border-neutral-300 bg-white px-2 py-1.5 text-sm"
      : "rounded-md border border-neutral-700 bg-neutral-900 px-2 py-1.5 text-sm text-neutral-100";
  const set = (field: MappableField, choice: string) => {
    const next = { ...value };
    if (choice === AUTO) delete next[field];
    else next[field] = choice === NOT_USED ? null : choice;
    onChange(next);
  };
  return (
    <div className="grid gap-3" data-testid="property-mapping">
      {fields.map(({ field, label, help, optional, current, candidates }) => {
        const id = `map-${field}`;
        const chosen = field in value ? (value[field] === null ? NOT_USED : value[field]!) : AUTO;
        const missing = current === undefined && !(field in value);
        return (
          <div key={field} className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:items-center">
            <label htmlFor={id} className="text-sm font-medium">
              {label}
            </label>
            <div>
              <select id={id} className={select} value={chosen} onChange={(e) => set(field, e.target.value)} aria-invalid={missing || undefined}>
                <option value={AUTO}>{current === undefined ? "Choose a property…" : current === null ? "Not used" : `${current} (found)`}</option>
                {candidates.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name} ({typeName(p.type)})
                  </option>
                ))}
                {optional ? <option value={NOT_USED}>Not used</option> : null}
              </select>
              <p className={`mt-0.5 text-xs ${tone === "light" ? "text-neutral-600" : "text-neutral-400"}`}>
                {help}
                {candidates.length === 0 && !optional ? " — the database has no property of a fitting type; add one in Notion" : ""}
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
