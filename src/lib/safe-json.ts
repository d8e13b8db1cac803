type Log = (message: string) => void;

/** SPEC §8: a JSON parse failure is logged and gives null. */
export function safeJsonParse<T = unknown>(text: string, log: Log = console.error): T | null {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    log(`Could not parse JSON (${text.length} chars): ${(err as Error).message}`);
    return null;
  }
}
