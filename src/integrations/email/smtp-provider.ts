import nodemailer from "nodemailer";
import type { EmailMessage, EmailProvider } from "./types";
import { EmailApiError, EMAIL_REQUEST_TIMEOUT_MS, parseSender } from "./plunk-client";

export type SmtpProviderOptions = {
  /** `smtp://user:pass@host:port` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start). */
  url: string;
  /** Default sender (EMAIL_FROM): `Name <address>` or a bare address; an SMTP server needs one. */
  defaultFrom?: string;
  timeoutMs?: number;
};

/**
 * Any mail server that speaks SMTP, through nodemailer: each email goes as a multipart/alternative message (the HTML
 * and its plain-text part), with the sender's name, reply-to and list headers as given. One pooled connection is kept
 * open, so a batch of list emails doesn't pay a handshake per reader. SMTP has no marketing events: `track` does nothing.
 */
export function smtpEmailProvider(options: SmtpProviderOptions): EmailProvider & { close(): void } {
  const timeoutMs = options.timeoutMs ?? EMAIL_REQUEST_TIMEOUT_MS * 5;
  const transport = nodemailer.createTransport(options.url, {
    pool: true,
    maxConnections: 2,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as never);
  const sender = parseSender(options.defaultFrom);
  return {
    kind: "smtp",
    async send(message: EmailMessage) {
      const address = message.from ?? sender.address;
      if (!address) throw new EmailApiError("EMAIL_FROM is needed to send through SMTP", null);
      const name = message.fromName ?? sender.name;
      try {
        await transport.sendMail({
          from: name ? { name, address } : address,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          headers: message.headers ?? {},
        });
      } catch (err) {
        const reply = err as { responseCode?: number; response?: string; message?: string };
        throw new EmailApiError(reply.response || reply.message || "The mail server refused the email", reply.responseCode ?? null, err);
      }
    },
    async track() {},
    close: () => transport.close(),
  };
}
