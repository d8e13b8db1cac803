/** A Retry-After header (seconds, or an HTTP date) in milliseconds; undefined when absent or unreadable. */
export function retryAfterHeaderMs(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
