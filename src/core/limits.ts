/**
 * The subscribe form's rules beyond request rates, counted from the subscribers table.
 * Request rates (per IP, per site, magic links…) are in RATE_LIMITS (src/core/usage/rate-limits.ts).
 */
const DAY = 24 * 60 * 60_000;

export const SUBSCRIBE_LIMITS = {
  /** An unconfirmed address is mailed again for the same site only after this long ("one pending confirmation a day"). */
  resendAfterMs: DAY,
  /** Confirmation mails to one mailbox (see canonicalMailbox) across every site in a day. */
  confirmationsPerMailboxPerDay: 3,
  mailboxWindowMs: DAY,
} as const;
