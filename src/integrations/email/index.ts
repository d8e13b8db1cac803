import type { Db } from "@/db/client";
import type { Env } from "@/env";
import { outboxEmailProvider } from "./outbox-provider";
import { plunkEmailProvider } from "./plunk-client";
import { smtpEmailProvider } from "./smtp-provider";

export type { EmailMessage, EmailProvider, TrackEvent } from "./types";
export { EmailApiError, EmailNotFoundError, EmailTokenError, UNKNOWN_API_ERROR } from "./plunk-client";

/** Plunk when PLUNK_API_KEY is set, else any SMTP server when SMTP_URL is; otherwise the outbox table and the log (docs/email.md). */
export function createEmailProvider(env: Pick<Env, "PLUNK_API_KEY" | "PLUNK_API_BASE" | "EMAIL_FROM" | "SMTP_URL">, db: Db) {
  if (env.PLUNK_API_KEY) return plunkEmailProvider({ apiKey: env.PLUNK_API_KEY, baseUrl: env.PLUNK_API_BASE, defaultFrom: env.EMAIL_FROM });
  if (env.SMTP_URL) return smtpEmailProvider({ url: env.SMTP_URL, defaultFrom: env.EMAIL_FROM });
  return outboxEmailProvider(db, { defaultFrom: env.EMAIL_FROM });
}
