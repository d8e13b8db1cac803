import { describe, expect, it } from "vitest";
import { cjkPairsOf, foldForSearch, queryTerms } from "@/lib/search-tokens";

describe("search tokens", () => {
  it("drops Arabic diacritics and the tatweel", () => {
    expect(foldForSearch("كَتَبَ الْكِتَابَ")).toBe("كتب الكتاب");
    expect(foldForSearch("مـــرحبا")).toBe("مرحبا");
  });

  it("turns CJK runs into overlapping pairs", () => {
    expect(cjkPairsOf("配置中心 and more")).toBe("配置 置中 中心");
    expect(cjkPairsOf("設定を変更する")).toBe("設定 定を を変 変更 更す する");
    expect(cjkPairsOf("English only")).toBe("");
  });

  it("splits a query into words and pairs", () => {
    expect(queryTerms("配置")).toEqual([{ term: "配置", cjk: true }]);
    expect(queryTerms("配")).toEqual([{ term: "配", cjk: true }]);
    expect(queryTerms("Next.js 配置中心")).toEqual([
      { term: "next", cjk: false },
      { term: "js", cjk: false },
      { term: "配置", cjk: true },
      { term: "置中", cjk: true },
      { term: "中心", cjk: true },
    ]);
    expect(queryTerms("API设置")).toEqual([
      { term: "api", cjk: false },
      { term: "设置", cjk: true },
    ]);
    expect(queryTerms("الْكِتَاب")).toEqual([{ term: "الكتاب", cjk: false }]);
  });
});
