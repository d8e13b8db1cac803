import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/db/client";
import { createNotionBudget, type NotionBudget } from "@/notion/budget/notion-budget";
import { withNotionPriority, withSharedNotionRequest, type NotionPriority } from "@/notion/budget/request-context";
import { createNotionGateway } from "@/notion/notion-gateway";
import { fetchWholePage } from "@/notion/fetch-page";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { RecordMapBuilder } from "../../helpers/notion-records";
import { openTestDatabase } from "../../helpers/test-db";
import { until } from "../../helpers/until";

/**
 * The cluster's Notion budget on a real database (both passes): one rate for every process on the database, the most
 * urgent request first, owners in turn, and a 429's cool-down held for everyone. Two budgets on one database stand for
 * two processes.
 */

let database: Database;
let stub: NotionStub;
let pageId: string;
const budgets: NotionBudget[] = [];
let bucketCounter = 0;

beforeAll(async () => {
  const ws = new RecordMapBuilder();
  pageId = ws.page("Budgeted", [{ type: "text", text: "Hello" }]);
  stub = await createNotionStub({ dataDir: ws.write() });
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  for (const b of budgets) await b.close();
  await stub?.close();
  await database?.close();
});

const budget = (requestsPerSecond: number, burst = 1) => {
  const b = createNotionBudget({ db: database.db, requestsPerSecond, burst, log: () => {} });
  budgets.push(b);
  return b;
};
/** A bucket of its own per test, so one test's tokens and pauses don't reach another. */
const freshBucket = () => `test-${++bucketCounter}-${Date.now()}`;

/** Queues one take at this priority for this owner and records when it was granted. */
function queueTake(b: NotionBudget, bucket: string, priority: NotionPriority, owner: string, order: string[], label = `${priority}:${owner}`) {
  return withNotionPriority(priority, owner, () => b.take(bucket)).then(() => void order.push(label));
}

describe("the Notion budget", () => {
  it("lets no more than its rate through, however many wait", async () => {
    const b = budget(10);
    const bucket = freshBucket();
    const started = Date.now();
    await Promise.all(Array.from({ length: 11 }, () => b.take(bucket)));
    // One token saved up, then ten more at 10 a second: at least a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(b.granted().reader).toBe(11);
  });

  it("shares one rate between two processes on the database", async () => {
    const a = budget(10);
    const b = budget(10);
    const bucket = freshBucket();
    const started = Date.now();
    await Promise.all([...Array.from({ length: 10 }, () => a.take(bucket)), ...Array.from({ length: 11 }, () => b.take(bucket))]);
    // 21 requests at 10 a second for the pair (one saved up): two seconds, not one as two separate budgets would allow.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_800);
  });

  it("serves an owner in the dashboard first, then webhooks, then readers, then sweeps", async () => {
    const b = budget(20);
    const bucket = freshBucket();
    // Hold the bucket so everything queues before the first grant.
    await b.pause(bucket, 300);
    const order: string[] = [];
    await Promise.all([
      queueTake(b, bucket, "sweep", "s", order),
      queueTake(b, bucket, "reader", "r", order),
      queueTake(b, bucket, "webhook", "w", order),
      queueTake(b, bucket, "owner", "o", order),
      queueTake(b, bucket, "reader", "r", order),
    ]);
    expect(order).toEqual(["owner:o", "webhook:w", "reader:r", "reader:r", "sweep:s"]);
  });

  it("takes owners in turn within a priority: one owner's many requests don't starve another's few", async () => {
    const b = budget(20);
    const bucket = freshBucket();
    await b.pause(bucket, 300);
    const order: string[] = [];
    const takes = Array.from({ length: 8 }, () => queueTake(b, bucket, "reader", "big", order, "big"));
    takes.push(queueTake(b, bucket, "reader", "small", order, "small"), queueTake(b, bucket, "reader", "small", order, "small"));
    await Promise.all(takes);
    // First come, first served would put "small" last; in turn, it goes second and fourth.
    expect(order.slice(0, 4)).toEqual(["big", "small", "big", "small"]);
  });

  it("counts an owner's turns per priority: their page check in the dashboard doesn't send their site's refresh to the back", async () => {
    const b = budget(20);
    const bucket = freshBucket();
    await b.pause(bucket, 300);
    const order: string[] = [];
    const takes = [queueTake(b, bucket, "reader", "o", order)];
    for (const owner of ["a", "b", "c"]) takes.push(queueTake(b, bucket, "reader", owner, order));
    takes.push(queueTake(b, bucket, "owner", "o", order));
    await Promise.all(takes);
    // With one count of turns for all priorities, "o"'s refresh would go last, after its own page check.
    expect(order).toEqual(["owner:o", "reader:o", "reader:a", "reader:b", "reader:c"]);
  });

  it("lets a piece of work under way finish before others' begin (a refresh's next request waits one turn, not a round)", async () => {
    const b = budget(20);
    const bucket = freshBucket();
    const order: string[] = [];
    await withNotionPriority("reader", "a", async () => {
      await b.take(bucket); // the refresh's first request went
      await b.pause(bucket, 300);
      const others = [queueTake(b, bucket, "reader", "b", order), queueTake(b, bucket, "reader", "c", order)];
      const mine = b.take(bucket).then(() => void order.push("reader:a"));
      await Promise.all([...others, mine]);
    });
    // In turn alone, "a" (who just had one) would go last.
    expect(order).toEqual(["reader:a", "reader:b", "reader:c"]);
  });

  it("lets a request made for many sites at once (edit times asked together) go first within its priority, at most once a second", async () => {
    const b = budget(10);
    const bucket = freshBucket();
    await b.pause(bucket, 300);
    const order: string[] = [];
    const takes = Array.from({ length: 12 }, (_, i) => queueTake(b, bucket, "reader", `owner${i}`, order, "owner"));
    const shared = () => withSharedNotionRequest("reader", () => b.take(bucket)).then(() => void order.push("shared"));
    takes.push(shared(), shared(), queueTake(b, bucket, "owner", "dashboard", order, "dashboard"));
    await Promise.all(takes);
    // The owner in the dashboard is still first; one shared request next; the other waits a second (10 grants at 10/s).
    expect(order.slice(0, 2)).toEqual(["dashboard", "shared"]);
    expect(order.indexOf("shared", 2)).toBeGreaterThanOrEqual(10);
  });

  it("across processes, a less urgent request waits while another process has an owner waiting", async () => {
    const a = budget(20);
    const b = budget(20);
    const bucket = freshBucket();
    await a.pause(bucket, 400);
    const order: string[] = [];
    const sweeps = Array.from({ length: 3 }, () => queueTake(b, bucket, "sweep", "bg", order, "b:sweep"));
    const owners = Array.from({ length: 3 }, () => queueTake(a, bucket, "owner", "o", order, "a:owner"));
    await Promise.all([...sweeps, ...owners]);
    expect(order).toEqual(["a:owner", "a:owner", "a:owner", "b:sweep", "b:sweep", "b:sweep"]);
  });

  it("a 429 holds the whole cluster for Notion's Retry-After, then the request goes through", async () => {
    const a = budget(1_000, 10);
    const b = budget(1_000, 10);
    const control = stubControl(stub.url);
    const gateway = createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 2_000, budget: a });
    await control.fault({ mode: "status", status: 429, retryAfter: 2, times: 1 });
    const fetched = fetchWholePage(gateway, pageId);
    // Once the 429 is in, another process's request to the same bucket waits out the same cool-down.
    await until(async () => ((await database.db.execute(pausedSql)) as unknown as { rows: { paused: boolean }[] }).rows[0]?.paused === true);
    const otherStarted = Date.now();
    await b.take("public");
    expect(Date.now() - otherStarted).toBeGreaterThanOrEqual(1_000);
    expect(Object.keys((await fetched).block)).toContain(pageId);
    await control.reset();
  });

  it("fails waiting requests when it closes, instead of leaving them hanging", async () => {
    const b = createNotionBudget({ db: database.db, requestsPerSecond: 1, burst: 1, log: () => {} });
    const bucket = freshBucket();
    await b.pause(bucket, 60_000);
    const waiting = b.take(bucket);
    await b.close();
    await expect(waiting).rejects.toThrow("shutting down");
  });
});

const pausedSql = sql`select paused_until > clock_timestamp() as paused from notion_budget_buckets where bucket = 'public'`;
