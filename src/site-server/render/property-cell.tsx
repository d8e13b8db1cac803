import type { PropertyValue } from "../property-values";
import { SafeLink } from "./safe-link";
import type { Translator } from "@/lib/i18n/translator";

/**
 * One property value as Notion draws it: options as coloured pills (react-notion-x's `notion-item-<color>` colours),
 * a checkbox as a box, ticked or not, links (urls, emails, phones, files) as links, anything else as its text.
 */
export function PropertyCell({ value, i18n }: { value: PropertyValue; i18n: Translator }) {
  switch (value.kind) {
    case "empty":
      return null;
    case "text":
      return <>{value.text}</>;
    case "options":
      return (
        <>
          {value.options.map((o, i) => (
            <span key={`${o.name}-${i}`} className={`property-pill notion-item-${o.color.replace(/[^a-z_-]/gi, "")}`}>
              {o.name}
            </span>
          ))}
        </>
      );
    case "checkbox":
      return (
        <span className={value.checked ? "property-checkbox property-checked" : "property-checkbox"} role="img" aria-label={i18n.t(value.checked ? "checked" : "notChecked")}>
          {value.checked ? "✓" : ""}
        </span>
      );
    case "links":
      return (
        <>
          {value.links.map((l, i) => (
            <span key={`${l.href}-${i}`}>
              {i ? ", " : ""}
              <SafeLink href={l.href}>{l.text}</SafeLink>
            </span>
          ))}
        </>
      );
  }
}
