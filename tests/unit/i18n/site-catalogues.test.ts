import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { CATALOGUES, SITE_LANGUAGES, catalogueLanguageOf, textDirection } from "@/lib/i18n/languages";
import { translatorFor } from "@/lib/i18n/translator";

/** The arguments and tags a message uses, so a translation can't drop `{name}` or rename `<a>`. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date) into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    }
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
    }
  }
  return into;
}

const english = CATALOGUES.en;

describe("site catalogues", () => {
  it("has the twelve launch languages", () => {
    expect([...SITE_LANGUAGES].sort()).toEqual(["ar", "de", "en", "es", "fr", "it", "ja", "ko", "nl", "pt", "ru", "zh-Hans"]);
  });

  for (const language of SITE_LANGUAGES) {
    it(`${language}: every English key, nothing else, each a valid message with the same arguments`, () => {
      const catalogue = CATALOGUES[language] as Record<string, unknown>;
      const missing = Object.keys(english).filter((key) => typeof catalogue[key] !== "string" || !(catalogue[key] as string).trim());
      const extra = Object.keys(catalogue).filter((key) => !(key in english));
      expect(missing, `missing in ${language}`).toEqual([]);
      expect(extra, `unknown keys in ${language}`).toEqual([]);
      for (const [key, source] of Object.entries(english)) {
        const wanted = [...argumentsOf(parse(source))].sort();
        const got = [...argumentsOf(parse(catalogue[key] as string))].sort();
        expect(got, `${language}.${key}`).toEqual(wanted);
      }
    });
  }

  it("fails on a catalogue with a key missing (the check above is not vacuous)", () => {
    const { skipToContent: _dropped, ...partial } = CATALOGUES.de;
    const missing = Object.keys(english).filter((key) => typeof (partial as Record<string, unknown>)[key] !== "string");
    expect(missing).toEqual(["skipToContent"]);
  });
});

describe("language tags", () => {
  it("matches regional and script variants to a catalogue", () => {
    expect(catalogueLanguageOf("pt-BR")).toBe("pt");
    expect(catalogueLanguageOf("de-at")).toBe("de");
    expect(catalogueLanguageOf("zh")).toBe("zh-Hans");
    expect(catalogueLanguageOf("zh-CN")).toBe("zh-Hans");
    expect(catalogueLanguageOf("zh-TW")).toBeNull();
    expect(catalogueLanguageOf("xx-not a tag")).toBeNull();
    expect(catalogueLanguageOf("sw")).toBeNull();
  });

  it("reads direction from the script", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("ar-EG")).toBe("rtl");
    expect(textDirection("he")).toBe("rtl");
    expect(textDirection("ja")).toBe("ltr");
    expect(textDirection("en")).toBe("ltr");
  });
});

describe("translator", () => {
  it("formats plurals, dates and numbers for the language", () => {
    expect(translatorFor("ru").t("articleCount", { count: 3 })).toBe("3 статьи");
    expect(translatorFor("ru").t("articleCount", { count: 5 })).toBe("5 статей");
    expect(translatorFor("ar").t("articleCount", { count: 2 })).toBe("مقالتان");
    expect(translatorFor("de").date("2024-03-05")).toBe("5. März 2024");
    expect(translatorFor("ja").date("2024-03-05")).toBe("2024年3月5日");
    expect(translatorFor("fr").number(12345)).toBe("12\u202f345");
    expect(translatorFor("pt-BR").lang).toBe("pt-BR");
    expect(translatorFor("zh-TW").lang).toBe("en");
  });

  it("puts a link where the language's sentence has it", () => {
    const parts = translatorFor("ja").parts<{ link: string[] }>("cantFindAnswer", { a: (chunks) => ({ link: chunks as string[] }) });
    expect(parts).toEqual(["答えが見つかりませんか？ ", { link: ["お問い合わせ"] }]);
  });
});
