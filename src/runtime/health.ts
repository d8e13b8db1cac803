import { notionHealth } from "@/notion/request-watch";
import type { Runtime } from "./index";

export type Health = {
  /** The database answers. */
  ok: boolean;
  /** "degraded" while the database does not answer: published pages are served from what the process holds. */
  status: "ok" | "degraded";
  db: Runtime["database"]["kind"];
  /** Page views and other site events held after a failed write, to be written once the database answers. */
  analytics: { waiting: number };
  notion: { status: "ok" | "degraded"; failing: ReturnType<typeof notionHealth>["failing"]; canary: unknown };
};

/**
 * What `GET /api/health` answers, on every role. It is HTTP 200 even while the database is gone: the process still
 * serves every published page it holds, so a load balancer's health check must not take it out of rotation; `ok` and
 * `status` say the database is unavailable, `analytics.waiting` what is held meanwhile. A degraded Notion doesn't
 * degrade the status either: sites keep their last good pages.
 */
export async function healthOf(runtime: Pick<Runtime, "database" | "analytics" | "notionWatch">): Promise<Health> {
  const requests = notionHealth();
  const canary = runtime.notionWatch.canary?.status() ?? null;
  const notion = {
    status: requests.status === "degraded" || canary?.ok === false ? ("degraded" as const) : ("ok" as const),
    failing: requests.failing,
    canary,
  };
  const ok = await runtime.database.ping().then(
    () => true,
    () => false,
  );
  return { ok, status: ok ? "ok" : "degraded", db: runtime.database.kind, analytics: { waiting: runtime.analytics.waiting() }, notion };
}
