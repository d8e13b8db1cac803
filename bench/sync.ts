import { createNotionGateway } from "@/notion/notion-gateway";
import { createContentService } from "@/notion/site-content";
import { createNotionStub } from "../tools/notion-stub/server";
import { stubControl } from "../tools/notion-stub/control";
import { BLOG_SCHEMA, RecordMapBuilder, blogRows } from "../tests/helpers/notion-records";
import { insertSite, openTestDatabase } from "../tests/helpers/test-db";

export type BenchRow = { name: string; [column: string]: string | number };

/**
 * Sync: a 200-post blog from the Notion stand-in — cold sync, warm refresh with nothing changed, and a refresh
 * after one post was edited — with Notion calls and wall time, at 0 ms and 20 ms of simulated Notion latency.
 */
export async function benchSync(): Promise<BenchRow[]> {
  const ws = new RecordMapBuilder();
  const blog = ws.database("Bench blog", { viewType: "table", schema: BLOG_SCHEMA, rows: blogRows(200) });
  const stub = await createNotionStub({ dataDir: ws.write() });
  const control = stubControl(stub.url);
  const database = await openTestDatabase();
  const rows: BenchRow[] = [];
  try {
    for (const latencyMs of [0, 20]) {
      const { site } = await insertSite(database, "blog", blog.pageId);
      const content = createContentService({ db: database.db, gateway: createNotionGateway({ apiBaseUrl: stub.apiBaseUrl }), revalidateMs: 60_000 });
      const ref = { id: site.id, siteType: "blog" as const, notionPageId: blog.pageId, settings: { versions: [] } };
      const measure = async (name: string) => {
        await control.reset();
        if (latencyMs) await control.fault({ mode: "latency", latencyMs, times: 100_000 });
        const started = performance.now();
        const result = await content.refresh(ref);
        const ms = performance.now() - started;
        const calls = await control.calls();
        if (result.status === "failed" || result.status === "leased") throw new Error(`${name}: ${result.status}`);
        return { name: `${name} (Notion +${latencyMs} ms)`, ms, calls: calls.total, fetched: result.fetched, inFlight: calls.maxInFlight };
      };
      const cold = await measure("cold sync, 200 posts");
      const warm = await measure("warm refresh, unchanged");
      // A reset reloads the stand-in's data, so the edit comes after it.
      await control.reset();
      await control.touch(blog.rowIds[100]!, "Edited post");
      const started = performance.now();
      if (latencyMs) await control.fault({ mode: "latency", latencyMs, times: 100_000 });
      const edited = await content.refresh(ref);
      const editedMs = performance.now() - started;
      const editedCalls = await control.calls();
      for (const r of [cold, warm]) {
        rows.push({ name: r.name, "wall ms": Math.round(r.ms), "Notion calls": r.calls, "pages fetched": r.fetched, "max in flight": r.inFlight, "× cold": +(r.ms / cold.ms).toFixed(3) });
      }
      rows.push({
        name: `refresh, 1 post edited (Notion +${latencyMs} ms)`,
        "wall ms": Math.round(editedMs),
        "Notion calls": editedCalls.total,
        "pages fetched": edited.status === "updated" ? edited.fetched : 0,
        "max in flight": editedCalls.maxInFlight,
        "× cold": +(editedMs / cold.ms).toFixed(3),
      });
    }
  } finally {
    await stub.close();
    await database.close();
  }
  return rows;
}
