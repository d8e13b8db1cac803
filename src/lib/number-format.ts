/** English number formats (SPEC §9): comma grouping, decimal point, short forms, accounting negatives. */

export function formatNumber(n: number, opts: { decimals?: number } = {}): string {
  return new Intl.NumberFormat("en-US", {
    minimumFractionDigits: opts.decimals ?? 0,
    maximumFractionDigits: opts.decimals ?? 2,
  }).format(n);
}

const SHORT_UNITS = [
  { value: 1e12, suffix: "T" },
  { value: 1e9, suffix: "B" },
  { value: 1e6, suffix: "M" },
  { value: 1e3, suffix: "K" },
] as const;

/** 1234 → "1.2K", 1_000_000 → "1M": one decimal at most, trailing ".0" dropped. */
export function formatShort(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? "-" : "";
  for (const [i, unit] of SHORT_UNITS.entries()) {
    if (abs >= unit.value) {
      const rounded = Math.round((abs / unit.value) * 10) / 10;
      // 999_950 rounds to 1000K: promote it to the next unit instead.
      if (rounded >= 1000 && i > 0) return `${sign}${Math.round((abs / SHORT_UNITS[i - 1]!.value) * 10) / 10}${SHORT_UNITS[i - 1]!.suffix}`;
      return `${sign}${rounded}${unit.suffix}`;
    }
  }
  return `${sign}${Math.round(abs * 10) / 10}`;
}

/** Two decimals; negatives in parentheses: -1234.5 → "(1,234.50)". */
export function formatAccounting(n: number): string {
  const body = formatNumber(Math.abs(n), { decimals: 2 });
  return n < 0 ? `(${body})` : body;
}
