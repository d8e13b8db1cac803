type Log = (message: string) => void;

/** docs/product.md §8: a date conversion failure is logged and falls back to the current date. */
export function toDate(
  value: string | number | Date | null | undefined,
  log: Log = console.error,
  now: () => Date = () => new Date(),
): Date {
  const date = value instanceof Date ? new Date(value.getTime()) : value === null || value === undefined || value === "" ? null : new Date(value);
  if (date && !Number.isNaN(date.getTime())) return date;
  log(`Could not convert ${JSON.stringify(value)} to a date; using the current date`);
  return now();
}
