import fs from "node:fs";
import path from "node:path";
import { createNotionApiStub } from "../tools/notion-api-stub/server";
import { notionApiStubControl } from "../tools/notion-api-stub/control";
import { RecordMapBuilder, notionUrl, type BodyBlock } from "../tests/helpers/notion-records";
import { rpc, signedIn } from "../tests/helpers/rpc-client";
import { startSitesApp } from "../tests/helpers/sites";
import type { BenchRow } from "./sync";

/**
 * A connected docs site of a real size — a database of ROWS pages holding BLOCKS blocks in all, read through the
 * official-API stand-in — created through the RPC as the dashboard does, once per Notion budget rate
 * (NOTION_REQUESTS_PER_SECOND: the default 3, and 10). Measured: how long createNewSite takes to answer (the page
 * check and the row; the goal is ≤ 3 s whatever the size), how long the first sync then runs in the background until
 * getSiteSyncState says it is over, the Notion requests it made, per block and per second against the budget's rate,
 * and how often a page's blocks were listed (once each is the goal).
 */

const ROWS = 29;
const BLOCKS = 1000;
const RATES = [3, 10];
const POLL_MS = 100;

function workspace() {
  const ws = new RecordMapBuilder();
  const perRow = Math.ceil(BLOCKS / ROWS);
  const body = (i: number): BodyBlock[] =>
    Array.from({ length: perRow }, (_, j) =>
      j % 12 === 0 ? { type: "header", text: `Section ${j} of guide ${i}` } : j % 5 === 0 ? { type: "bulleted_list", text: `Point ${j}` } : { type: "text", text: `Paragraph ${j} of guide ${i}.` },
    );
  const db = ws.database("Handbook", {
    viewType: "table",
    schema: { Name: "title", Summary: "text" },
    rows: Array.from({ length: ROWS }, (_, i) => ({ title: `Guide ${i + 1}`, props: { Summary: [[`About guide ${i + 1}`]] }, body: body(i + 1) })),
  });
  const dir = ws.write();
  // The stand-in's default secret shares the roots its index names.
  fs.writeFileSync(path.join(dir, "index.json"), JSON.stringify({ handbook: notionUrl("Handbook", db.pageId) }));
  return { dir, url: notionUrl("Handbook", db.pageId), blocks: perRow * ROWS, rowIds: db.rowIds };
}

export async function benchFirstSync(): Promise<BenchRow[]> {
  const { dir, url: notionPageUrl, blocks, rowIds } = workspace();
  const rows: BenchRow[] = [];
  for (const rate of RATES) {
    const api = await createNotionApiStub({ dataDir: dir });
    const control = notionApiStubControl(api.url);
    const s = await startSitesApp([], { workspaceDir: dir, env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, NOTION_REQUESTS_PER_SECOND: String(rate), REVALIDATE_SECONDS: "3600" } });
    try {
      const owner = await signedIn(s.app.url, `bench-first-sync-${rate}@example.com`);
      const call = async <T>(method: string, params: unknown): Promise<T> => {
        const reply = await rpc(s.app.url, owner, "site", method, params);
        if (reply.body.error) throw new Error(`${method}: ${reply.body.error.message}`);
        return reply.body.result as T;
      };
      const { connectionId } = await call<{ connectionId: string }>("addNotionIntegrationSecret", { secret: api.internalSecret });
      const before = await control.calls();
      const started = performance.now();
      const created = await call<{ siteId: string }>("createNewSite", { siteType: "docs", notionPageUrl, subdomain: `handbook-${rate}`, connectionId });
      const answeredMs = performance.now() - started;
      const checkCalls = (await control.calls()).total - before.total;
      let state: { firstSync: { state: string; pagesDone: number; pagesFound: number; error: string | null } | null };
      do {
        await new Promise((r) => setTimeout(r, POLL_MS));
        state = await call("getSiteSyncState", { siteId: created.siteId });
        if (state.firstSync?.state === "failed") throw new Error(`first sync failed: ${state.firstSync.error}`);
      } while (state.firstSync);
      const syncMs = performance.now() - started - answeredMs;
      const after = await control.calls();
      const requests = after.total - before.total;
      const listed = rowIds.map((id) => (after.byObject[id] ?? 0) - (before.byObject[id] ?? 0));
      rows.push({
        name: `docs, ${ROWS + 1} pages / ${blocks} blocks, ${rate} req/s`,
        "createNewSite ms": Math.round(answeredMs),
        "requests before answer": checkCalls,
        "first sync s": +(syncMs / 1000).toFixed(1),
        "Notion requests": requests,
        "requests / block": +(requests / blocks).toFixed(3),
        "req/s (budget)": `${(requests / ((answeredMs + syncMs) / 1000)).toFixed(2)} (${rate})`,
        "children lists": after.byEndpoint["blocks.children.list"]! - (before.byEndpoint["blocks.children.list"] ?? 0),
        "max requests / row": Math.max(...listed),
        "users.retrieve": (after.byEndpoint["users.retrieve"] ?? 0) - (before.byEndpoint["users.retrieve"] ?? 0),
      });
    } finally {
      await s.stop();
      await api.close();
    }
  }
  return rows;
}
