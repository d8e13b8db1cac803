import { Feed } from "feed";
import { absoluteUrl, siteName, type RenderContext } from "./render/context";
import { siteTypeHas } from "@/lib/site-types";

/** RSS, sitemap and robots.txt of a published site (docs/product.md D3), all from the page model. */

export function rssFeed(ctx: RenderContext): string | null {
  const model = ctx.model;
  if (model.kind !== "database" || !siteTypeHas(model.siteType, "feed")) return null;
  const name = siteName(ctx);
  const feed = new Feed({
    title: name,
    description: ctx.settings.description || model.description || name,
    id: absoluteUrl(ctx, "/"),
    link: absoluteUrl(ctx, "/"),
    language: ctx.i18n.lang,
    copyright: `© ${ctx.now.getUTCFullYear()} ${name}`,
    updated: model.entries[0]?.date ? new Date(`${model.entries[0].date}T00:00:00Z`) : undefined,
    feedLinks: { rss: absoluteUrl(ctx, "/rss.xml") },
  });
  for (const entry of model.entries.slice(0, 50)) {
    const title = siteTypeHas(model.siteType, "releaseVersions") && entry.version ? `${entry.title} (${entry.version})` : entry.title;
    feed.addItem({
      title: title || ctx.i18n.t("untitled"),
      id: absoluteUrl(ctx, entry.path),
      link: absoluteUrl(ctx, entry.path),
      description: entry.description || undefined,
      date: entry.date ? new Date(`${entry.date}T00:00:00Z`) : new Date(entry.lastEdited || ctx.now.getTime()),
      author: entry.authors.map((a) => ({ name: a.name })),
      category: entry.tags.map((name) => ({ name })),
    });
  }
  return feed.rss2();
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function sitemap(ctx: RenderContext): string {
  const edited = ctx.model.kind === "database" ? ctx.model.entries : ctx.model.nodes;
  const lastmod = new Map(edited.map((e) => [e.path, new Date(e.lastEdited || ctx.now.getTime()).toISOString().slice(0, 10)]));
  const urls = [...ctx.model.routes.keys()].map((path) => {
    const mod = lastmod.get(path);
    return `<url><loc>${xmlEscape(absoluteUrl(ctx, path))}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>\n`;
}

export function robotsTxt(ctx: Pick<RenderContext, "origin" | "basePath" | "languages">): string {
  // A site in several languages has a sitemap per language (each under its prefix).
  const bases = ctx.languages?.all.map((e) => e.basePath) ?? [ctx.basePath];
  return `User-agent: *\nAllow: ${ctx.basePath}/\n\n${bases.map((base) => `Sitemap: ${ctx.origin}${base}/sitemap.xml\n`).join("")}`;
}
