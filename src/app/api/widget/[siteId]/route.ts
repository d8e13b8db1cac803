import { getRuntime } from "@/runtime";
import { getWidgetConfig } from "@/core/ai/get-widget-config";

export const dynamic = "force-dynamic";

/** The embeddable widget's settings, read by /widget.js on the owner's other sites: any origin may ask. */
export async function GET(_request: Request, { params }: { params: Promise<{ siteId: string }> }) {
  const { siteId } = await params;
  const { db, env } = getRuntime();
  const config = await getWidgetConfig({ db, billingEnabled: env.billingEnabled }, env.APPS_DOMAIN, siteId);
  return Response.json(config, {
    headers: { "access-control-allow-origin": "*", "cache-control": "public, max-age=60", "x-content-type-options": "nosniff" },
  });
}
