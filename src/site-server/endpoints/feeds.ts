import { robotsTxt, rssFeed, sitemap } from "../feeds";
import type { Endpoint } from "./context";
import { cachedFileEndpoint } from "./cached-file";

/** RSS, sitemap and robots.txt; a site without one answers 404. A visit may start a refresh, like a page. */
const feed = (path: string, contentType: string, summary: string, render: typeof rssFeed): Endpoint =>
  cachedFileEndpoint({ path, contentType, summary, render, startsRefresh: true });

export const feedEndpoints: Endpoint[] = [
  feed("/rss.xml", "application/rss+xml; charset=utf-8", "The RSS feed of blogs and changelogs (404 elsewhere).", rssFeed),
  feed("/sitemap.xml", "application/xml; charset=utf-8", "Every published page.", sitemap),
  feed("/robots.txt", "text/plain; charset=utf-8", "Points crawlers at the sitemap.", robotsTxt),
];
