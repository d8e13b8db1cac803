type Log = (message: string) => void;

/**
 * docs/product.md §8: a JSON parse failure is logged and gives null. The log names the length and error position only: the
 * engine's own message quotes the input, which may hold tokens or personal data.
 */
export function safeJsonParse<T = unknown>(text: string, log: Log = console.error): T | null {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    const position = err instanceof Error ? /position (\d+)/.exec(err.message)?.[1] : undefined;
    const length = typeof text === "string" ? `${text.length} chars` : typeof text;
    log(`Could not parse JSON (${length}${position === undefined ? "" : `, error at position ${position}`})`);
    return null;
  }
}
