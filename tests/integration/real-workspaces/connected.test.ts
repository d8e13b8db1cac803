import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecordedNotionApiStub, type RecordedNotionApiStub } from "../../../tools/notion-api-stub/recorded";
import { hex, officialBlockTree, officialSets, OFFICIAL_DIR, REAL } from "../../fixtures/real/corpus";
import { expectedOfficialPage } from "../../fixtures/real/expectations";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, type SitesApp } from "../../helpers/sites";
import { walkSite } from "./publish";

/**
 * The contract test's connected path: every recorded official-API set (tests/fixtures/real/official) replayed
 * unchanged by the official stand-in's replay mode (tools/notion-api-stub/recorded.ts), each recorded page connected
 * with the set's own internal-integration secret and published on a simple site through the real app, then walked
 * and judged block by block against the recorded block tree (publish.ts, check-page.ts). Images are only checked to
 * be in the page: the recorded file URLs are Notion's S3 addresses, outside this machine.
 */

const publications = officialSets().flatMap((set) => set.pageIds.map((pageId) => ({ label: `${set.name} ${pageId.slice(0, 8)} as simple`, set, pageId })));

let replay: RecordedNotionApiStub;
let s: SitesApp;
/** Per publication: what connecting and syncing answered, when it did not succeed. */
const connectFailures = new Map<number, string>();

beforeAll(async () => {
  replay = await createRecordedNotionApiStub({ dir: OFFICIAL_DIR });
  // Seeded as public sites of the private corpus' workspace, then moved to a connection (as a user does).
  s = await startSitesApp(
    publications.map((p) => ({ siteType: "simple" as const, page: `https://www.notion.so/${hex(p.pageId)}` })),
    { workspaceDir: path.join(REAL, "private"), env: { NOTION_OFFICIAL_API_BASE: replay.url } },
  );
  for (const [i, p] of publications.entries()) {
    const jar = await signedIn(s.app.url, s.ownerEmails[i]!);
    const added = await rpc(s.app.url, jar, "site", "addNotionIntegrationSecret", { secret: replay.tokenOf(p.set.name) });
    const connectionId = (added.body.result as { connectionId?: string } | undefined)?.connectionId;
    if (!connectionId) {
      connectFailures.set(i, `addNotionIntegrationSecret: ${JSON.stringify(added.body).slice(0, 300)}`);
      continue;
    }
    const moved = await rpc(s.app.url, jar, "site", "updateSiteNotionSource", { siteId: s.siteIds[i], connectionId, notionPageUrl: `https://www.notion.so/${hex(p.pageId)}` });
    const sync = (moved.body.result as { sync?: { status?: string } } | undefined)?.sync;
    if (sync?.status !== "updated") connectFailures.set(i, `updateSiteNotionSource: ${JSON.stringify(moved.body).slice(0, 400)}`);
  }
}, 600_000);
afterAll(async () => {
  await s?.stop();
  await replay?.close();
});

describe("real official-API recordings on the connected path", () => {
  it("covers at least five recorded sets", () => {
    expect(new Set(publications.map((p) => p.set.name)).size).toBeGreaterThanOrEqual(5);
  });

  it.each(publications.map((p, i) => [p.label, i] as const))("%s", { timeout: 240_000 }, async (_label, i) => {
    const { set, pageId } = publications[i]!;
    expect(connectFailures.get(i) ?? null).toBeNull();
    const pageObject = set.interactions.find((it) => (it.response as { object?: string; id?: string })?.object === "page" && (it.response as { id: string }).id === pageId)!.response;
    const expected = expectedOfficialPage(pageObject as never, officialBlockTree(set, pageId));
    const report = await walkSite({
      appUrl: s.app.url,
      host: s.hosts[i]!,
      expectedFor: (pageHex) => (pageHex === hex(pageId) ? expected : null),
      tree: { publish: new Set([hex(pageId)]), leaveOut: new Set() },
      fetchableImage: () => false,
    });
    expect(report.failures).toEqual([]);
    // Every request our code made was one the recording answers.
    expect(replay.calls().notRecorded.filter((r) => r.includes(pageId))).toEqual([]);
  });
});
