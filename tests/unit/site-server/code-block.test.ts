import Prism from "prismjs";
import { describe, expect, it } from "vitest";
import { highlight, NOTION_CODE_LANGUAGES } from "@/site-server/render/code-block";

describe("code blocks in every language Notion offers (issue 21)", () => {
  it("loads a grammar only when a page uses it", () => {
    expect(Prism.languages.haskell).toBeUndefined();
    const { html, language } = highlight('main = putStrLn "hello"', "Haskell");
    expect(language).toBe("haskell");
    expect(html).toContain('<span class="token hvariable">main</span>');
    expect(Prism.languages.haskell).toBeDefined();
    expect(Prism.languages.ocaml).toBeUndefined();
  });

  it("highlights every language of Notion's menu, by the name Notion stores", () => {
    for (const name of ["ABAP", "Assembly", "F#", "LLVM IR", "Mathematica", "Objective-C", "VB.Net", "Visual Basic", "WebAssembly", "Java/C/C++/C#", "Solidity", "Mermaid"]) {
      expect(highlight("x", name).language, name).not.toBe("plain");
    }
    for (const name of NOTION_CODE_LANGUAGES) expect(highlight("x = 1", name).language, name).not.toBe("plain");
    expect(highlight("<b>", "Plain Text")).toEqual({ html: "&lt;b&gt;", language: "plain" });
  });
});
