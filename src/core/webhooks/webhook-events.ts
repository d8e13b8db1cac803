/** The events a site's webhook endpoints can subscribe to. */
export const WEBHOOK_EVENTS = ["subscriber.confirmed", "idea.submitted", "site.synced", "site.sync_failing"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Seconds after the first attempt at which a failed delivery is tried again: about 24 hours in all (Standard Webhooks' usual schedule). */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];
/** Deliveries that fail in a row, counted over the endpoint, before it is disabled and the owner told. */
export const FAILURES_BEFORE_DISABLING = 15;
