import { AppError } from "@/lib/errors";
import type { EmailMessage, EmailProvider, TrackEvent } from "./types";

/** Plunk's hosted API; self-hosted Plunk (or the stand-in) via PLUNK_API_BASE. */
export const PLUNK_DEFAULT_API_BASE = "https://api.useplunk.com";
/** docs/product.md §9: timed requests abort after the default time-out. */
export const EMAIL_REQUEST_TIMEOUT_MS = 2000;

/** 401 from the provider: the key is wrong. Carries the provider's own message (docs/product.md §8). */
export class EmailTokenError extends AppError {
  constructor(message: string) {
    super("UPSTREAM", message);
    this.name = "TokenError";
  }
}

/** 404 from the provider. */
export class EmailNotFoundError extends AppError {
  constructor(message: string) {
    super("UPSTREAM", message);
    this.name = "NotFoundError";
  }
}

/** Any other failure: the provider's message, or 'Unknown API Error'. Time-outs and network errors too. */
export class EmailApiError extends AppError {
  readonly httpStatus: number | null;
  constructor(message: string, httpStatus: number | null, cause?: unknown) {
    super("UPSTREAM", message, { cause });
    this.name = "EmailApiError";
    this.httpStatus = httpStatus;
  }
}

export const UNKNOWN_API_ERROR = "Unknown API Error";

export type PlunkClientOptions = {
  apiKey: string;
  baseUrl?: string;
  /** Default sender (EMAIL_FROM): `Name <address>` or a bare address. */
  defaultFrom?: string;
  timeoutMs?: number;
};

/** Splits `Name <address>` into its parts; a bare address has no name. */
export function parseSender(value: string | undefined): { name?: string; address?: string } {
  if (!value) return {};
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  if (match) return { name: match[1]?.replace(/^"|"$/g, "") || undefined, address: match[2] };
  return { address: value.trim() };
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === "object") {
    const m = (body as { message?: unknown; error?: unknown }).message ?? (body as { error?: unknown }).error;
    if (typeof m === "string" && m.trim()) return m;
  }
  if (typeof body === "string" && body.trim()) return body.trim().slice(0, 500);
  return undefined;
}

/**
 * The Plunk wire format (docs/product.md §7): `POST {base}/v1/send` and `/v1/track` with a bearer key; the response is read as
 * text and parsed as JSON when possible. Errors map as docs/product.md §8 says: 401 → token error with the server's message,
 * 404 → not-found error, other non-OK → the server's message or 'Unknown API Error'.
 */
export function createPlunkClient(options: PlunkClientOptions) {
  const base = (options.baseUrl ?? PLUNK_DEFAULT_API_BASE).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? EMAIL_REQUEST_TIMEOUT_MS;
  const sender = parseSender(options.defaultFrom);

  async function call(path: "/v1/send" | "/v1/track", payload: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new EmailApiError(timedOut ? `The email provider did not answer within ${timeoutMs} ms` : "Could not reach the email provider", null, err);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new EmailApiError("The email provider's answer was cut off", res.status, err);
    }
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    if (res.status === 401) throw new EmailTokenError(messageOf(body) ?? "Invalid API key");
    if (res.status === 404) throw new EmailNotFoundError(messageOf(body) ?? "Not found");
    if (!res.ok) throw new EmailApiError(messageOf(body) ?? UNKNOWN_API_ERROR, res.status);
    return body;
  }

  return {
    /** `POST /v1/send` `{to, subject, body, name?, from?, reply?, headers?}`; `text` rides along (see docs/email.md). */
    send(message: EmailMessage): Promise<unknown> {
      const from = message.from ?? sender.address;
      const name = message.fromName ?? sender.name;
      return call("/v1/send", {
        to: message.to,
        subject: message.subject,
        body: message.html,
        text: message.text,
        ...(name ? { name } : {}),
        ...(from ? { from } : {}),
        ...(message.replyTo ? { reply: message.replyTo } : {}),
        ...(message.headers && Object.keys(message.headers).length ? { headers: message.headers } : {}),
      });
    },
    /** `POST /v1/track` `{event, email, subscribed?, data?}`. */
    track(event: TrackEvent): Promise<unknown> {
      return call("/v1/track", {
        event: event.event,
        email: event.email,
        ...(event.subscribed !== undefined ? { subscribed: event.subscribed } : {}),
        ...(event.data ? { data: event.data } : {}),
      });
    },
  };
}

export function plunkEmailProvider(options: PlunkClientOptions): EmailProvider {
  const client = createPlunkClient(options);
  return {
    kind: "plunk",
    send: async (message) => {
      await client.send(message);
    },
    track: async (event) => {
      await client.track(event);
    },
  };
}
