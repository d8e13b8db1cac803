import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as assets from "@/site-server/assets";

/**
 * The build writes the stylesheet and browser scripts for the bundled server (writeSiteAssets); run from the sources,
 * as here, they are built on first use. Both must give the same bytes, or a page's hashes and links would differ by
 * how the server was started.
 */
describe("prebuilt site assets", () => {
  it("are the bytes the server builds on first use, for every served and inlined script", { timeout: 30_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-assets-"));
    try {
      assets.writeSiteAssets(dir);
      const read = (name: string) => fs.readFileSync(path.join(dir, name));
      const served = {
        "site.css": assets.siteStylesheet(),
        "island.js": assets.siteIsland(),
        "votes.js": assets.votesScript(),
        "whats-new.js": assets.whatsNewScript(),
        "changelog.js": assets.changelogScript(),
        "chat.js": assets.chatScript(),
        "widget.js": assets.widgetScript(),
      };
      for (const [name, asset] of Object.entries(served)) {
        expect(read(name).equals(asset.body), name).toBe(true);
        expect(read(`${name}.gz`).length, `${name}.gz`).toBeGreaterThan(0);
        expect(read(`${name}.br`).length, `${name}.br`).toBeGreaterThan(0);
      }
      expect(read("theme.js").toString("utf8").trim()).toBe(assets.themeScript().source);
      expect(read("beacon.js").toString("utf8").trim()).toBe(assets.beaconScript().source);
      // Nothing else: a file the server never reads would be a stale list.
      expect(fs.readdirSync(dir).filter((f) => !/\.(gz|br)$/.test(f)).sort()).toEqual([...Object.keys(served), "theme.js", "beacon.js"].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
