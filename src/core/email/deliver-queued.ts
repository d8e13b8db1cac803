import { and, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { postNotifications, roadmapNotifications } from "@/db/schema";

export const MAX_NOTIFICATION_ATTEMPTS = 5;
const BATCH = 200;

export type DeliveryResult = { sent: number; failed: number; cancelled: number };

/** A table of queued emails: rows go pending → sending → sent, or back to pending after a failure, or cancelled. */
export type NotificationTable = typeof postNotifications | typeof roadmapNotifications;

type QueuedRow = { id: string; attempts: number };

/**
 * Sends a site's queued emails of one kind. Each row is claimed (pending → sending) by one process before its email
 * goes out, so retries and concurrent syncs never mail anyone twice; a failed send goes back to pending for the next
 * check, up to MAX_NOTIFICATION_ATTEMPTS. Rows no longer eligible are cancelled. Stops when nothing is pending, or
 * after a failure (what is left waits for the next check instead of spinning).
 */
export async function deliverQueued<R extends QueuedRow>(
  db: Db,
  table: NotificationTable,
  queue: {
    /** The next pending rows of this site (attempts under the limit), with what sending needs, at most `limit`. */
    pending: (underAttempts: SQL, limit: number) => Promise<R[]>;
    eligible: (row: R) => boolean;
    send: (row: R) => Promise<void>;
  },
): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, failed: 0, cancelled: 0 };
  for (;;) {
    const batch = await queue.pending(lt(table.attempts, MAX_NOTIFICATION_ATTEMPTS), BATCH);
    if (!batch.length) return result;
    const cancel = batch.filter((n) => !queue.eligible(n)).map((n) => n.id);
    if (cancel.length) {
      await db.update(table).set({ status: "cancelled" }).where(and(inArray(table.id, cancel), eq(table.status, "pending")));
      result.cancelled += cancel.length;
    }
    let progressed = cancel.length > 0;
    for (const n of batch) {
      if (cancel.includes(n.id)) continue;
      const [claimed] = await db
        .update(table)
        .set({ status: "sending", attempts: n.attempts + 1 })
        .where(and(eq(table.id, n.id), eq(table.status, "pending")))
        .returning({ attempts: table.attempts });
      if (!claimed) continue; // another process has it
      progressed = true;
      try {
        await queue.send(n);
        await db.update(table).set({ status: "sent", sentAt: new Date(), lastError: null }).where(eq(table.id, n.id));
        result.sent += 1;
      } catch (err) {
        const finalTry = claimed.attempts >= MAX_NOTIFICATION_ATTEMPTS;
        await db
          .update(table)
          .set({ status: finalTry ? "failed" : "pending", lastError: err instanceof Error ? err.message.slice(0, 500) : String(err) })
          .where(eq(table.id, n.id));
        result.failed += 1;
      }
    }
    if (!progressed || result.failed > 0) return result;
  }
}
