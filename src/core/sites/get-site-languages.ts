import { z } from "zod";
import type { Db } from "@/db/client";
import { languageRootsOf } from "@/notion/language-roots";
import type { ContentService } from "@/notion/site-content";
import { pagesUnder } from "@/site-model/site-languages";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { parseSiteSettings } from "./site-settings";

export const getSiteLanguagesInput = z.object({ siteId: z.string().min(1).max(64) }).strict();

export type SiteLanguageState = {
  language: string;
  notionPageUrl: string;
  /** synced: its pages are in the site's snapshot; unreadable: Notion refused its page at the last sync; syncing: not read yet. */
  state: "synced" | "syncing" | "unreadable";
  pages: number;
};

/** The site's extra languages with each one's sync state, for the dashboard's Languages panel. */
export async function getSiteLanguages(deps: { db: Db; content: ContentService }, ownerId: string, input: z.input<typeof getSiteLanguagesInput>) {
  const { siteId } = getSiteLanguagesInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const settings = parseSiteSettings(site.settings);
  const snapshot = await deps.content.getSnapshot(site.id);
  const roots = new Map(languageRootsOf({ notionPageId: site.notionPageId, settings }).map((r) => [r.language, r.pageId]));
  const languages: SiteLanguageState[] = settings.languages.map(({ language, notionPageUrl }) => {
    const rootId = roots.get(language);
    const pages = rootId && snapshot?.pages.has(rootId) ? pagesUnder(rootId, snapshot.pages).size : 0;
    const unreadable = !pages && Boolean(snapshot?.lastError?.includes(`Language "${language}"`));
    return { language, notionPageUrl, state: pages ? "synced" : unreadable ? "unreadable" : "syncing", pages };
  });
  return { siteId, language: settings.language, languages };
}
