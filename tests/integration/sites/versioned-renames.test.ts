import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubControl } from "../../../tools/notion-stub/control";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/**
 * A renamed page on a versioned docs site keeps its old address: the redirect is computed on the page tree the site
 * serves (first version at the root, the others under their label), not on the plain tree under the site's page.
 */

let s: SitesApp;
let versioned: string;

beforeAll(async () => {
  s = await startSitesApp(
    [
      {
        siteType: "docsv2",
        page: workspaceIndex.docsv2!,
        settings: { versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
      },
    ],
    { env: { REVALIDATE_SECONDS: "1" } },
  );
  [versioned] = s.hosts as [string];
  expect((await s.get(versioned, "/v1/events-v1")).status).toBe(200);
}, 240_000);
afterAll(() => s?.stop());

describe("versioned docs", () => {
  it("redirects a renamed page's old address within its version", async () => {
    const page = [...s.stub.store().records.block.values()].find((b) => JSON.stringify(b.properties ?? {}).includes("Events (v1)"))!;
    await new Promise((r) => setTimeout(r, 1100));
    await stubControl(s.stub.url).touch(page.id, "Events (v1, legacy)");
    // The visit after the edit starts the refresh; the new address answers once it is stored.
    await waitFor(async () => (await s.get(versioned, "/v1/events-v1")).status !== 500 && (await s.get(versioned, "/v1/events-v1-legacy")).status === 200);
    await waitFor(async () => (await s.get(versioned, "/v1/events-v1")).status === 301);
    expect((await s.get(versioned, "/v1/events-v1")).headers.location).toBe("/v1/events-v1-legacy");
    // No redirect was stored for a path of the unversioned tree, which this site never serves.
    expect((await s.get(versioned, "/api-v1/events-v1")).status).toBe(404);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out waiting for the condition");
}
