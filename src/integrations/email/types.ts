/**
 * What the product sends through an email provider (docs/product.md D2: one interface, chosen in one place).
 * Every email has an HTML body and a plain-text alternative.
 */
export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Display name of the sender (a site's `email.senderName`, or the product's). */
  fromName?: string;
  /** Sender address; the provider's default (EMAIL_FROM) when absent. */
  from?: string;
  replyTo?: string;
  /** Extra mail headers, e.g. List-Unsubscribe on notifications. */
  headers?: Record<string, string>;
};

/** A marketing event for the email provider (Plunk's /v1/track): creates or updates the contact. */
export type TrackEvent = {
  event: string;
  email: string;
  /** Whether the contact is subscribed to marketing mail; left as the provider has it when absent. */
  subscribed?: boolean;
  data?: Record<string, string | number | boolean | null>;
};

export interface EmailProvider {
  /** "plunk" when PLUNK_API_KEY is set, "smtp" when SMTP_URL is; "outbox" is the development sink (a table and the log). */
  readonly kind: "plunk" | "smtp" | "outbox";
  send(message: EmailMessage): Promise<void>;
  track(event: TrackEvent): Promise<void>;
}
