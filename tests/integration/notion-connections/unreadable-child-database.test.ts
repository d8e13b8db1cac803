import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { fetchWithJar } from "../../helpers/auth-client";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, WORKSPACE, workspaceIndex, pageIdOf, type SitesApp } from "../../helpers/sites";

/**
 * A connected page with one child database the connection may not read (removed from the connection in Notion: the
 * official API answers 404 object_not_found for it) is published without that database, and the site's screen lists
 * it, rather than the whole page being refused as "not shared with this connection".
 */

const SHOWCASE = pageIdOf(workspaceIndex.showcase!);
/** The showcase page's inline databases: "Customer stories" (withheld below) and "Team calendar". */
const WITHHELD_DATABASE = "3735ce31-b66b-49f3-87cf-d64ead4f3d33";

let api: NotionApiStub;
let s: SitesApp;
let sync: unknown;

beforeAll(async () => {
  api = await createNotionApiStub({ dataDir: WORKSPACE });
  const control = notionApiStubControl(api.url);
  s = await startSitesApp([{ siteType: "simple", page: workspaceIndex.showcase! }], { env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, REVALIDATE_SECONDS: "3600" } });
  const token = await control.createToken([SHOWCASE]);
  await control.unshare(token, WITHHELD_DATABASE);
  const jar = await signedIn(s.app.url, s.ownerEmails[0]!);
  const added = await rpc(s.app.url, jar, "site", "addNotionIntegrationSecret", { secret: token });
  const connectionId = (added.body.result as { connectionId: string }).connectionId;
  const moved = await rpc(s.app.url, jar, "site", "updateSiteNotionSource", { siteId: s.siteIds[0], connectionId, notionPageUrl: workspaceIndex.showcase });
  sync = moved.body;
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await api?.close();
});

describe("a connected page with an unreadable child database", () => {
  it("is published without that database, the rest of the page as it is", async () => {
    expect(sync).toMatchObject({ result: { sync: { status: "updated" } } });
    const home = await s.get(s.hosts[0]!, "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("Team calendar");
    expect(home.body).not.toContain("Customer stories");
  });

  it("is listed on the site's screen as a skipped database", async () => {
    const jar = await signedIn(s.app.url, s.ownerEmails[0]!);
    const html = (await (await fetchWithJar(jar, `${s.app.url}/dashboard/sites/${s.siteIds[0]}`)).text()).replace(/\\"/g, '"');
    const at = html.indexOf('"skippedPages":[');
    expect(at).toBeGreaterThan(-1);
    const listed = JSON.parse(html.slice(at + '"skippedPages":'.length, html.indexOf("]", at) + 1)) as { id: string; title: string; kind: string }[];
    expect(listed).toEqual([expect.objectContaining({ id: WITHHELD_DATABASE, title: "Customer stories", kind: "database" })]);
  });
});
