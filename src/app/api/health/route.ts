import { getRuntime } from "@/runtime";
import { healthOf } from "@/runtime/health";

export const dynamic = "force-dynamic";

/**
 * Liveness (ok, status: the database answers), what analytics hold for the database, and the watch on Notion:
 * "degraded" with the failing endpoints while a request to Notion keeps failing on Notion's side, or the canary page
 * (NOTION_CANARY_PAGE) can't be read. HTTP 200 either way (src/runtime/health.ts says why).
 */
export async function GET() {
  return Response.json(await healthOf(getRuntime()), { headers: { "cache-control": "no-store" } });
}
