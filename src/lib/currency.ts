/** Minor digits per ISO 4217 currency (SPEC §9): 2 unless listed. */
const ZERO_DIGITS = new Set(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"]);
const THREE_DIGITS = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);
const FOUR_DIGITS = new Set(["CLF", "UYW"]);

export function currencyMinorDigits(code: string): number {
  const c = code.toUpperCase();
  if (ZERO_DIGITS.has(c)) return 0;
  if (THREE_DIGITS.has(c)) return 3;
  if (FOUR_DIGITS.has(c)) return 4;
  return 2;
}

/** Payment providers send amounts as integer strings in minor units ("1900" USD = 19.00). */
export function fromMinorUnits(minor: number | string, currency: string): number {
  const value = typeof minor === "string" ? Number(minor) : minor;
  if (!Number.isFinite(value)) throw new Error(`Not an amount: ${String(minor)}`);
  return value / 10 ** currencyMinorDigits(currency);
}

export function formatPrice(amount: number, currency: string, locale = "en-US"): string {
  const digits = currencyMinorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
