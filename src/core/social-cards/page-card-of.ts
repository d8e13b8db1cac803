import { socialCardKey, type SocialCardInput } from "./render-social-card";
import { isImageIcon } from "@/site-model/tree-model";
import type { Route, SiteModel } from "@/site-model/site-model";
import type { SiteSettings } from "@/core/sites/site-settings";

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const formatDate = (isoDate: string) => DATE_FORMAT.format(new Date(`${isoDate}T00:00:00Z`));

/**
 * Which social card a page of a site has: what it shows (its title, the site's name, logo and accent colour, the
 * page's cover or image icon, a post's date and authors) and its address, `/_/card<page path>.png?v=<key>` — the path
 * stays the page's, the key changes whenever what the card shows does (a new title or cover), so shared links and
 * caches get the new card.
 */

export type PageCard = { input: SocialCardInput; key: string; blockId: string };

const titleOf = (model: SiteModel, route: Route): string => {
  switch (route.kind) {
    case "entry":
      return route.entry.title || "Untitled";
    case "page":
      return route.node.title || "Untitled";
    case "tag":
      return `Tagged “${route.tag}”`;
    case "author":
      return `Posts by ${route.author}`;
    case "index":
      return model.title || "Untitled";
  }
};

/** The card of the page at `path`; null for a path that is no page of the site. */
export function pageCardOf(settings: SiteSettings, model: SiteModel, path: string): PageCard | null {
  const route = model.routes.get(path);
  if (!route) return null;
  const siteName = settings.name || model.title || "Untitled";
  const entry = route.kind === "entry" ? route.entry : null;
  const node = route.kind === "page" ? route.node : null;
  const cover = entry?.cover ?? node?.look.cover ?? null;
  const icon = entry?.icon ?? node?.look.icon ?? node?.icon ?? null;
  const input: SocialCardInput = {
    title: titleOf(model, route),
    siteName,
    accentColor: settings.theme.accentColor,
    date: entry?.date ? formatDate(entry.date) : null,
    authors: entry ? entry.authors.map((a) => a.name) : [],
    icon: icon && !isImageIcon(icon) ? icon : null,
    cover,
    iconImage: !cover && icon && isImageIcon(icon) && !icon.startsWith("notion://") ? icon : null,
    logo: settings.theme.logo?.fileId ?? null,
  };
  return { input, key: socialCardKey(input), blockId: entry?.pageId ?? node?.pageId ?? "" };
}

/** The card's path below the site's base path: `/_/card.png` for the home page, `/_/card<path>.png` for the others. */
export const cardPathOf = (path: string) => (path === "/" ? "/_/card.png" : `/_/card${path}.png`);
