import { describe, expect, it } from "vitest";
import { cardFontsFor } from "@/core/social-cards/card-fonts";
import { renderSocialCard, socialCardKey, type SocialCardInput } from "@/core/social-cards/render-social-card";

const base: SocialCardInput = { title: "Hello", siteName: "Lumen", accentColor: "#2255dd", date: null, authors: [], icon: null, cover: null, iconImage: null, logo: null };

describe("social card fonts", () => {
  it("load Latin alone for a Latin title, and the CJK slices a CJK title uses", () => {
    const latin = cardFontsFor("Hello world");
    expect(latin.map((f) => f.name)).toEqual(["Inter latin", "Inter latin"]);
    const cjk = cardFontsFor("配置中心 日本語のテキスト");
    expect(cjk.some((f) => f.name.startsWith("Noto Sans SC ["))).toBe(true);
    expect(cjk.every((f) => f.weight === 400 || f.weight === 700)).toBe(true);
    // The same selection is the same array (satori keeps parsed fonts by it).
    expect(cardFontsFor("Hello again")).toBe(cardFontsFor("Another title"));
  });
});

describe("a social card", () => {
  it("is a 1200×630 PNG", async () => {
    const png = await renderSocialCard({ ...base, title: "Introducing Lumen 2.0", date: "March 3, 2026", authors: ["Ada"] });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("draws CJK glyphs: the same characters in another order make another picture (missing glyphs would all be the same box)", async () => {
    const a = await renderSocialCard({ ...base, title: "配置中心" });
    const b = await renderSocialCard({ ...base, title: "心中置配" });
    expect(a.equals(b)).toBe(false);
    const kana = await renderSocialCard({ ...base, title: "テキスト" });
    const kanaSwapped = await renderSocialCard({ ...base, title: "トスキテ" });
    expect(kana.equals(kanaSwapped)).toBe(false);
  }, 30_000);

  it("has a key that changes with what it shows, and only then", () => {
    expect(socialCardKey(base)).toBe(socialCardKey({ ...base }));
    expect(socialCardKey({ ...base, title: "Hello!" })).not.toBe(socialCardKey(base));
    expect(socialCardKey({ ...base, cover: "https://images.example/c.jpg" })).not.toBe(socialCardKey(base));
  });
});
