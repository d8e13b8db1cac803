/** Minor digits per ISO 4217 currency (docs/product.md §9): 2 unless listed. */
const ZERO_DIGITS = new Set(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV", "XAF", "XOF", "XPF"]);
const THREE_DIGITS = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);
const FOUR_DIGITS = new Set(["CLF", "UYW"]);

export function currencyMinorDigits(code: string): number {
  const c = code.trim().toUpperCase();
  if (ZERO_DIGITS.has(c)) return 0;
  if (THREE_DIGITS.has(c)) return 3;
  if (FOUR_DIGITS.has(c)) return 4;
  return 2;
}

// Number("") and Number(" ") are 0, so strings are checked first: a missing amount must not read as free.
const AMOUNT_RE = /^-?\d+(\.\d+)?$/;

/** Payment providers send amounts as integer strings in minor units ("1900" USD = 19.00). */
export function fromMinorUnits(minor: number | string, currency: string): number {
  const value = typeof minor === "string" ? (AMOUNT_RE.test(minor.trim()) ? Number(minor) : Number.NaN) : minor;
  if (!Number.isFinite(value)) throw new Error(`Not an amount: ${JSON.stringify(minor)}`);
  // Dividing by an exact power of ten gives the nearest double to the decimal, e.g. 1999 / 100 === 19.99.
  return value / 10 ** currencyMinorDigits(currency);
}

/**
 * Price in the currency's own minor digits: "$19.00", "¥1,900", "KWD 12.345". `wholeAsWhole` writes a whole amount
 * without its zero cents ("$12", "$0"), as a price list reads.
 */
export function formatPrice(amount: number, currency: string, locale = "en-US", opts: { wholeAsWhole?: boolean } = {}): string {
  const digits = opts.wholeAsWhole && Number.isInteger(amount) ? 0 : currencyMinorDigits(currency);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.trim().toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
