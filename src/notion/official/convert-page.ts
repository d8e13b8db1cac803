import type { PageObjectResponse, UserObjectResponse } from "@notionhq/client";
import { logNotionProblem } from "../log";
import { clean, common, fileRefOf, iconRef, type NotionRecord, type RecordContext } from "./convert-common";
import { dateValue, decorationsOf, type Decoration } from "./convert-text";

/**
 * Official pages (database rows included) and users → their private-API records. Each property value converts on
 * its own: one Notion sends in a shape this code doesn't know is left out (and logged), the rest of the row stays.
 */

type PropertyValue = PageObjectResponse["properties"][string];

const joined = (parts: Decoration[][]): Decoration[] => parts.flatMap((p, i) => (i ? [[","] as Decoration, ...p] : p));
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const nameOf = (option: unknown): string | null => {
  const name = (option as { name?: unknown } | null | undefined)?.name;
  return typeof name === "string" ? name : null;
};
const dateDecorations = (date: unknown): Decoration[] | null => {
  const value = dateValue(date as never);
  return value ? [["‣", [["d", value]]]] : null;
};

function formulaText(f: Record<string, unknown>): string | null {
  if (f.type === "string") return typeof f.string === "string" ? f.string : null;
  if (f.type === "number") return typeof f.number === "number" ? String(f.number) : null;
  if (f.type === "boolean") return typeof f.boolean === "boolean" ? (f.boolean ? "Yes" : "No") : null;
  if (f.type === "date") return (f.date as { start?: string } | null)?.start ?? null;
  return null;
}

/** A page property's value in the private API's form (null = leave the property out, as Notion does when empty). */
export function propertyDecorations(value: PropertyValue): Decoration[] | null {
  const v = value as unknown as Record<string, unknown> & { type: string };
  const payload = v[v.type];
  switch (v.type) {
    case "title":
      return decorationsOf(payload);
    case "rich_text":
      return list(payload).length ? decorationsOf(payload) : null;
    case "date":
      return dateDecorations(payload);
    case "select":
    case "status":
      return nameOf(payload) !== null ? [[nameOf(payload)!]] : null;
    case "multi_select": {
      const names = list(payload).map(nameOf).filter((n): n is string => n !== null);
      return names.length ? [[names.join(",")]] : null;
    }
    case "checkbox":
      return [[payload === true ? "Yes" : "No"]];
    case "people": {
      const ids = list(payload).map((u) => (u as { id?: unknown })?.id).filter((id): id is string => typeof id === "string");
      return ids.length ? joined(ids.map((id) => [["‣", [["u", id]]]])) : null;
    }
    case "relation": {
      const ids = list(payload).map((r) => (r as { id?: unknown })?.id).filter((id): id is string => typeof id === "string");
      return ids.length ? joined(ids.map((id) => [["‣", [["p", id]]]])) : null;
    }
    case "url":
      return typeof payload === "string" && payload ? [[payload, [["a", payload]]]] : null;
    case "email":
    case "phone_number":
      return typeof payload === "string" && payload ? [[payload]] : null;
    case "number":
      return typeof payload === "number" ? [[String(payload)]] : null;
    case "files": {
      const files = list(payload).map((f) => [[String((f as { name?: unknown })?.name ?? ""), [["a", fileRefOf(f) ?? ""]]]] as Decoration[]);
      return files.length ? joined(files) : null;
    }
    case "formula": {
      const text = payload && typeof payload === "object" ? formulaText(payload as Record<string, unknown>) : null;
      return text ? [[text]] : null;
    }
    case "rollup":
      return rollupDecorations(payload as Record<string, unknown> | null | undefined);
    case "place": {
      // A map location: its name, else its address, as text (the renderer has no map).
      const place = payload as { name?: unknown; address?: unknown; lat?: unknown; lon?: unknown } | null | undefined;
      const text = [place?.name, place?.address].find((t): t is string => typeof t === "string" && t.length > 0) ?? (typeof place?.lat === "number" && typeof place.lon === "number" ? `${place.lat}, ${place.lon}` : null);
      return text ? [[text]] : null;
    }
    case "verification": {
      const state = (payload as { state?: unknown } | null | undefined)?.state;
      return state === "verified" ? [["Verified"]] : state === "expired" ? [["Expired"]] : null;
    }
    case "unique_id": {
      const id = payload as { number?: unknown; prefix?: unknown } | null | undefined;
      if (typeof id?.number !== "number") return null;
      return [[`${typeof id.prefix === "string" && id.prefix ? `${id.prefix}-` : ""}${id.number}`]];
    }
    default:
      // created_time / last_edited_time / created_by / last_edited_by come from the record itself; buttons have
      // no stored value in the private API either.
      return null;
  }
}

/** Notion computed it: a number, a date, or the rolled-up values, shown as one comma-separated text. */
function rollupDecorations(r: Record<string, unknown> | null | undefined): Decoration[] | null {
  if (!r) return null;
  if (r.type === "number") return typeof r.number === "number" ? [[String(r.number)]] : null;
  if (r.type === "date") return dateDecorations(r.date);
  if (r.type === "array") {
    const texts = list(r.array)
      .map((item) => propertyDecorations(item as PropertyValue))
      .filter((d): d is Decoration[] => d !== null)
      .map((d) => d.map((part) => String(part[0])).join(""));
    return texts.length ? [[texts.join(",")]] : null;
  }
  return null;
}

/** Property ids come URL-encoded from the official API; the private API's schema keys are the raw ids. */
export function propertyKey(id: string): string {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

export function pageRecord(page: PageObjectResponse, ctx: RecordContext): NotionRecord {
  const properties: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(page.properties ?? {})) {
    try {
      const decorations = propertyDecorations(value);
      if (value.type === "title") properties.title = decorations;
      else if (decorations) properties[propertyKey(value.id)] = decorations;
    } catch (err) {
      logNotionProblem(`Notion page ${page.id}: property "${name}" (${String((value as { type?: unknown })?.type)}) left out, its value could not be read:`, err);
    }
  }
  return clean({
    ...common(page, ctx),
    type: "page",
    properties,
    content: ctx.content,
    format: clean({
      page_icon: iconRef(page.icon, ctx.spaceId),
      page_cover: fileRefOf(page.cover),
      page_cover_position: page.cover ? 0.5 : undefined,
    }),
  });
}

export function notionUserRecord(user: UserObjectResponse): NotionRecord {
  const [given, ...family] = (user.name ?? "").split(" ");
  return clean({
    id: user.id,
    version: 1,
    given_name: given || undefined,
    family_name: family.join(" ") || undefined,
    email: user.type === "person" ? user.person?.email : undefined,
    profile_photo: user.avatar_url ?? undefined,
  });
}
