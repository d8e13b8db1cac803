/** Deeper than any params of ours (settings nest about six levels); deeper input is refused before anything walks it recursively. */
export const MAX_INPUT_DEPTH = 64;

/** A UTF-16 surrogate without its partner: JSON allows it (`"\ud800"`), PostgreSQL text and jsonb do not. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when parsed JSON nests arrays/objects deeper than `max` levels. Iterative: a 200,000-deep input can't overflow the stack. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Why text in parsed JSON can't be stored, or null: a NUL character or a lone
 * surrogate in any string or key. Refused as bad input for every method at once, so it never reaches the database
 * as an INTERNAL error. Iterative, like nestedDeeperThan.
 */
export function unstorableText(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    const texts = typeof item === "string" ? [item] : item !== null && typeof item === "object" && !Array.isArray(item) ? Object.keys(item) : [];
    for (const text of texts) {
      if (text.includes("\u0000")) return "Text must not contain NUL characters";
      if (LONE_SURROGATE.test(text)) return "Text must be valid Unicode (it contains a lone surrogate)";
    }
    if (item !== null && typeof item === "object") for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push(child);
  }
  return null;
}
