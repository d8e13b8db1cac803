import type { Db } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import type { EmailMessage, EmailProvider, TrackEvent } from "./types";

const LINK = /https?:\/\/[^\s<>"')]+/g;

/**
 * The development sink when no PLUNK_API_KEY is set: every email (and tracked event) becomes a row in
 * `email_outbox` and one log line — with the links in it, so a magic link or a confirmation link can be followed
 * from the terminal while the server holds the PGlite directory.
 */
export function outboxEmailProvider(db: Db, opts: { defaultFrom?: string; log?: (line: string) => void } = {}): EmailProvider {
  const log = opts.log ?? ((line: string) => console.log(line));
  return {
    kind: "outbox",
    async send(message: EmailMessage) {
      await db.insert(emailOutbox).values({
        kind: "send",
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        meta: {
          from: message.from ?? opts.defaultFrom ?? null,
          fromName: message.fromName ?? null,
          replyTo: message.replyTo ?? null,
          headers: message.headers ?? {},
        },
      });
      const links = [...new Set(message.text.match(LINK) ?? [])];
      log(`[email] outbox (no PLUNK_API_KEY): to=${message.to} subject=${JSON.stringify(message.subject)}${links.length ? ` links: ${links.join(" ")}` : ""}`);
    },
    async track(event: TrackEvent) {
      await db.insert(emailOutbox).values({
        kind: "track",
        to: event.email,
        subject: event.event,
        meta: { subscribed: event.subscribed ?? null, data: event.data ?? {} },
      });
      log(`[email] outbox (no PLUNK_API_KEY): track ${JSON.stringify(event.event)} for ${event.email}`);
    },
  };
}
