import { getRuntime } from "@/runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  const { database } = getRuntime();
  try {
    await database.ping();
    return Response.json({ ok: true, db: database.kind }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ ok: false, db: database.kind }, { status: 503, headers: { "cache-control": "no-store" } });
  }
}
