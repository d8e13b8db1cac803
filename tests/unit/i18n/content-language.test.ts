import { describe, expect, it } from "vitest";
import { languageOfText } from "@/site-model/content-language";

describe("content language", () => {
  it("reads CJK, Arabic and Cyrillic from the script, even in a few words", () => {
    expect(languageOfText("はじめに\n設定")).toBe("ja");
    expect(languageOfText("配置中心\n快速开始")).toBe("zh-Hans");
    expect(languageOfText("시작하기\n설정")).toBe("ko");
    expect(languageOfText("مرحبا بكم\nالبدء")).toBe("ar");
    expect(languageOfText("Начало работы\nНастройка")).toBe("ru");
  });

  it("keeps short Latin-script text English (trigrams guess wrong on a few titles)", () => {
    expect(languageOfText("Acme Blog\nHello world\nOur first post\nRelease notes")).toBe("en");
    expect(languageOfText("")).toBe("en");
  });

  it("tells Latin-script languages apart on a page's worth of text", () => {
    const de = "Willkommen in der Dokumentation. Hier finden Sie alles, was Sie für den Einstieg brauchen: wie Sie das Produkt installieren, wie Sie es einrichten und wie Sie Ihre ersten Seiten veröffentlichen. Häufig gestellte Fragen beantworten wir am Ende dieser Seite.";
    const fr = "Bienvenue dans la documentation. Vous trouverez ici tout ce dont vous avez besoin pour commencer : comment installer le produit, comment le configurer et comment publier vos premières pages. Les questions fréquentes sont en bas de cette page.";
    const en = "Welcome to the documentation. Here you will find everything you need to get started: how to install the product, how to set it up and how to publish your first pages. Frequently asked questions are answered at the end of this page.";
    expect(languageOfText(de)).toBe("de");
    expect(languageOfText(fr)).toBe("fr");
    expect(languageOfText(en)).toBe("en");
  });
});

describe("the language setting", () => {
  it("keeps a tag with a catalogue in its canonical spelling, and refuses others with the list", async () => {
    const { siteSettingsSchema } = await import("@/core/sites/site-settings");
    expect(siteSettingsSchema.parse({ language: "pt-br" }).language).toBe("pt-BR");
    expect(siteSettingsSchema.parse({}).language).toBeNull();
    const refused = siteSettingsSchema.safeParse({ language: "zh-TW" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("must be a language tag the site has words for: en, de, fr, es, pt, it, nl, ja, zh-Hans, ko, ru, ar");
    expect(siteSettingsSchema.safeParse({ language: "not a tag!" }).success).toBe(false);
  });
});
