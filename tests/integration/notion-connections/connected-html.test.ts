import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { notionApiStubControl } from "../../../tools/notion-api-stub/control";
import { rawRequest } from "../../helpers/raw-request";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, WORKSPACE, workspaceIndex, pageIdOf, type SiteSeed, type SitesApp } from "../../helpers/sites";

/**
 * The connected path renders the same HTML as the public path (issue 22), page by page, for every demo site type:
 * each demo site is published twice in one server — once from the public page (notion-client against the
 * private-API stand-in), once through a connection (the official SDK against the official-API stand-in) — and
 * every page of the public copy's sitemap is fetched from both.
 *
 * What is normalised before comparing, and why (everything else must be byte for byte the same):
 * - the site's address: the two copies are two sites, so their hosts (in canonical URLs, sitemap entries, feeds)
 *   differ;
 * - the image route's `src=` parameter: the public path keeps Notion's `attachment:<id>:<name>`, the connected one
 *   a stable URL of the file without signature; both name the same block (`/_/img/<blockId>`) and file, so the
 *   parameter is reduced to the file's name;
 * - bookmark cards' title and description: the official API gives a bookmark's URL and caption only, so the
 *   connected card shows the URL as its title and no description (see compare.test.ts for the record maps);
 * - media sizes: the official API doesn't carry an image's or a video's size (the public path's `block_width`,
 *   `block_height`), so the connected one is as wide as the column (`width:100%`) with no set height;
 * - a page's font, small text and full width (`page-font-serif`, `page-small-text`, `page-full-width` and
 *   react-notion-x's `notion-small-text`, `notion-full-width` and font classes): Notion's API doesn't expose these page
 *   settings, so connected pages use the site's font, size and width;
 * - the order of a database row's properties above its page: Notion's API gives a data source's properties without the
 *   order Notion shows them on a row's page (the public path's `collection_page_properties`), so the two lists are
 *   compared as sets of the same entries.
 *
 * No known gaps left: sub-pages' icons where their parent lists them (copied from each sub-page's own record,
 * fetch-site-content.ts) and gallery covers (Notion's view configuration `cover`) are compared as they are.
 */

const SEEDS: (SiteSeed & { name: string })[] = [
  { name: "blog", siteType: "blog", page: workspaceIndex.blog! },
  { name: "changelog", siteType: "changelog", page: workspaceIndex.changelog! },
  { name: "roadmap", siteType: "roadmap", page: workspaceIndex.roadmap! },
  { name: "docs", siteType: "docs", page: workspaceIndex.docs! },
  {
    name: "docsv2",
    siteType: "docsv2",
    page: workspaceIndex.docsv2!,
    settings: { versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] },
  },
  { name: "help_desk", siteType: "help_desk", page: workspaceIndex.help_desk! },
  { name: "simple", siteType: "simple", page: workspaceIndex.simple! },
  { name: "showcase", siteType: "simple", page: workspaceIndex.showcase! },
];

let api: NotionApiStub;
let s: SitesApp;
let url: string;
/** Per demo site: the public copy's host and the connected copy's. */
const pairs = new Map<string, { publicHost: string; connectedHost: string }>();

const roots = [...SEEDS.map((seed) => pageIdOf(seed.page)), pageIdOf(workspaceIndex.docsv2Versions.v2), pageIdOf(workspaceIndex.docsv2Versions.v1)];

beforeAll(async () => {
  api = await createNotionApiStub({ dataDir: WORKSPACE });
  const control = notionApiStubControl(api.url);
  // Each demo site twice: the first copy stays public, the second moves to a connection below.
  s = await startSitesApp([...SEEDS, ...SEEDS], { env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, REVALIDATE_SECONDS: "3600" } });
  url = s.app.url;
  await Promise.all(
    SEEDS.map(async (seed, i) => {
      const connected = i + SEEDS.length;
      const jar = await signedIn(url, s.ownerEmails[connected]!);
      // A token per site: each connection has its own request queue, so the copies read in parallel.
      const token = await control.createToken(roots);
      const added = await rpc(url, jar, "site", "addNotionIntegrationSecret", { secret: token });
      const connectionId = (added.body.result as { connectionId: string }).connectionId;
      const moved = await rpc(url, jar, "site", "updateSiteNotionSource", { siteId: s.siteIds[connected], connectionId, notionPageUrl: seed.page });
      expect(moved.body.result, JSON.stringify(moved.body)).toMatchObject({ connectionId, sync: { status: "updated" } });
      pairs.set(seed.name, { publicHost: s.hosts[i]!, connectedHost: s.hosts[connected]! });
    }),
  );
}, 600_000);
afterAll(async () => {
  await s?.stop();
  await api?.close();
});

function normalise(html: string, host: string): string {
  return html
    .replaceAll(host, "SITE_HOST")
    // A social card's version is a hash of what it shows, picture addresses included, which differ by path as above.
    .replace(/(\/_\/card[^"?]*\.png\?v=)[A-Za-z0-9_-]+/g, "$1KEY")
    .replace(/(\/_\/img\/[0-9a-f-]+\?src=)([^&"]+)/g, (_m, start: string, src: string) => `${start}${fileName(decodeURIComponent(src.replaceAll("&amp;", "&")))}`)
    // A mention of a page published nowhere: the public path links it to notion.so, where anyone can read it; a
    // connected site's page is private there, so the mention is its title alone (a link would ask readers to sign in).
    .replace(/<a class="notion-link" href="https:\/\/www\.notion\.so\/[0-9a-f]{32}" rel="noopener noreferrer">(.*?)<\/a>/g, '<span class="notion-link">$1</span>')
    .replace(/<div class="notion-bookmark-title">[^<]*<\/div>/g, "")
    .replace(/<div class="notion-bookmark-description">[^<]*<\/div>/g, "")
    .replace(/align-self:center;width:\d+px;max-width:100%/g, "align-self:center;width:100%;max-width:100%")
    .replace(/(align-self:center;width:100%;max-width:100%;flex-direction:column);height:\d+px/g, "$1")
    .replace(/ page-font-[a-z]+| page-small-text| page-full-width| notion-small-text| notion-full-width| notion-(?:serif|mono)/g, "")
    .replace(/(<dl class="row-properties">)(.*?)(<\/dl>)/gs, (_m, open: string, inner: string, close: string) => {
      const entries = inner.match(/<div class="row-property">.*?<\/dd><\/div>/gs) ?? [inner];
      return open + [...entries].sort().join("") + close;
    });
}

const fileName = (source: string) =>
  source.startsWith("attachment:") ? source.split(":").slice(2).join(":") : decodeURIComponent(source.split("?")[0]!.split("/").at(-1) ?? "");

async function pathsOf(host: string): Promise<string[]> {
  const sitemap = await rawRequest(`${url}/sitemap.xml`, { host });
  expect(sitemap.status).toBe(200);
  return [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).sort();
}

describe("the connected path renders the public path's HTML", () => {
  it.each(SEEDS.map((seed) => seed.name))("%s: the same pages, page by page", { timeout: 300_000 }, async (name) => {
    const { publicHost, connectedHost } = pairs.get(name)!;
    const paths = await pathsOf(publicHost);
    expect(paths.length).toBeGreaterThan(0);
    expect(await pathsOf(connectedHost)).toEqual(paths);
    for (const path of paths) {
      const [viaPublic, viaConnected] = await Promise.all([rawRequest(`${url}${path}`, { host: publicHost }), rawRequest(`${url}${path}`, { host: connectedHost })]);
      expect(viaPublic.status, path).toBe(200);
      expect(viaConnected.status, path).toBe(200);
      const [a, b] = [normalise(viaPublic.body, publicHost), normalise(viaConnected.body, connectedHost)];
      // Where they first differ, with some context (the whole page would drown the report).
      let at = 0;
      while (at < a.length && a.charCodeAt(at) === b.charCodeAt(at)) at++;
      const firstDifference = a === b ? null : { public: a.slice(Math.max(0, at - 60), at + 140), connected: b.slice(Math.max(0, at - 60), at + 140) };
      expect(firstDifference, `${name} ${path}`).toBeNull();
    }
  });
});
