import { notionHealth } from "@/notion/request-watch";
import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

/**
 * Liveness (ok, db: the database answers) and the watch on Notion: "degraded" with the failing endpoints
 * while a request to Notion keeps failing on Notion's side, or the canary page (NOTION_CANARY_PAGE) can't be read.
 * A degraded Notion doesn't fail the check: sites keep serving their last good pages.
 */
export async function GET() {
  const { database, notionWatch } = getRuntime();
  const requests = notionHealth();
  const canary = notionWatch.canary?.status() ?? null;
  const notion = {
    status: requests.status === "degraded" || canary?.ok === false ? ("degraded" as const) : ("ok" as const),
    failing: requests.failing,
    canary,
  };
  try {
    await database.ping();
    return Response.json({ ok: true, db: database.kind, notion }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ ok: false, db: database.kind, notion }, { status: 503, headers: { "cache-control": "no-store" } });
  }
}
