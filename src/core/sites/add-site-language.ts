import { z } from "zod";
import { AppError } from "@/lib/errors";
import { catalogueLanguageOf } from "@/lib/i18n/languages";
import { checkNotionPageForSiteType } from "@/core/notion/check-notion-page-for-site-type";
import { checkConnectedPage } from "@/core/notion-connections/check-connected-page";
import type { ContentService } from "@/notion/site-content";
import type { UpdateSiteVersionsDeps } from "./update-site-versions";
import { getSiteForOwnerOrThrow } from "./get-site-for-owner-or-throw";
import { parseSiteSettings, siteLanguageSchema } from "./site-settings";
import { startFirstSync } from "./start-site-sync";
import { updateSite } from "./update-site";

export const addSiteLanguageInput = z
  .object({ siteId: z.string().min(1).max(64), language: siteLanguageSchema, notionPageUrl: z.url().max(2048) })
  .strict();

export const LANGUAGE_MESSAGES = {
  sameAsSite: "This is already the site's own language: pick another one",
  alreadyAdded: "This language is already on the site: remove it first to change its Notion page",
  samePage: "This is the site's own Notion page: pick the page of the same tree in the other language",
} as const;

/**
 * Adds a language to a site (docs/languages.md): its Notion page passes the same page check as the site's own (the
 * public path, or the site's connection), is stored in the settings, and a sync reads it at once in the background.
 * Served under /<language>/ once synced.
 */
export async function addSiteLanguage(deps: UpdateSiteVersionsDeps & { content: ContentService }, ownerId: string, input: z.input<typeof addSiteLanguageInput>) {
  const { siteId, language, notionPageUrl } = addSiteLanguageInput.parse(input);
  const site = await getSiteForOwnerOrThrow(deps.db, ownerId, siteId);
  const settings = parseSiteSettings(site.settings);
  const refuse = (field: "language" | "notionPageUrl", message: string) => new AppError("VALIDATION", message, { issues: [{ path: field, message }] });
  if (settings.language && catalogueLanguageOf(settings.language) === catalogueLanguageOf(language)) throw refuse("language", LANGUAGE_MESSAGES.sameAsSite);
  if (settings.languages.some((l) => catalogueLanguageOf(l.language) === catalogueLanguageOf(language))) throw refuse("language", LANGUAGE_MESSAGES.alreadyAdded);
  const check = site.notionConnectionId
    ? await checkConnectedPage(deps.connections, ownerId, site.notionConnectionId, site.siteType, notionPageUrl)
    : await checkNotionPageForSiteType(deps.gateway, site.siteType, notionPageUrl);
  if (!check.ok) throw refuse("notionPageUrl", check.message);
  if (check.pageId === site.notionPageId) throw refuse("notionPageUrl", LANGUAGE_MESSAGES.samePage);
  const result = await updateSite(deps, ownerId, { siteId, settings: { languages: [...settings.languages, { language, notionPageUrl }] } });
  startFirstSync(deps, { ...site, settings: result.settings });
  return result;
}
