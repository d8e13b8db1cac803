import crypto from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { notionPages, notionWebhookEvents, notionWebhookExpectation, notionWebhookVerification, sites } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { openSecret, sealSecret } from "@/lib/secret-box";
import type { ContentService } from "@/notion/site-content";
import type { SiteEvents } from "@/core/sites/site-events";
import { withNotionPriority } from "@/notion/budget/request-context";
import { contentSiteOf } from "@/core/sites/content-site-of";
import { webhookTokenKey } from "./connection-deps";
import { VERIFICATION_ROW } from "./get-webhook-verification";

/**
 * Notion's webhooks (POST /api/webhooks/notion). The subscription's one-time verification request carries the token
 * that keys every later signature. It arrives unsigned, so it is taken only while the operator expects it
 * (expect-webhook-verification.ts): the first one in that window is stored (sealed) and logged for the operator, who
 * pastes it into the integration's settings; any other is ignored (an unsigned request must not choose the key).
 * The first event signed with it confirms it: only then do webhooks count as working.
 * Events must carry `X-Notion-Signature: sha256=<HMAC of the raw body>` (checked in constant time), are accepted
 * once per event id, and refresh at once every connected site that shows the page — by re-reading Notion's current
 * state for the pages named, never by trusting the payload's content.
 */

const verificationSchema = z.object({ verification_token: z.string().min(8).max(500) });
const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  entity: z.object({ id: z.string().min(1).max(100), type: z.string().max(50) }),
  data: z
    .object({ parent: z.object({ id: z.string().max(100), type: z.string().max(50), data_source_id: z.string().max(100).optional() }).partial().optional() })
    .passthrough()
    .optional(),
});

/**
 * Events that edit a page in place: a database row's copy among the query results can be patched without querying
 * again. Anything else (created, moved, deleted, undeleted, schema changes) re-reads the database's query.
 */
const ROW_EDITS = new Set(["page.content_updated", "page.properties_updated"]);

export type NotionWebhookDeps = {
  db: Db;
  authSecret: string;
  content: ContentService;
  siteEvents: SiteEvents;
  log: (message: string) => void;
};

export type NotionWebhookResult =
  | { kind: "verification"; stored: boolean }
  | { kind: "duplicate"; eventId: string }
  | { kind: "event"; eventId: string; sites: string[]; refreshed: Promise<unknown> };

const dashed = (id: string) => {
  const h = id.replace(/-/g, "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(h) ? `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}` : null;
};

export function notionSignatureOf(rawBody: string, verificationToken: string): string {
  return `sha256=${crypto.createHmac("sha256", verificationToken).update(rawBody).digest("hex")}`;
}

function signatureMatches(rawBody: string, header: string | null, verificationToken: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(notionSignatureOf(rawBody, verificationToken));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

async function storedVerification(deps: NotionWebhookDeps): Promise<{ token: string; confirmed: boolean } | null> {
  const [row] = await deps.db.select().from(notionWebhookVerification).where(eq(notionWebhookVerification.id, VERIFICATION_ROW)).limit(1);
  return row ? { token: openSecret(webhookTokenKey(deps.authSecret), row.verificationTokenSealed), confirmed: row.confirmedAt !== null } : null;
}

/** Takes a verification token if the operator expects one now; the window closes with the request it takes. */
async function takeExpectedVerification(deps: NotionWebhookDeps, token: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const closed = await tx
      .delete(notionWebhookExpectation)
      .where(and(eq(notionWebhookExpectation.id, VERIFICATION_ROW), gt(notionWebhookExpectation.until, new Date())))
      .returning({ id: notionWebhookExpectation.id });
    if (!closed.length) return false;
    const inserted = await tx
      .insert(notionWebhookVerification)
      .values({ id: VERIFICATION_ROW, verificationTokenSealed: sealSecret(webhookTokenKey(deps.authSecret), token) })
      .onConflictDoNothing()
      .returning({ id: notionWebhookVerification.id });
    return inserted.length > 0;
  });
}

export async function handleNotionWebhook(deps: NotionWebhookDeps, rawBody: string, signature: string | null): Promise<NotionWebhookResult> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError("VALIDATION", "The body is not JSON");
  }

  const verification = verificationSchema.safeParse(body);
  if (verification.success && !(body as { type?: unknown }).type) {
    const stored = await takeExpectedVerification(deps, verification.data.verification_token);
    if (stored) {
      // Shown once so the operator can paste it into the integration's Webhooks tab.
      deps.log(`[notion] webhook verification token received — paste it into your Notion integration's Webhooks settings: ${verification.data.verification_token}`);
    } else {
      deps.log("[notion] a webhook verification request arrived while none was expected; it was ignored (to verify a subscription, choose “Expect Notion's verification request” on /dashboard/admin first)");
    }
    return { kind: "verification", stored };
  }

  const stored = await storedVerification(deps);
  if (!stored || !signatureMatches(rawBody, signature, stored.token)) throw new AppError("UNAUTHORIZED", "Bad signature");
  if (!stored.confirmed) {
    // Signed with the stored token: Notion has the token, so webhooks reach us.
    await deps.db
      .update(notionWebhookVerification)
      .set({ confirmedAt: new Date() })
      .where(and(eq(notionWebhookVerification.id, VERIFICATION_ROW), isNull(notionWebhookVerification.confirmedAt)));
  }
  const event = eventSchema.safeParse(body);
  if (!event.success) throw new AppError("VALIDATION", "Not a Notion webhook event");
  const { id: eventId, type, entity, data } = event.data;

  const fresh = await deps.db
    .insert(notionWebhookEvents)
    .values({ eventId, eventType: type, entityId: entity.id })
    .onConflictDoNothing()
    .returning({ eventId: notionWebhookEvents.eventId });
  if (!fresh.length) return { kind: "duplicate", eventId };

  // The page itself and its parent (a new row's database, a new sub-page's parent page): whichever a site shows.
  const pageIds = [...new Set([entity.id, data?.parent?.id, data?.parent?.data_source_id].map((id) => (id ? dashed(id) : null)).filter((id): id is string => Boolean(id)))];
  if (!pageIds.length) return { kind: "event", eventId, sites: [], refreshed: Promise.resolve() };
  const containing = deps.db.select({ siteId: notionPages.siteId }).from(notionPages).where(inArray(notionPages.pageId, pageIds));
  const rows = await deps.db
    .select()
    .from(sites)
    .where(and(isNotNull(sites.notionConnectionId), or(inArray(sites.notionPageId, pageIds), inArray(sites.id, containing))));
  const refreshed = Promise.all(
    rows.map(async (site) => {
      // Notion told us of an edit: the budget serves it after owners waiting in the dashboard, before readers.
      const result = await withNotionPriority("webhook", site.ownerId, () =>
        deps.content.refresh(contentSiteOf(site), { changedPageIds: pageIds, rowEditsOnly: ROW_EDITS.has(type) }),
      );
      if (result.status === "updated") deps.siteEvents.emitSiteChanged(site.id);
      if (result.status === "failed") deps.log(`[notion] webhook refresh of site ${site.id} failed: ${result.message}`);
      return result;
    }),
  );
  return { kind: "event", eventId, sites: rows.map((r) => r.id), refreshed };
}
