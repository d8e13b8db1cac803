import fs from "node:fs";
import path from "node:path";
import { createNotionApiStub } from "../tools/notion-api-stub/server";
import { notionApiStubControl } from "../tools/notion-api-stub/control";
import { stubControl } from "../tools/notion-stub/control";
import { rawRequest } from "../tests/helpers/raw-request";
import { rpc, signedIn } from "../tests/helpers/rpc-client";
import { pageIdOf, startSitesApp, WORKSPACE, workspaceIndex } from "../tests/helpers/sites";
import type { BenchRow } from "./sync";

/**
 * Edits made in Notion until they show on a site: the demo blog and docs, each published twice by one
 * production server, once from its public page (the public path: refreshed when a visit finds the snapshot older than
 * REVALIDATE_SECONDS) and once through a connection (the official API: refreshed by Notion's webhook, polling every
 * NOTION_WEBHOOK_POLL_SECONDS). EDITS edits of a page's title (a blog post; the docs' own page) per path through the
 * stand-ins' control APIs; a visitor reloads the site's home page every POLL_MS until the new title is there. Measured: the edit's webhook
 * delivery → visible (connected), the edit → visible (both), and Notion requests per edit (each stand-in's count).
 */

const EDITS = 50;
const POLL_MS = 20;
/** The public path's refresh interval for this run (the default is 10 s: edit → visible scales with it). */
const PUBLIC_REVALIDATE_SECONDS = 2;

/** A post of the demo blog (the two stand-ins share Notion's ids). */
function blogRowId(): string {
  const records = JSON.parse(fs.readFileSync(path.join(WORKSPACE, "blog.json"), "utf8")) as { block: Record<string, { value: { value: { parent_table?: string } } }> };
  const id = Object.keys(records.block).find((key) => records.block[key]!.value.value.parent_table === "collection");
  if (!id) throw new Error("the demo blog has no posts");
  return id;
}

/** The p-th percentile (nearest rank), rounded. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
};

async function visibleAt(url: string, host: string, text: string, timeoutMs: number): Promise<number> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const page = await rawRequest(`${url}/`, { host });
    if (page.body.includes(text)) return Date.now();
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`"${text}" did not show on ${host} within ${timeoutMs} ms`);
}

/** The page each pair's edits retitle: a blog post (a database row), the docs site's own page (a page tree). */
const PAIRS = [
  { name: "blog", siteType: "blog" as const, page: () => workspaceIndex.blog!, editedPageId: blogRowId },
  { name: "docs", siteType: "docs" as const, page: () => workspaceIndex.docs!, editedPageId: () => pageIdOf(workspaceIndex.docs!) },
];

export async function benchWebhooks(): Promise<BenchRow[]> {
  const api = await createNotionApiStub({ dataDir: WORKSPACE });
  const official = notionApiStubControl(api.url);
  // Each demo site twice: the public copy, then the one moved to a connection below.
  const s = await startSitesApp(
    PAIRS.flatMap((pair) => [
      { siteType: pair.siteType, page: pair.page() },
      { siteType: pair.siteType, page: pair.page() },
    ]),
    { env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, REVALIDATE_SECONDS: String(PUBLIC_REVALIDATE_SECONDS) } },
  );
  const publicStub = stubControl(s.stub.url);
  const url = s.app.url;
  const nonce = Math.random().toString(36).slice(2, 8);
  const rows: BenchRow[] = [];
  try {
    for (const [index, pair] of PAIRS.entries()) {
      const [publicHost, connectedHost] = [s.hosts[2 * index]!, s.hosts[2 * index + 1]!];
      const jar = await signedIn(url, s.ownerEmails[2 * index + 1]!);
      const secret = await official.createToken([pageIdOf(pair.page())]);
      const added = await rpc(url, jar, "site", "addNotionIntegrationSecret", { secret });
      const connectionId = (added.body.result as { connectionId?: string } | undefined)?.connectionId;
      if (!connectionId) throw new Error(`addNotionIntegrationSecret failed: ${added.text}`);
      const moved = await rpc(url, jar, "site", "updateSiteNotionSource", { siteId: s.siteIds[2 * index + 1], connectionId, notionPageUrl: pair.page() });
      if (moved.body.error) throw new Error(`updateSiteNotionSource failed: ${moved.text}`);
      await rawRequest(`${url}/`, { host: publicHost });
      await rawRequest(`${url}/`, { host: connectedHost });
    }
    // The stand-in's webhooks point at the server; its handshake comes first.
    await official.webhooks({ url: `${url}/api/webhooks/notion` });
    for (let i = 0; i < 100 && !(await official.deliveries()).deliveries.some((d) => d.kind === "verification" && d.status === 200); i++) await new Promise((r) => setTimeout(r, 50));

    for (const [index, pair] of PAIRS.entries()) {
      const [publicHost, connectedHost] = [s.hosts[2 * index]!, s.hosts[2 * index + 1]!];
      const pageId = pair.editedPageId();

      // Connected: an edit, its webhook, the page.
      const sinceWebhook: number[] = [];
      const connectedSinceEdit: number[] = [];
      const officialBefore = (await official.calls()).total;
      for (let i = 0; i < EDITS; i++) {
        const title = `Connected edit ${i} ${nonce}`;
        const deliveredBefore = (await official.deliveries()).deliveries.length;
        const editedAt = Date.now();
        await official.editPage(pageId, { title });
        const seenAt = await visibleAt(url, connectedHost, title, 30_000);
        const delivery = (await official.deliveries()).deliveries.slice(deliveredBefore).find((d) => d.kind === "event");
        if (!delivery) throw new Error("the edit sent no webhook");
        sinceWebhook.push(seenAt - Date.parse(delivery.at));
        connectedSinceEdit.push(seenAt - editedAt);
      }
      const officialRequests = (await official.calls()).total - officialBefore;

      // Public: an edit, then the page as visitors see it, refreshed when their visit finds it stale.
      const publicSinceEdit: number[] = [];
      const publicBefore = (await publicStub.calls()).total;
      for (let i = 0; i < EDITS; i++) {
        const title = `Public edit ${i} ${nonce}`;
        const editedAt = Date.now();
        await publicStub.touch(pageId, title);
        publicSinceEdit.push((await visibleAt(url, publicHost, title, 60_000)) - editedAt);
      }
      const publicRequests = (await publicStub.calls()).total - publicBefore;

      rows.push(
        {
          name: `${pair.name}, connected: webhooks`,
          edits: EDITS,
          "webhook → visible p50 ms": percentile(sinceWebhook, 50),
          "webhook → visible p95 ms": percentile(sinceWebhook, 95),
          "edit → visible p50 ms": percentile(connectedSinceEdit, 50),
          "edit → visible p95 ms": percentile(connectedSinceEdit, 95),
          "Notion requests per edit": +(officialRequests / EDITS).toFixed(1),
        },
        {
          name: `${pair.name}, public: poll on visit (REVALIDATE_SECONDS=${PUBLIC_REVALIDATE_SECONDS})`,
          edits: EDITS,
          "webhook → visible p50 ms": "-",
          "webhook → visible p95 ms": "-",
          "edit → visible p50 ms": percentile(publicSinceEdit, 50),
          "edit → visible p95 ms": percentile(publicSinceEdit, 95),
          "Notion requests per edit": +(publicRequests / EDITS).toFixed(1),
        },
      );
    }
    return rows;
  } finally {
    await s.stop();
    await api.close();
  }
}
