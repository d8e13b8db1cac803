/** Checkout rules shared by the dashboard and its tests (docs/product.md §3, §4, §5). */

export const MISSING_USER_ID = "Missing userId, cannot continue checkout";

type CheckoutContext = { userId?: string; email?: string | null; siteId: string };

/** docs/product.md §3 checkout context; docs/product.md §5: no userId, no checkout. */
export function checkoutCustomData(ctx: CheckoutContext): { userId: string; email: string | null; siteId: string } {
  if (!ctx.userId) throw new Error(MISSING_USER_ID);
  return { userId: ctx.userId, email: ctx.email ?? null, siteId: ctx.siteId };
}

/** The purchase's value and currency from checkout.completed (Paddle Billing's totals; Classic's recurring_prices). */
export function purchaseOf(data: unknown): { value: number; currency: string } | null {
  const d = data as { totals?: { total?: number }; recurring_totals?: { total?: number }; currency_code?: string; checkout?: { recurring_prices?: { customer?: { unit?: number | string; currency?: string } } } };
  const classic = d?.checkout?.recurring_prices?.customer;
  if (classic?.currency && classic.unit !== undefined) return { value: Number(classic.unit), currency: classic.currency };
  const total = d?.recurring_totals?.total ?? d?.totals?.total;
  return typeof total === "number" && d?.currency_code ? { value: total, currency: d.currency_code } : null;
}
