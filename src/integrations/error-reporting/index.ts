/**
 * Reporting unexpected errors (SPEC §8). Today: one structured line on stderr; an outside reporter (Bugsnag) plugs
 * in here. Expected failures (validation, not found, Notion saying private) are not reported.
 */
export type ErrorContext = Record<string, string | number | boolean | null | undefined>;

export function reportError(error: unknown, context: ErrorContext = {}): void {
  const err = error instanceof Error ? error : new Error(String(error));
  const cause = err.cause instanceof Error ? err.cause.message : undefined;
  console.error(JSON.stringify({ level: "error", message: err.message, cause, ...context, stack: err.stack?.split("\n").slice(0, 4).join(" | ") }));
}
