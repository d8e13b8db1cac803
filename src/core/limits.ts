/**
 * The abuse limits of the forms that send email to an address someone types (security review, findings 4 and 11),
 * in one table so the README's Security section and the code can't drift apart. Windows are fixed; the in-memory
 * counters (src/http/rate-limit.ts) are per process, the per-mailbox subscribe counts come from the database.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SUBSCRIBE_LIMITS = {
  /** Subscribe posts per IP per site: a visitor who retries is fine, a script is not. */
  perIpPerSite: { limit: 5, windowMs: 10 * MINUTE },
  /** Subscribe posts per IP across every site: one machine can't walk a list of addresses through many sites. */
  perIp: { limit: 10, windowMs: HOUR },
  /** Subscribe posts per site from all IPs: bounds what one site can send even from many machines. */
  perSite: { limit: 100, windowMs: HOUR },
  /** An unconfirmed address is mailed again for the same site only after this long ("one pending confirmation a day"). */
  resendAfterMs: DAY,
  /** Confirmation mails to one mailbox (see canonicalMailbox) across every site in a day. */
  confirmationsPerMailboxPerDay: 3,
  mailboxWindowMs: DAY,
} as const;

export const MAGIC_LINK_LIMITS = {
  /** Sign-in emails per mailbox (`a+1@x` is `a@x`). */
  perMailbox: { limit: 5, windowMs: 15 * MINUTE },
  /** Sign-in emails asked for by one IP, whatever the address. */
  perIp: { limit: 10, windowMs: 15 * MINUTE },
} as const;
