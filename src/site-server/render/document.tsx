import type { ReactNode } from "react";
import { absoluteUrl, assistantName, href, siteIconImage, siteName, type RenderContext } from "./context";
import { isImageIcon } from "@/site-model/tree-model";
import { faviconHref } from "./favicon";
import { gtagInline } from "../security";
import { beaconScript, customStylesheet, themeScript, widgetScript } from "../assets";
import { siteTypeHas } from "@/lib/site-types";
import { SearchBox } from "./search-box";
import { accentStyle } from "./accent";
import { breadcrumbJsonLd, websiteJsonLd, type Crumb, type JsonLd } from "./structured-data";
import { cardPathOf, pageCardOf } from "@/core/social-cards/page-card-of";
import { NAMED_FONTS } from "@/core/sites/site-settings";
import { islandStrings } from "@/lib/i18n/browser-strings";
import { HreflangLinks, LanguageSwitcher } from "./language-links";
import { HeaderMenu, SiteFooter, type MenuItem } from "./site-chrome";

export type PageMeta = {
  /** Path of this page within the site ("/", "/my-post"). */
  path: string;
  title: string;
  description: string;
  /** Absolute URL of the social image. */
  image?: string | null;
  type?: "website" | "article";
  /** schema.org data about the page itself (an article, an FAQ); the home page's WebSite is added here. */
  jsonLd?: (JsonLd | null)[];
  /** The trail from the home page to this page, for its BreadcrumbList. */
  breadcrumbs?: Crumb[];
  noindex?: boolean;
};

const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The HTML shell every published page shares: head tags for search engines and sharing, header, footer. */
export function Document({ ctx, meta, children, island = false }: { ctx: RenderContext; meta: PageMeta; children: ReactNode; island?: boolean }) {
  const name = siteName(ctx);
  const canonical = absoluteUrl(ctx, meta.path);
  const fullTitle = meta.path === "/" ? name : `${meta.title} · ${name}`;
  const { theme, analytics } = ctx.settings;
  const { t, lang, dir } = ctx.i18n;
  const hasFeed = siteTypeHas(ctx.model.siteType, "feed");
  const menu = headerMenu(ctx);
  const customCss = customStylesheet(ctx.siteId, theme.customCss);
  // Always an icon link, so browsers never ask for /favicon.ico.
  const favicon = faviconHref(ctx);
  const iconImage = siteIconImage(ctx, 64);
  const structured = meta.noindex ? [] : structuredDataOf(ctx, meta);
  // The owner's own social image wins; else the page's generated card; else (a page with no card) the page's picture.
  const card = meta.noindex ? null : pageCardOf(ctx.settings, ctx.model, meta.path);
  const image = theme.socialImage?.url ?? (card ? `${absoluteUrl(ctx, cardPathOf(meta.path))}?v=${card.key}` : null) ?? meta.image ?? null;
  return (
    // A default theme other than the system's is set on the page itself, so it holds without JavaScript; with the toggle
    // hidden, the theme script ignores a choice a visitor saved earlier (data-theme-fixed).
    <html lang={lang} dir={dir === "rtl" ? dir : undefined} data-theme={theme.defaultTheme === "system" ? undefined : theme.defaultTheme} data-theme-fixed={theme.hideThemeToggle ? "" : undefined} data-look={theme.name === "default" ? undefined : theme.name}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={meta.description} />
        {/* Pages kept out of search (404, search results) have no address of their own to declare. */}
        {meta.noindex ? null : <link rel="canonical" href={canonical} />}
        {meta.noindex ? <meta name="robots" content="noindex" /> : null}
        {meta.noindex ? null : <HreflangLinks ctx={ctx} path={meta.path} />}
        <SharingMeta name={name} meta={meta} canonical={canonical} image={image} />
        <meta name="theme-color" content={theme.accentColor} />
        <link rel="icon" href={favicon} />
        {hasFeed ? <link rel="alternate" type="application/rss+xml" title={name} href={absoluteUrl(ctx, "/rss.xml")} /> : null}
        <link rel="stylesheet" href={ctx.cssHref} />
        <script dangerouslySetInnerHTML={{ __html: themeScript().source }} />
        {island ? <meta name="site-base" content={ctx.basePath} /> : null}
        {/* The scripts' words in the site's language (a data block: never run, so no CSP hash). */}
        {island || hasFeed ? <script type="application/json" id="site-strings" dangerouslySetInnerHTML={{ __html: safeJson(islandStrings(ctx.i18n)) }} /> : null}
        {island ? <script type="module" src={`${ctx.basePath}${ctx.islandHref}`} /> : null}
        {ctx.settings.ai.enabled ? (
          // The chat launcher: a button; the chat itself (its page and script) loads only when a visitor opens it.
          <script async src={`${ctx.basePath}${widgetScript().href}`} data-frame={`${ctx.basePath}/_/chat`} data-color={ctx.settings.ai.accentColor} data-label={t("askAssistantNamed", { name: assistantName(ctx) })} data-close-label={t("closeChat")} />
        ) : null}
        <style>{`${accentStyle(theme.accentColor, theme.name)}${siteTypeHas(ctx.model.siteType, "whatsNew") ? `:root{--new-label:${JSON.stringify(t("newBadge"))}}` : ""}`}</style>
        {/* The owner's CSS last, so it overrides ours (the accent variable too). */}
        {customCss ? <link rel="stylesheet" href={`${ctx.basePath}${customCss.href}`} /> : null}
        {structured.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(data) }} />
        ))}
        {analytics.plausibleDomain ? <script defer data-domain={analytics.plausibleDomain} src="https://plausible.io/js/script.js" /> : null}
        {analytics.googleAnalyticsId ? (
          <>
            <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analytics.googleAnalyticsId)}`} />
            <script
              dangerouslySetInnerHTML={{
                __html: gtagInline(analytics.googleAnalyticsId),
              }}
            />
          </>
        ) : null}
      </head>
      <body className={bodyClass(theme)}>
        <a className="skip-link" href="#main">
          {t("skipToContent")}
        </a>
        <header className="site-header">
          <div className="site-header-inner">
            <a className="brand" href={href(ctx, "/")}>
              {theme.logo ? (
                <img src={theme.logo.url} alt="" width={28} height={28} />
              ) : iconImage ? (
                <img src={iconImage} alt="" width={28} height={28} />
              ) : ctx.model.icon && !isImageIcon(ctx.model.icon) ? (
                <span className="site-icon" aria-hidden="true">{ctx.model.icon}</span>
              ) : null}
              <span>{name}</span>
            </a>
            {menu.length ? <HeaderMenu ctx={ctx} items={menu} current={meta.path} /> : null}
            {/* Blogs and changelogs: search in the header; the island loads only when a visitor uses it. */}
            {/* Not on the search page itself, whose own box is the one to use (two search landmarks would be one too many). */}
            {hasFeed && meta.path !== "/_/search" ? <SearchBox ctx={ctx} variant="header" loadIsland={!island} /> : null}
            <LanguageSwitcher ctx={ctx} path={meta.path} />
            {theme.hideThemeToggle ? null : <button type="button" className="theme-toggle" hidden aria-label={t("switchTheme")} />}
          </div>
        </header>
        <main id="main">{children}</main>
        <SiteFooter ctx={ctx} hasFeed={hasFeed} />
        {analytics.builtIn && !meta.noindex ? <ViewCounter ctx={ctx} path={meta.path} /> : null}
      </body>
    </html>
  );
}

/** What a link shared on social networks shows: OpenGraph and Twitter's card tags. */
function SharingMeta({ name, meta, canonical, image }: { name: string; meta: PageMeta; canonical: string; image: string | null }) {
  return (
    <>
      <meta property="og:site_name" content={name} />
      <meta property="og:type" content={meta.type ?? "website"} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      {meta.noindex ? null : <meta property="og:url" content={canonical} />}
      {image ? <meta property="og:image" content={image} /> : null}
      <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      {image ? <meta name="twitter:image" content={image} /> : null}
    </>
  );
}

/** Every page's schema.org data: the site with its search on the home page, the page's own, its breadcrumbs. */
function structuredDataOf(ctx: RenderContext, meta: PageMeta): JsonLd[] {
  const own = (meta.jsonLd ?? []).filter((d): d is JsonLd => d !== null);
  const home = meta.path === "/" ? [websiteJsonLd(ctx, meta.description)] : [];
  const trail = meta.breadcrumbs && meta.breadcrumbs.length > 1 ? [breadcrumbJsonLd(ctx, meta.breadcrumbs)] : [];
  return [...home, ...own, ...trail];
}

/** The body's font (a named one over the site's `font`) and the headings' own, as classes of site.css. */
function bodyClass(theme: RenderContext["settings"]["theme"]): string {
  const body = theme.fonts.body ? NAMED_FONTS[theme.fonts.body] : theme.font;
  return theme.fonts.heading ? `font-${body} headings-${NAMED_FONTS[theme.fonts.heading]}` : `font-${body}`;
}

/**
 * The header's menu: the owner's navigation links, or on a simple site without them its top pages (a
 * simple site's sub-pages are its menu, not a row under the header).
 */
function headerMenu(ctx: RenderContext): MenuItem[] {
  if (ctx.settings.navigation.length) return ctx.settings.navigation;
  if (ctx.model.kind !== "tree" || ctx.model.siteType !== "simple") return [];
  return ctx.model.root.children.map((n) => ({ label: n.title, href: href(ctx, n.path) }));
}

/**
 * Built-in analytics: the inline beacon, or for visitors without JavaScript a pixel inside <noscript> — a
 * browser running scripts never loads it, so one view is never counted twice. Not on the 404 and search pages.
 */
function ViewCounter({ ctx, path }: { ctx: RenderContext; path: string }) {
  return (
    <>
      <script data-base={ctx.basePath} dangerouslySetInnerHTML={{ __html: beaconScript().source }} />
      <noscript>
        <img className="view-pixel" src={`${ctx.basePath}/_/view.gif?p=${encodeURIComponent(path)}`} alt="" width={1} height={1} />
      </noscript>
    </>
  );
}
