import crypto from "node:crypto";
import { z } from "zod";

/**
 * Webhook delivery as Notion does it for a subscription: a one-time verification request (`{verification_token}`,
 * unsigned) when the URL is set, then events signed with `X-Notion-Signature: sha256=<hex HMAC-SHA256 of the raw
 * body, keyed by the verification token>`. On request it aggregates events about the same entity, delivers each
 * event twice (same id, attempt_number 1 then 2), or holds events and delivers them newest first on flush.
 */

export const webhookSettingsSchema = z
  .object({
    url: z.string().url().nullable().optional(),
    /** Events of the same type about the same entity within this window become one (updated_blocks merged). */
    aggregateMs: z.number().int().min(0).max(60_000).optional(),
    /** Deliver every event twice with the same id. */
    duplicates: z.boolean().optional(),
    /** Hold events until POST /__stub/webhooks/flush, then deliver them newest first. */
    outOfOrder: z.boolean().optional(),
  })
  .strict();
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

export type WebhookEvent = {
  id: string;
  timestamp: string;
  workspace_id: string;
  workspace_name: string;
  subscription_id: string;
  integration_id: string;
  authors: { id: string; type: "person" | "bot" }[];
  attempt_number: number;
  api_version: "2025-09-03";
  type: string;
  entity: { id: string; type: string };
  data: Record<string, unknown>;
};

export type Delivery = {
  kind: "verification" | "event";
  eventId?: string;
  type?: string;
  attempt?: number;
  body: string;
  signature: string | null;
  status: number | null;
  error?: string;
  at: string;
};

export function signBody(body: string, verificationToken: string): string {
  return `sha256=${crypto.createHmac("sha256", verificationToken).update(body).digest("hex")}`;
}

export class WebhookSender {
  readonly subscriptionId = crypto.randomUUID();
  readonly verificationToken = `secret_${crypto.randomBytes(24).toString("base64url")}`;
  private settings: Required<Omit<WebhookSettings, "url">> & { url: string | null } = { url: null, aggregateMs: 0, duplicates: false, outOfOrder: false };
  private verificationSent = false;
  private pending = new Map<string, { event: WebhookEvent; timer: NodeJS.Timeout }>();
  private held: WebhookEvent[] = [];
  private chain: Promise<void> = Promise.resolve();
  deliveries: Delivery[] = [];

  constructor(url: string | null) {
    if (url) void this.configure({ url });
  }

  get url(): string | null {
    return this.settings.url;
  }

  /** Changes settings; a new URL gets the verification request at once (as creating a subscription does). */
  async configure(settings: WebhookSettings): Promise<void> {
    const urlChanged = settings.url !== undefined && settings.url !== this.settings.url;
    this.settings = {
      url: settings.url === undefined ? this.settings.url : settings.url,
      aggregateMs: settings.aggregateMs ?? this.settings.aggregateMs,
      duplicates: settings.duplicates ?? this.settings.duplicates,
      outOfOrder: settings.outOfOrder ?? this.settings.outOfOrder,
    };
    if (urlChanged) {
      this.verificationSent = false;
      if (this.settings.url) await this.sendVerification();
    }
  }

  /** Sends `{verification_token}` (again). */
  sendVerification(): Promise<void> {
    return this.enqueueDelivery(async () => {
      const status = await this.post({ kind: "verification" }, JSON.stringify({ verification_token: this.verificationToken }), null);
      if (status !== null && status >= 200 && status < 300) this.verificationSent = true;
    });
  }

  emit(event: WebhookEvent): void {
    if (!this.settings.url) return;
    if (this.settings.aggregateMs > 0) {
      const key = `${event.type}:${event.entity.id}`;
      const open = this.pending.get(key);
      if (open) {
        mergeInto(open.event, event);
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(key);
        this.release(event);
      }, this.settings.aggregateMs);
      this.pending.set(key, { event, timer });
      return;
    }
    this.release(event);
  }

  private release(event: WebhookEvent): void {
    if (this.settings.outOfOrder) this.held.push(event);
    else void this.deliver(event);
  }

  /** Delivers aggregated and held events now (held ones newest first); resolves when all were sent. */
  async flush(): Promise<void> {
    for (const [key, open] of this.pending) {
      clearTimeout(open.timer);
      this.pending.delete(key);
      this.release(open.event);
    }
    const held = this.held.reverse();
    this.held = [];
    for (const event of held) void this.deliver(event);
    await this.chain;
  }

  /** Resolves when every delivery queued so far has been attempted. */
  idle(): Promise<void> {
    return this.chain;
  }

  reset(): void {
    for (const open of this.pending.values()) clearTimeout(open.timer);
    this.pending.clear();
    this.held = [];
    this.deliveries = [];
    this.settings = { ...this.settings, aggregateMs: 0, duplicates: false, outOfOrder: false };
  }

  close(): void {
    for (const open of this.pending.values()) clearTimeout(open.timer);
    this.pending.clear();
  }

  private deliver(event: WebhookEvent): Promise<void> {
    return this.enqueueDelivery(async () => {
      if (!this.verificationSent && this.settings.url) {
        const status = await this.post({ kind: "verification" }, JSON.stringify({ verification_token: this.verificationToken }), null);
        if (status !== null && status >= 200 && status < 300) this.verificationSent = true;
      }
      const attempts = this.settings.duplicates ? [1, 2] : [1];
      for (const attempt of attempts) {
        const body = JSON.stringify({ ...event, attempt_number: attempt });
        await this.post({ kind: "event", eventId: event.id, type: event.type, attempt }, body, signBody(body, this.verificationToken));
      }
    });
  }

  private enqueueDelivery(work: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(work, work);
    return this.chain;
  }

  private async post(meta: Pick<Delivery, "kind" | "eventId" | "type" | "attempt">, body: string, signature: string | null): Promise<number | null> {
    const url = this.settings.url;
    if (!url) return null;
    const delivery: Delivery = { ...meta, body, signature, status: null, at: new Date().toISOString() };
    this.deliveries.push(delivery);
    try {
      const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "notion-api" };
      if (signature) headers["x-notion-signature"] = signature;
      const res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      delivery.status = res.status;
      return res.status;
    } catch (err) {
      delivery.error = (err as Error).message;
      return null;
    }
  }
}

/** Aggregation: one event stands for several edits of the same entity (the later timestamp, all updated blocks). */
function mergeInto(target: WebhookEvent, next: WebhookEvent): void {
  target.timestamp = next.timestamp;
  for (const field of ["updated_blocks", "updated_properties"] as const) {
    const a = target.data[field] as unknown[] | undefined;
    const b = next.data[field] as unknown[] | undefined;
    if (!a && !b) continue;
    const seen = new Set<string>();
    target.data[field] = [...(a ?? []), ...(b ?? [])].filter((item) => {
      const key = JSON.stringify(item);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
  const authors = new Map([...target.authors, ...next.authors].map((a) => [a.id, a]));
  target.authors = [...authors.values()];
}
