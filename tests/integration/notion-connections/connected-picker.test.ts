import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotionApiStub, type NotionApiStub } from "../../../tools/notion-api-stub/server";
import { inlineDatabaseWorkspace } from "../../helpers/inline-database-workspace";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startSitesApp, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";
import type { CookieJar } from "../../helpers/auth-client";

/**
 * The page picker's choices over the RPC (createNewSite takes exactly what the picker sends): every database the
 * connection lists makes the site type it fits, whether Notion shows it full-page or inline on a page, and a data
 * source's address is read as its database's. The stand-in serves the demo workspace with the blog inline.
 */

const BLOG_DATABASE = "d70f72ef-bcc2-419b-b64c-fbaa4409e1f3";
let api: NotionApiStub;
let s: SitesApp;
let url: string;
let owner: CookieJar;
let other: CookieJar;
let connectionId: string;

type Reply = Awaited<ReturnType<typeof rpc>>;
type Listed = { id: string; kind: "page" | "database"; title: string; url: string; topLevel: boolean };
const site = (jar: CookieJar, method: string, params: unknown) => rpc(url, jar, "site", method, params);
const result = <T>(reply: Reply): T => {
  if (reply.body.error) throw new Error(`${reply.body.error.message} (${reply.body.error.data?.code})`);
  return reply.body.result as T;
};
const hex = (id: string) => id.replace(/-/g, "");
/** A post's title: the site built from the database shows its rows (a site built from anything else can't). */
const firstPostTitle = () => {
  const source = dataSourceOf(BLOG_DATABASE);
  const row = [...api.workspace().pages.values()].find((p) => (p.parent as { data_source_id?: string }).data_source_id === source.id)!;
  const title = Object.values(row.properties as Record<string, { type: string; title?: { plain_text: string }[] }>).find((p) => p.type === "title")!;
  return title.title!.map((t) => t.plain_text).join("");
};
/** The site's home page shows the blog's posts once its first sync is done. */
const showsPosts = (siteUrl: string) => until(async () => (await s.get(new URL(siteUrl).host, "/")).body.includes(firstPostTitle()), 60_000);
const dataSourceOf = (databaseId: string) => [...api.workspace().dataSources.values()].find((d) => (d.parent as { database_id: string }).database_id === databaseId)!;

beforeAll(async () => {
  api = await createNotionApiStub({ dataDir: inlineDatabaseWorkspace("blog.json", BLOG_DATABASE) });
  s = await startSitesApp([], { env: { NOTION_OFFICIAL_API_BASE: api.url, NOTION_FILE_HOSTS: api.url, REVALIDATE_SECONDS: "3600" } });
  url = s.app.url;
  owner = await signedIn(url, "picker-owner@example.com");
  other = await signedIn(url, "picker-other@example.com");
  connectionId = result<{ connectionId: string }>(await site(owner, "addNotionIntegrationSecret", { secret: api.internalSecret })).connectionId;
}, 240_000);
afterAll(async () => {
  await s?.stop();
  await api?.close();
});

describe("the page picker's choices make sites", () => {
  it("a blog, a changelog and a roadmap from the databases it lists, the blog's database inline in Notion", { timeout: 240_000 }, async () => {
    const listed = result<Listed[]>(await site(owner, "listNotionConnectionPages", { connectionId }));
    const pick = (title: string) => listed.find((p) => p.kind === "database" && p.title === title)!;
    expect(api.workspace().databases.get(pick("Lumen Blog").id)?.is_inline).toBe(true);
    for (const [siteType, title, subdomain] of [
      ["blog", "Lumen Blog", "picked-blog"],
      ["changelog", "Lumen Changelog", "picked-changelog"],
      ["roadmap", "Lumen Roadmap", "picked-roadmap"],
    ] as const) {
      const chosen = pick(title);
      expect(chosen, title).toBeDefined();
      // What the picker sends: the listed item's address and the connection.
      const created = result<{ siteId: string; siteType: string; url: string }>(await site(owner, "createNewSite", { siteType, notionPageUrl: chosen.url, subdomain, connectionId }));
      expect(created.siteType).toBe(siteType);
      if (siteType === "blog") await showsPosts(created.url);
    }
  });

  it("an inline database's own link (as Notion's “Copy link” gives it) makes a blog", { timeout: 120_000 }, async () => {
    const view = [...api.workspace().views.values()].find((v) => (v.parent as { database_id: string }).database_id === BLOG_DATABASE)!;
    const link = `https://www.notion.so/lumen/${hex(BLOG_DATABASE)}?v=${hex(String(view.id))}&pvs=4`;
    const created = result<{ siteType: string; url: string }>(await site(owner, "createNewSite", { siteType: "blog", notionPageUrl: link, subdomain: "inline-link-blog", connectionId }));
    expect(created.siteType).toBe("blog");
    await showsPosts(created.url);
  });

  it("a data source's address makes the site from its database", { timeout: 120_000 }, async () => {
    const source = dataSourceOf(BLOG_DATABASE);
    expect(source.id).not.toBe(BLOG_DATABASE);
    const created = result<{ url: string }>(await site(owner, "createNewSite", { siteType: "blog", notionPageUrl: `https://www.notion.so/${hex(String(source.id))}`, subdomain: "source-blog", connectionId }));
    await showsPosts(created.url);
  });

  it("another owner can't use the connection, with the picker's address or a data source's", async () => {
    const source = dataSourceOf(BLOG_DATABASE);
    for (const notionPageUrl of [`https://www.notion.so/${hex(BLOG_DATABASE)}`, `https://www.notion.so/${hex(String(source.id))}`]) {
      const reply = await site(other, "createNewSite", { siteType: "blog", notionPageUrl, subdomain: "stolen-blog", connectionId });
      expect(reply.body.error?.data?.code).toBe("NOT_FOUND");
    }
  });
});
