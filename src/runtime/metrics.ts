import crypto from "node:crypto";
import type http from "node:http";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import { refreshQueueStats } from "@/core/refresh/refresh-queue-stats";
import { processCounters } from "@/lib/process-counters";
import { notionQueueLoad } from "@/notion/notion-gateway";
import { notionRequestStats } from "@/notion/request-watch";
import { reportError } from "@/integrations/error-reporting";
import type { Runtime } from "./index";

/**
 * The operator's view: Prometheus metrics of this process at /metrics on the app host, off unless
 * METRICS_TOKEN is set, then only for a scraper sending it as a bearer token. Everything is read when scraped
 * (counters kept where the work happens, the Notion request watch, one query for the refresh queue), so serving
 * metrics adds nothing to the page path.
 */
export function createMetrics(runtime: Pick<Runtime, "db" | "env" | "notionBudget">): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ role: runtime.env.PAGEWRIGHT_ROLE });
  // Memory (resident, heap), CPU, event-loop lag: prom-client's standard process metrics.
  collectDefaultMetrics({ register: registry });

  new Counter({
    name: "pagewright_http_requests_total",
    help: "Requests through the front door, by target (app host, a published site, an unknown host).",
    labelNames: ["target"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [target, n] of Object.entries(processCounters().requests)) this.inc({ target }, n);
    },
  });
  new Counter({
    name: "pagewright_page_cache_lookups_total",
    help: "Lookups in the site server's rendered-response cache.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(processCounters().pageCache.lookups);
    },
  });
  new Counter({
    name: "pagewright_page_cache_hits_total",
    help: "Lookups in the rendered-response cache answered without rendering.",
    registers: [registry],
    collect() {
      this.reset();
      const { lookups, renders } = processCounters().pageCache;
      this.inc(lookups - renders);
    },
  });
  new Counter({
    name: "pagewright_notion_requests_total",
    help: "Requests to Notion by API, endpoint and outcome (ok; refused: about one page or token, rate limits included; failed: Notion misbehaved).",
    labelNames: ["api", "endpoint", "outcome"],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of notionRequestStats()) {
        for (const outcome of ["ok", "refused", "failed"] as const) this.inc({ api: s.api, endpoint: s.endpoint, outcome }, s[outcome]);
      }
    },
  });
  new Gauge({
    name: "pagewright_notion_budget_in_use",
    help: "Notion requests of this process in flight (its budget's slots in use).",
    registers: [registry],
    collect() {
      this.set(notionQueueLoad().inFlight);
    },
  });
  new Gauge({
    name: "pagewright_notion_budget_slots",
    help: "Notion requests this process may have in flight at once.",
    registers: [registry],
    collect() {
      this.set(notionQueueLoad().slots);
    },
  });
  new Gauge({
    name: "pagewright_notion_requests_waiting",
    help: "Notion requests of this process waiting for a slot.",
    registers: [registry],
    collect() {
      this.set(notionQueueLoad().waiting);
    },
  });
  new Gauge({
    name: "pagewright_notion_budget_waiting",
    help: "Notion requests of this process waiting for the cluster's budget, by priority.",
    labelNames: ["priority"],
    registers: [registry],
    collect() {
      for (const [priority, n] of Object.entries(runtime.notionBudget.waiting())) this.set({ priority }, n);
    },
  });
  new Counter({
    name: "pagewright_notion_budget_granted_total",
    help: "Notion requests of this process the cluster's budget let through, by priority.",
    labelNames: ["priority"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [priority, n] of Object.entries(runtime.notionBudget.granted())) this.inc({ priority }, n);
    },
  });
  // The refresh queue is the database's, shared by every process: one query per scrape feeds both gauges.
  let queueStats: Promise<{ waiting: number; oldestWaitSeconds: number }> | null = null;
  const readQueue = () =>
    (queueStats ??= refreshQueueStats(runtime.db)
      .catch((err: unknown) => {
        reportError(err, { where: "metrics: refresh queue" });
        return { waiting: 0, oldestWaitSeconds: 0 };
      })
      .finally(() => setTimeout(() => (queueStats = null), 0)));
  new Gauge({
    name: "pagewright_refresh_queue_depth",
    help: "Site refreshes readers asked for that no worker has started (cluster-wide), by priority.",
    labelNames: ["priority"],
    registers: [registry],
    async collect() {
      this.set({ priority: "reader" }, (await readQueue()).waiting);
    },
  });
  new Gauge({
    name: "pagewright_refresh_lag_seconds",
    help: "How long the oldest waiting refresh has waited (cluster-wide), by priority.",
    labelNames: ["priority"],
    registers: [registry],
    async collect() {
      this.set({ priority: "reader" }, (await readQueue()).oldestWaitSeconds);
    },
  });
  return registry;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  const a = crypto.createHash("sha256").update(sent).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/** Answers GET /metrics: 404 while metrics are off, 401 without the right token, else the text format. */
export async function answerMetrics(registry: Registry | null, token: string | undefined, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (!registry || !token) {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
    res.end("Not found\n");
    return;
  }
  if (!tokenMatches(req.headers.authorization, token)) {
    res.writeHead(401, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "www-authenticate": 'Bearer realm="metrics"' });
    res.end("Metrics need the bearer token set as METRICS_TOKEN.\n");
    return;
  }
  const body = await registry.metrics();
  res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
  res.end(body);
}
