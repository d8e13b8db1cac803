import { eq } from "drizzle-orm";
import { sites } from "@/db/schema";
import type { SiteSnapshot } from "@/notion/site-content";
import { siteModelOf } from "@/site-model/site-model";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { cardImagesOf, type CardImageDeps } from "./card-images";
import { getSocialCard } from "./get-social-card";
import { pageCardOf } from "./page-card-of";

/**
 * Publish time: after a refresh changed a site, its pages' cards are drawn ahead of the first share, one site after
 * another in the background (a refresh never waits for them). A card already in the file store (same key) is skipped;
 * a page that can't be drawn is logged and left for its first request to try again.
 */
export function createSocialCardWarmer(deps: CardImageDeps, log: (message: string, err?: unknown) => void = console.error) {
  let queue = Promise.resolve();
  return function warm(siteId: string, pages: SiteSnapshot["pages"]): Promise<void> {
    queue = queue.then(() => warmSite(deps, siteId, pages).catch((err) => log(`[cards] warming ${siteId} failed`, err)));
    return queue;
  };
}

async function warmSite(deps: CardImageDeps, siteId: string, pages: SiteSnapshot["pages"]): Promise<void> {
  const [row] = await deps.db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  if (!row) return;
  const settings = parseSiteSettings(row.settings);
  const model = siteModelOf({ siteType: row.siteType, notionPageId: row.notionPageId, settings }, { pages });
  if (!model) return;
  const images = cardImagesOf(deps, row, { siteId, pages });
  for (const path of model.routes.keys()) {
    const card = pageCardOf(settings, model, path);
    if (card) await getSocialCard({ storage: deps.storage, images }, siteId, card);
  }
}
