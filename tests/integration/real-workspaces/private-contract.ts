import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { privateStore, type PrivateWorkspace } from "../../fixtures/real/corpus";
import { startSitesApp, type SitesApp } from "../../helpers/sites";
import { isNotionUpload, privateExpectations, publicationsOf, treeOf, walkSite, type SiteReport } from "./publish";

/**
 * The contract test's public path for one recorded workspace: every recorded page published on every site type it
 * fits (publish.ts), in one app against the private-API stand-in serving the recordings unchanged, each site walked
 * and judged block by block against the recording.
 */
export function describePrivateWorkspace(workspace: PrivateWorkspace): void {
  const publications = publicationsOf(workspace);
  const store = privateStore(workspace.dir);
  const expectedFor = privateExpectations(store);
  let s: SitesApp;

  beforeAll(async () => {
    s = await startSitesApp(
      publications.map((p) => ({ siteType: p.siteType, page: `https://www.notion.so/${p.pageId.replace(/-/g, "")}` })),
      { workspaceDir: workspace.dir },
    );
  }, 600_000);
  afterAll(() => s?.stop());

  describe(`real workspace "${workspace.name}" on the public path`, () => {
    it.each(publications.map((p, i) => [p.label, i] as const))("%s", { timeout: 240_000 }, async (_label, i) => {
      const publication = publications[i]!;
      const report: SiteReport = await walkSite({
        appUrl: s.app.url,
        host: s.hosts[i]!,
        expectedFor,
        tree: treeOf(store, publication.pageId),
        fetchableImage: isNotionUpload,
      });
      expect(report.failures).toEqual([]);
      expect(report.pages).toBeGreaterThan(0);
    });
  });
}
