/** English number formats (docs/product.md §9): comma grouping, decimal point, short forms, accounting negatives. */

export type NumberFormatOptions = {
  /** Exact number of decimals. Without it: up to 2, trailing zeros dropped. */
  decimals?: number;
};

export function formatNumber(n: number, opts: NumberFormatOptions = {}): string {
  return new Intl.NumberFormat("en-US", {
    minimumFractionDigits: opts.decimals ?? 0,
    maximumFractionDigits: opts.decimals ?? 2,
  }).format(n);
}

// Each step is 1000× the previous one; index 0 is the unsuffixed number.
const SHORT_SUFFIXES = ["", "K", "M", "B", "T"] as const;

/** 1234 → "1.2K", 1_000_000 → "1M": one decimal at most (half away from zero), trailing ".0" dropped. */
export function formatShort(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? "-" : "";
  const abs = Math.abs(n);
  let step = 0;
  while (step < SHORT_SUFFIXES.length - 1 && abs >= 1000 ** (step + 1)) step++;
  // Divide by a tenth of the unit (an exact integer for K and up) so 1150 → 11.5 → 12, not 11.4999… → 11.
  let tenths = Math.round(step === 0 ? abs * 10 : abs / (1000 ** step / 10));
  // 999_950 rounds to "1000K": show it in the next unit instead.
  if (tenths >= 10_000 && step < SHORT_SUFFIXES.length - 1) {
    step++;
    tenths = Math.round(abs / (1000 ** step / 10));
  }
  if (tenths === 0) return "0";
  return `${sign}${formatNumber(tenths / 10, { decimals: tenths % 10 === 0 ? 0 : 1 })}${SHORT_SUFFIXES[step]}`;
}

/** Two decimals; negatives in parentheses: -1234.5 → "(1,234.50)". A value that rounds to zero is "0.00". */
export function formatAccounting(n: number): string {
  const body = formatNumber(Math.abs(n), { decimals: 2 });
  return n < 0 && body !== "0.00" ? `(${body})` : body;
}
