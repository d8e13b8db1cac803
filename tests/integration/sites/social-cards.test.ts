import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubControl } from "../../../tools/notion-stub/control";
import { pageIdOf, startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";
import { until } from "../../helpers/until";

/** Every published page's social card: named by og:image and twitter:image, drawn as a 1200×630 PNG, new when the title changes. */
let s: SitesApp;
beforeAll(async () => {
  s = await startSitesApp(
    [
      { siteType: "blog", page: workspaceIndex.blog! },
      { siteType: "docs", page: workspaceIndex.docs! },
      { siteType: "blog", page: workspaceIndex.blog!, settings: { theme: { socialImage: { fileId: "own-image", url: "https://cdn.example.com/own.png" } } } },
      { siteType: "docs", page: workspaceIndex.docs!, password: "correct horse battery" },
    ],
    { env: { REVALIDATE_SECONDS: "1", SOCIAL_CARDS_AT_PUBLISH: "1" } },
  );
}, 240_000);
afterAll(async () => {
  await s?.stop();
});

const metaOf = (html: string, attr: "property" | "name", key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&");
const pngSize = (png: Buffer) => ({ signature: png.subarray(1, 4).toString(), width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** Where the local file store keeps a key (src/integrations/storage/local-disk.ts). */
const storedFile = (key: string) => {
  const hash = crypto.createHash("sha256").update(key).digest("hex");
  return path.join(s.app.dataDir, "files", hash.slice(0, 2), hash);
};

describe("social cards", () => {
  it("are drawn at publish time, before anyone asks for them", async () => {
    const page = await s.get(s.hosts[0]!, "/self-hosting-lumen-on-a-5-server");
    const key = new URL(metaOf(page.body, "property", "og:image")!).searchParams.get("v")!;
    await until(async () => fs.existsSync(storedFile(`card:${s.siteIds[0]}:${key}`)), 60_000);
    const card = await s.get(s.hosts[0]!, `/_/card/self-hosting-lumen-on-a-5-server.png?v=${key}`);
    expect(card.bytes.equals(fs.readFileSync(storedFile(`card:${s.siteIds[0]}:${key}`)))).toBe(true);
  });

  it("a post names its own card in og:image and twitter:image; the card is a 1200×630 PNG, kept for a year at its key", async () => {
    const page = await s.get(s.hosts[0]!, "/introducing-lumen-20");
    const og = metaOf(page.body, "property", "og:image")!;
    expect(og).toMatch(new RegExp(`^http://${s.hosts[0]!.replace(/[.]/g, "\\.")}/_/card/introducing-lumen-20\\.png\\?v=[\\w-]{22}$`));
    expect(metaOf(page.body, "name", "twitter:image")).toBe(og);
    expect(metaOf(page.body, "name", "twitter:card")).toBe("summary_large_image");
    const url = new URL(og);
    const card = await s.get(s.hosts[0]!, `${url.pathname}${url.search}`);
    expect(card.status).toBe(200);
    expect(card.headers["content-type"]).toBe("image/png");
    expect(card.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(pngSize(card.bytes)).toEqual({ signature: "PNG", width: 1200, height: 630 });
    // Kept: the same bytes again, from the file store.
    expect((await s.get(s.hosts[0]!, `${url.pathname}${url.search}`)).bytes.equals(card.bytes)).toBe(true);
    // Every page has its own: the home page and another post differ.
    const home = metaOf((await s.get(s.hosts[0]!, "/")).body, "property", "og:image")!;
    expect(new URL(home).pathname).toBe("/_/card.png");
    const homeCard = await s.get(s.hosts[0]!, new URL(home).pathname);
    expect(homeCard.headers["cache-control"]).toBe("public, max-age=300");
    expect(homeCard.bytes.equals(card.bytes)).toBe(false);
  });

  it("a new title makes a new card at a new key", async () => {
    const host = s.hosts[1]!;
    const before = metaOf((await s.get(host, "/")).body, "property", "og:image")!;
    const oldCard = await s.get(host, new URL(before).pathname);
    await new Promise((r) => setTimeout(r, 1100));
    await stubControl(s.stub.url).touch(pageIdOf(workspaceIndex.docs!), "Renamed handbook");
    await s.get(host, "/");
    await until(async () => metaOf((await s.get(host, "/")).body, "property", "og:image") !== before, 20_000);
    const after = metaOf((await s.get(host, "/")).body, "property", "og:image")!;
    expect(new URL(after).pathname).toBe(new URL(before).pathname);
    const newCard = await s.get(host, `${new URL(after).pathname}${new URL(after).search}`);
    expect(newCard.status).toBe(200);
    expect(newCard.bytes.equals(oldCard.bytes)).toBe(false);
  });

  it("the owner's own social image wins", async () => {
    const page = await s.get(s.hosts[2]!, "/introducing-lumen-20");
    expect(metaOf(page.body, "property", "og:image")).toBe("https://cdn.example.com/own.png");
  });

  it("no card for a page that doesn't exist; a locked site's cards need the password", async () => {
    const missing = await s.get(s.hosts[0]!, "/no-such-post");
    expect(missing.status).toBe(404);
    expect(missing.body).not.toContain("/_/card");
    expect((await s.get(s.hosts[0]!, "/_/card/no-such-post.png")).status).toBe(404);
    expect((await s.get(s.hosts[3]!, "/_/card.png")).status).toBe(401);
  });
});
