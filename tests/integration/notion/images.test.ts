import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { openDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { createLocalDiskStorage } from "@/integrations/storage/local-disk";
import { createS3Storage } from "@/integrations/storage/s3";
import { checkFileUrl, isNotionFileHost, isPublicAddress } from "@/notion/images/fetch-file";
import { getSiteImage, siteImagePath } from "@/notion/images/site-image";
import { createNotionGateway } from "@/notion/notion-gateway";
import { createContentService, type SiteSnapshot } from "@/notion/site-content";
import { createNotionStub, type NotionStub } from "../../../tools/notion-stub/server";
import { stubControl } from "../../../tools/notion-stub/control";
import { RecordMapBuilder, idFor } from "../../helpers/notion-records";
import { startApp, tempDataDir, type AppProcess } from "../../helpers/app-server";
import { rawRequest } from "../../helpers/raw-request";
import { insertSite, openTestDatabase } from "../../helpers/test-db";
import { createTestDatabase, testDbMode } from "../../helpers/test-database";
import { startS3Server } from "../../helpers/s3-server";

const ATTACHMENT = "attachment:6b2f6c2a-0000-4000-8000-000000000001:photo.png";
// An external cover (Notion's "Link" and Unsplash tabs store the image's own address).
const UNSPLASH = "https://images.unsplash.com/photo-1?ixlib=rb-1.2.1&q=85&fm=jpg&crop=entropy&cs=srgb";
const BUILT_IN_ICON = "/icons/book_blue.svg?mode=light";
let stub: NotionStub;
let secret: NotionStub; // stands for an internal service the image route must never reach
let pageId: string;
let otherPageId: string;
let blockIds: {
  notion: string;
  loopback: string;
  foreign: string;
  textNamingFile: string;
  linkToFile: string;
  calloutIcon: string;
  fileBlock: string;
  otherSite: string;
  externalCover: string;
  iconPage: string;
  privateCover: string;
};
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3366cc" } }).png().toBuffer();
  secret = await createNotionStub({ dataDir: new RecordMapBuilder().write({ "secret.png": png }) });
  const ws = new RecordMapBuilder();
  pageId = ws.page("Gallery", [
    { type: "image", source: ATTACHMENT },
    { type: "image", source: `${secret.url}/files/secret.png` },
    { type: "image", source: "https://images.example.com/cat.png" },
    // Security review, finding 12: text that merely names a file is not the block's file.
    { type: "raw", raw: { type: "text", properties: { title: [[ATTACHMENT]] } } },
    { type: "raw", raw: { type: "text", properties: { title: [["see the photo", [["a", ATTACHMENT]]]] } } },
    { type: "raw", raw: { type: "callout", properties: { title: [["note"]] }, format: { page_icon: ATTACHMENT } } },
    { type: "raw", raw: { type: "file", properties: { source: [[ATTACHMENT]], title: [["photo.png"]] } } },
    // Sub-pages: an external cover with Notion's built-in icon, an uploaded icon, a cover on a loopback address.
    { type: "raw", raw: { type: "page", properties: { title: [["Trip"]] }, format: { page_cover: UNSPLASH, page_cover_position: 0.2, page_icon: BUILT_IN_ICON } } },
    { type: "raw", raw: { type: "page", properties: { title: [["Logo"]] }, format: { page_icon: ATTACHMENT } } },
    { type: "raw", raw: { type: "page", properties: { title: [["Inside"]] }, format: { page_cover: `https://127.0.0.1:${new URL(secret.url).port}/files/secret.png` } } },
  ]);
  // Another site's page with an image of the same file (its own block).
  otherPageId = ws.page("Other gallery", [{ type: "image", source: ATTACHMENT }]);
  blockIds = {
    notion: idFor("page:Gallery/0"),
    loopback: idFor("page:Gallery/1"),
    foreign: idFor("page:Gallery/2"),
    textNamingFile: idFor("page:Gallery/3"),
    linkToFile: idFor("page:Gallery/4"),
    calloutIcon: idFor("page:Gallery/5"),
    fileBlock: idFor("page:Gallery/6"),
    otherSite: idFor("page:Other gallery/0"),
    externalCover: idFor("page:Gallery/7"),
    iconPage: idFor("page:Gallery/8"),
    privateCover: idFor("page:Gallery/9"),
  };
  stub = await createNotionStub({ dataDir: ws.write({ "photo.png": png }) });
}, 60_000);
afterAll(async () => {
  await stub?.close();
  await secret?.close();
});

describe("the file allowlist", () => {
  it("knows Notion's file hosts, https only", () => {
    for (const ok of [
      "https://file.notion.so/f/f/abc/photo.png",
      "https://prod-files-secure.s3.us-west-2.amazonaws.com/abc/photo.png",
      "https://s3.us-west-2.amazonaws.com/secure.notion-static.com/abc/photo.png",
      "https://s3-us-west-2.amazonaws.com/secure.notion-static.com/abc/photo.png",
      "https://www.notion.so/images/page-cover/gradients_8.png",
      "https://public.notion-static.com/8f1e2a-icon.png",
    ]) expect(isNotionFileHost(new URL(ok)), ok).toBe(true);
    for (const bad of [
      "http://file.notion.so/x.png",
      "https://s3.us-west-2.amazonaws.com/someone-elses-bucket/x.png",
      "https://notion.so.evil.example/x.png",
      "https://127.0.0.1/x.png",
      "https://images.example.com/cat.png",
      // Security review, finding 12: only Notion's own buckets, named exactly.
      "https://prod-files-secure.attacker-bucket.s3.amazonaws.com/x.png",
      "https://prod-files-secure.attacker.s3.us-west-2.amazonaws.com/x.png",
      "https://prod-files-secure.s3.eu-west-1.amazonaws.com.evil.example/x.png",
      "https://s3.us-west-2.amazonaws.com/prod-files-secure-copy/x.png",
      "https://attacker.s3.us-west-2.amazonaws.com/secure.notion-static.com/x.png",
    ]) expect(isNotionFileHost(new URL(bad)), bad).toBe(false);
  });

  it("lets listed origins through exactly, and nothing else", () => {
    expect(checkFileUrl(`${stub.url}/files/a.png`, [stub.url]).checkAddresses).toBe(false);
    expect(() => checkFileUrl(`http://127.0.0.1/files/a.png`, [stub.url])).toThrow("This file address is not allowed");
    expect(() => checkFileUrl(`${stub.url.replace("http:", "https:")}/files/a.png`, [stub.url])).toThrow(AppError);
    expect(() => checkFileUrl("file:///etc/passwd", [])).toThrow(AppError);
  });

  it("lets a page's look (an external cover or icon) come from any public https host, never a private or literal one", () => {
    expect(checkFileUrl(UNSPLASH, [], "public").checkAddresses).toBe(true);
    expect(() => checkFileUrl(UNSPLASH, [])).toThrow("This file address is not allowed");
    for (const bad of ["http://images.unsplash.com/photo.jpg", "https://127.0.0.1/x.png", "https://[::1]/x.png", "https://169.254.169.254/latest", "https://10.0.0.8/x.png", "ftp://example.com/x.png"]) {
      expect(() => checkFileUrl(bad, [], "public"), bad).toThrow("This file address is not allowed");
    }
  });

  it("refuses private and special addresses", () => {
    for (const ip of ["127.0.0.1", "10.0.0.8", "192.168.1.1", "172.16.0.1", "169.254.169.254", "::1", "fc00::1", "0.0.0.0", "::ffff:127.0.0.1"]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    expect(isPublicAddress("93.184.216.34")).toBe(true);
  });
});

describe("site images", () => {
  let snapshot: SiteSnapshot;
  let otherSnapshot: SiteSnapshot;
  const deps = () => ({
    gateway: createNotionGateway({ apiBaseUrl: stub.apiBaseUrl, timeoutMs: 2000 }),
    storage: createLocalDiskStorage(tempDataDir("files-")),
    extraOrigins: [stub.url],
  });

  beforeAll(async () => {
    const database = await openTestDatabase();
    const { site } = await insertSite(database, "simple", pageId);
    const content = createContentService({ db: database.db, gateway: deps().gateway, revalidateMs: 60_000 });
    await content.refresh({ id: site.id, siteType: "simple", notionPageId: pageId, settings: { versions: [] } });
    snapshot = (await content.getSnapshot(site.id))!;
    const other = (await insertSite(database, "simple", otherPageId)).site;
    await content.refresh({ id: other.id, siteType: "simple", notionPageId: otherPageId, settings: { versions: [] } });
    otherSnapshot = (await content.getSnapshot(other.id))!;
    await database.close();
  });

  it("signs, fetches, caches and resizes a Notion file", async () => {
    const d = deps();
    const original = await getSiteImage(d, snapshot, { blockId: blockIds.notion, src: ATTACHMENT });
    expect(original.contentType).toBe("image/png");
    expect(original.body.equals(png)).toBe(true);
    expect(original.etag).toMatch(/^"[0-9a-f]{32}"$/);

    const small = await getSiteImage(d, snapshot, { blockId: blockIds.notion, src: ATTACHMENT, width: 640 });
    expect((await sharp(small.body).metadata()).width).toBe(640);
    const before = await stubControl(stub.url).calls();
    const again = await getSiteImage(d, snapshot, { blockId: blockIds.notion, src: ATTACHMENT, width: 640 });
    expect(again.etag).toBe(small.etag);
    // Served from the cache: Notion is not asked to sign again.
    expect((await stubControl(stub.url).calls()).byEndpoint.getSignedFileUrls).toBe(before.byEndpoint.getSignedFileUrls);
    // Never enlarged past the original.
    const huge = await getSiteImage(d, snapshot, { blockId: blockIds.notion, src: ATTACHMENT, width: 3840 });
    expect((await sharp(huge.body).metadata()).width).toBe(1600);
  });

  it("keeps its cache on S3-compatible storage too (one cache for every process)", async () => {
    const s3 = await startS3Server();
    try {
      const { env } = s3;
      const storage = createS3Storage({ endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY });
      const d = { ...deps(), storage };
      const first = await getSiteImage(d, snapshot, { blockId: blockIds.notion, src: ATTACHMENT, width: 384 });
      expect((await sharp(first.body).metadata()).width).toBe(384);
      const signed = (await stubControl(stub.url).calls()).byEndpoint.getSignedFileUrls;
      // Another process (its own gateway, the same bucket) serves it from the bucket without asking Notion.
      const again = await getSiteImage({ ...deps(), storage }, snapshot, { blockId: blockIds.notion, src: ATTACHMENT, width: 384 });
      expect(again.etag).toBe(first.etag);
      expect(again.body.equals(first.body)).toBe(true);
      expect((await stubControl(stub.url).calls()).byEndpoint.getSignedFileUrls).toBe(signed);
    } finally {
      await s3.close();
    }
  });

  it("refuses a block's image that points at a private address or an unlisted host", async () => {
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.loopback, src: `${secret.url}/files/secret.png` })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.foreign, src: "https://images.example.com/cat.png" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await stubControl(secret.url).calls()).total).toBe(0);
  });

  it("refuses a cover on a private address, and an external image that is a block's file rather than its look", async () => {
    const cover = `https://127.0.0.1:${new URL(secret.url).port}/files/secret.png`;
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.privateCover, src: cover })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.foreign, src: "https://images.example.com/cat.png" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await stubControl(secret.url).calls()).total).toBe(0);
  });

  it("only serves files the site's own blocks name, at the listed widths", async () => {
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.notion, src: "http://127.0.0.1/anything.png" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getSiteImage(deps(), snapshot, { blockId: idFor("not in this site"), src: ATTACHMENT })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.notion, src: ATTACHMENT, width: 641 })).rejects.toMatchObject({ code: "VALIDATION" });
  });

  // Security review, finding 12.
  it("takes only real file fields: a block's text or link naming a file is refused", async () => {
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.textNamingFile, src: ATTACHMENT })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getSiteImage(deps(), snapshot, { blockId: blockIds.linkToFile, src: ATTACHMENT })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A callout's icon and a file block's source are files.
    expect((await getSiteImage(deps(), snapshot, { blockId: blockIds.calloutIcon, src: ATTACHMENT })).contentType).toBe("image/png");
    expect((await getSiteImage(deps(), snapshot, { blockId: blockIds.fileBlock, src: ATTACHMENT })).contentType).toBe("image/png");
  });

  it("keeps cached bytes per site: another site naming the same file gets its own signature, not the first site's copy", async () => {
    const d = deps();
    await getSiteImage(d, snapshot, { blockId: blockIds.notion, src: ATTACHMENT });
    const signed = async () => (await stubControl(stub.url).calls()).byEndpoint.getSignedFileUrls ?? 0;
    const before = await signed();
    await getSiteImage(d, snapshot, { blockId: blockIds.notion, src: ATTACHMENT });
    expect(await signed()).toBe(before);
    // Same storage, same src, another site: Notion is asked to sign for that site's own block.
    await getSiteImage(d, otherSnapshot, { blockId: blockIds.otherSite, src: ATTACHMENT });
    expect(await signed()).toBe(before + 1);
  });
});

describe("the image route on a published site, over HTTP", () => {
  let app: AppProcess;
  let host: string;

  beforeAll(async () => {
    const dataDir = tempDataDir();
    const databaseUrl = testDbMode() === "postgres" ? await createTestDatabase() : undefined;
    const seeded = await seedSite(dataDir, databaseUrl);
    app = await startApp({ dataDir, databaseUrl, env: { NOTION_API_BASE: stub.apiBaseUrl, NOTION_FILE_HOSTS: stub.url } });
    host = `${seeded}.localhost:${app.port}`;
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${app.url}${path}`, { host, headers });

  it("serves a resized image with a strong ETag and a long cache, and 304 on revalidation", async () => {
    const res = await get(siteImagePath(blockIds.notion, ATTACHMENT, 828));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await sharp(res.bytes).metadata()).width).toBe(828);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await get(siteImagePath(blockIds.notion, ATTACHMENT, 828), { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it("refuses loopback and foreign sources, unknown files and odd widths", async () => {
    expect((await get(siteImagePath(blockIds.loopback, `${secret.url}/files/secret.png`))).status).toBe(403);
    expect((await get(siteImagePath(blockIds.foreign, "https://images.example.com/cat.png"))).status).toBe(403);
    expect((await get(siteImagePath(blockIds.notion, "http://127.0.0.1/etc/passwd"))).status).toBe(404);
    expect((await get(siteImagePath(blockIds.notion, ATTACHMENT, 641))).status).toBe(400);
    expect((await get(`/_/img/not-a-block?src=x`)).status).toBe(400);
    expect((await stubControl(secret.url).calls()).total).toBe(0);
  });

  it("sends external covers and Notion's built-in icons through the image route, and asks for icons at icon size", async () => {
    const trip = (await get("/trip")).body;
    const cover = /<img class="page-cover" src="([^"]+)"[^>]*style="object-position:([^"]+)"/.exec(trip);
    expect(cover?.[1]?.replace(/&amp;/g, "&")).toBe(siteImagePath(blockIds.externalCover, UNSPLASH, 1920));
    // Notion's cover position 0.2 (near the bottom) is kept.
    expect(cover?.[2]).toBe("center 80%");
    expect(trip).not.toContain('src="https://images.unsplash.com');
    expect(trip).toContain(`<span class="page-icon"><img src="${siteImagePath(blockIds.externalCover, BUILT_IN_ICON, 128).replace(/&/g, "&amp;")}"`);

    // In the parent's body, sub-page links draw their icons: an uploaded one at icon size, a built-in one as an image.
    const home = (await get("/")).body;
    const iconSrcs = [...home.matchAll(/<img[^>]*class="[^"]*notion-page-icon[^"]*"[^>]*>/g)].map((m) => /src="([^"]+)"/.exec(m[0])?.[1]?.replace(/&amp;/g, "&"));
    expect(iconSrcs, home.match(/<a[^>]*notion-page-link[\s\S]{0,400}/g)?.join("\n")).toContain(siteImagePath(blockIds.iconPage, ATTACHMENT, 64));
    expect(iconSrcs).toContain(siteImagePath(blockIds.externalCover, `https://www.notion.so${BUILT_IN_ICON}`, 64));
    expect(home).not.toContain(`>${BUILT_IN_ICON}<`);
    const icon = await get(siteImagePath(blockIds.iconPage, ATTACHMENT, 64));
    expect(icon.status).toBe(200);
    expect((await sharp(icon.bytes).metadata()).width).toBe(64);
  });

  it("refuses a file named only in a block's text (security review, finding 12)", async () => {
    expect((await get(siteImagePath(blockIds.textNamingFile, ATTACHMENT))).status).toBe(404);
    expect((await get(siteImagePath(blockIds.fileBlock, ATTACHMENT))).status).toBe(200);
  });
});

/** A simple site on the Gallery page, stored before the server opens the database. */
async function seedSite(dataDir: string, databaseUrl: string | undefined): Promise<string> {
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrateDatabase(database);
    const { site } = await insertSite(database, "simple", pageId);
    return site.subdomain;
  } finally {
    await database.close();
  }
}
