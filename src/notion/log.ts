/** Where src/notion's background work reports a problem when its caller gave no logger: one line on stderr. */
export function logNotionProblem(message: string, error?: unknown): void {
  console.error(message, error instanceof Error ? error.message : (error ?? ""));
}
