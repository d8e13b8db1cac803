import { CommentsSection } from "./parts/comments";
import type { ReactNode } from "react";
import type { TreeSiteModel } from "@/site-model/site-model";
import type { TreeNode } from "@/site-model/tree-model";
import { href, siteName, type RenderContext } from "./context";
import { Document } from "./document";
import { NotionBody } from "./notion-body";
import { hasVideoFacade } from "./video-facade";
import { lookClasses, PageCover, PageHeader, PageIcon } from "./page-header";
import { equivalentPage } from "@/site-model/equivalent-page";
import { SearchBox } from "./search-box";
import { cardLine } from "./database-pages";
import { firstLineOfPage } from "../whats-new-excerpt";
import { PrevNext } from "./parts/prev-next";
import { faqJsonLd, treeArticleJsonLd, treeCrumbs } from "./structured-data";

/**
 * Docs, versioned docs, help desks and simple sites: server-rendered pages with a navigation tree, breadcrumbs,
 * contents, previous/next, search and "was this helpful?". The small island script (/_/site.js) adds ⌘K search,
 * the current-heading marker and copy-as-Markdown; everything works without it.
 */

type Ctx = RenderContext & { model: TreeSiteModel };

const isoDay = (ms: number) => new Date(ms || Date.now()).toISOString().slice(0, 10);

function Breadcrumbs({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  const trail: TreeNode[] = [];
  for (let n = node.parent; n; n = n.parent) trail.unshift(n);
  if (!trail.length) return null;
  return (
    <nav className="breadcrumbs" aria-label={ctx.i18n.t("breadcrumb")}>
      <ol>
        {trail.map((n) => (
          <li key={n.pageId}>
            <a href={href(ctx, n.path)}>{n.title}</a>
          </li>
        ))}
        <li aria-current="page">{node.title}</li>
      </ol>
    </nav>
  );
}

function NavTree({ ctx, node, current }: { ctx: Ctx; node: TreeNode; current: TreeNode }) {
  const isAncestor = (n: TreeNode) => {
    for (let c: TreeNode | null = current; c; c = c.parent) if (c.pageId === n.pageId) return true;
    return false;
  };
  return (
    <ul>
      {node.children.map((child) => (
        <li key={child.pageId}>
          <a href={href(ctx, child.path)} aria-current={child.pageId === current.pageId ? "page" : undefined}>
            {child.title}
          </a>
          {/* The link stays outside the <summary>: a link inside it is a control inside a control, which screen
              readers announce as one or the other. The summary is the arrow that shows the sub-pages. */}
          {child.children.length ? (
            <details open={isAncestor(child) || undefined}>
              <summary>
                <span className="visually-hidden">{ctx.i18n.t("pagesUnder", { title: child.title })}</span>
              </summary>
              <NavTree ctx={ctx} node={child} current={current} />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Feedback({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  const { t } = ctx.i18n;
  return (
    <form className="feedback" method="post" action={href(ctx, "/_/feedback")} data-feedback>
      <input type="hidden" name="path" value={node.path} />
      <fieldset>
        <legend>{t("wasThisHelpful")}</legend>
        <button type="submit" name="helpful" value="yes">
          {t("yes")}
        </button>
        <button type="submit" name="helpful" value="no">
          {t("no")}
        </button>
      </fieldset>
      <label htmlFor="feedback-text">{t("anythingToAddOptional")}</label>
      <textarea id="feedback-text" name="text" maxLength={2000} rows={2} />
    </form>
  );
}

/** The pages before and after this one in its version's tree, in reading order. */
function TreeNeighbours({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  const inTree = ctx.model.nodes.filter((n) => n.version === node.version);
  const i = inTree.findIndex((n) => n.pageId === node.pageId);
  return <PrevNext ctx={ctx} prev={i > 0 ? inTree[i - 1] : undefined} next={i >= 0 ? inTree[i + 1] : undefined} label={ctx.i18n.t("previousAndNext")} />;
}

function VersionSwitcher({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  const versions = ctx.model.versions;
  if (versions.length < 2) return null;
  return (
    <nav className="versions" aria-label={ctx.i18n.t("versions")}>
      <ul>
        {versions.map((v) => (
          <li key={v.label}>
            <a href={href(ctx, equivalentPage(node, v).path)} aria-current={node.version?.label === v.label ? "true" : undefined}>
              {v.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PageTools({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  const md = `${node.path === "/" ? "/index" : node.path}.md`;
  const day = isoDay(node.lastEdited);
  return (
    <p className="page-tools">
      <span>{ctx.i18n.parts<ReactNode>("lastUpdated", { date: <time key="date" dateTime={day}>{ctx.i18n.date(day)}</time> })}</span>
      <a href={href(ctx, md)} data-copy-markdown>
        {ctx.i18n.t("viewAsMarkdown")}
      </a>
    </p>
  );
}

export function DocsPage({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  const { t } = ctx.i18n;
  const tree = node.version?.root ?? ctx.model.root;
  // A full-width page takes the contents rail's room too (docs/product.md §1 pages look as in Notion).
  const toc = node.look.fullWidth ? [] : node.headings;
  return (
    <Document
      ctx={ctx}
      meta={{
        path: node.path,
        title: node.title,
        description: `${node.title} — ${siteName(ctx)}`,
        type: "article",
        jsonLd: [treeArticleJsonLd(ctx, node, "TechArticle", null), faqJsonLd(node.recordMap, node.pageId)],
        breadcrumbs: treeCrumbs(ctx, node),
      }}
      island
    >
      {/* Without contents (a full-width page, or fewer than two headings) the article takes the rail's room too. */}
      <div className={node.look.fullWidth ? "docs docs-full-width" : toc.length >= 2 ? "docs" : "docs docs-no-toc"}>
        <aside className="docs-nav" aria-label={t("documentation")}>
          <SearchBox ctx={ctx} />
          <VersionSwitcher ctx={ctx} node={node} />
          {/* On a phone the page list folds behind "Menu" so the article starts on screen; a checkbox
              needs no script and shifts nothing once the island loads. Wider screens hide it and show the list. */}
          <input type="checkbox" id="docs-menu" className="docs-menu-toggle" />
          <label htmlFor="docs-menu" className="docs-menu-button">
            {t("menu")}
          </label>
          {/* Folded by the menu toggle on a phone (site.css selects it by class: its label is in the site's language). */}
          <nav className="docs-pages" aria-label={t("pages")}>
            <a className="docs-home" href={href(ctx, tree.path)} aria-current={node.pageId === tree.pageId ? "page" : undefined}>
              {tree.title}
            </a>
            <NavTree ctx={ctx} node={tree} current={node} />
          </nav>
        </aside>
        <article className={lookClasses("docs-content", node.look)}>
          <Breadcrumbs ctx={ctx} node={node} />
          <PageHeader ctx={ctx} node={node} />
          <PageTools ctx={ctx} node={node} />
          <NotionBody ctx={ctx} recordMap={node.recordMap} pageId={node.pageId} />
          <Feedback ctx={ctx} node={node} />
          <CommentsSection ctx={ctx} pageId={node.pageId} />
          <TreeNeighbours ctx={ctx} node={node} />
        </article>
        {toc.length >= 2 ? (
          <nav className="docs-toc" aria-label={t("onThisPage")}>
            <p>{t("onThisPage")}</p>
            <ol>
              {toc.map((h) => (
                <li key={h.id} className={`toc-level-${h.level}`}>
                  <a href={`#${h.id}`} data-toc>
                    {h.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
      </div>
    </Document>
  );
}

export function HelpPage({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  const contact = ctx.settings.contactUrl;
  const { t } = ctx.i18n;
  const contactLink = (chunks: ReactNode[]) => (
    <a key="contact" href={contact}>
      {chunks}
    </a>
  );
  if (node.depth === 0) {
    const categories = node.children.filter((n) => n.children.length > 0);
    const articles = node.children.filter((n) => n.children.length === 0);
    return (
      <Document ctx={ctx} meta={{ path: "/", title: siteName(ctx), description: ctx.settings.description || t("answersFrom", { name: siteName(ctx) }) }} island>
        <PageCover ctx={ctx} look={node.look} blockId={node.pageId} />
        <div className="help-hero">
          <PageIcon ctx={ctx} icon={node.look.icon} blockId={node.pageId} size={128} />
          <h1>{siteName(ctx)}</h1>
          <SearchBox ctx={ctx} variant="large" />
        </div>
        {/* The home page's own content, as on every site type; its sub-page links are the category cards below. */}
        <div className="help-home-body">
          <NotionBody ctx={ctx} recordMap={node.recordMap} pageId={node.pageId} />
        </div>
        {/* Pages with articles are categories; pages without (every row of a database used as the root) are articles. */}
        {categories.length ? (
        <ul className="category-grid">
          {categories.map((category) => (
            <li key={category.pageId}>
              <a href={href(ctx, category.path)} className="category-card">
                {category.look.icon ? (
                  <span className="category-icon">
                    <PageIcon ctx={ctx} icon={category.look.icon} blockId={category.pageId} size={64} />
                  </span>
                ) : null}
                <span className="category-title">{category.title}</span>
                <CategoryLine category={category} />
                <span className="category-count">{t("articleCount", { count: category.children.length })}</span>
              </a>
            </li>
          ))}
        </ul>
        ) : null}
        {articles.length ? (
          <ul className="article-list help-articles">
            {articles.map((article) => (
              <li key={article.pageId}>
                <a href={href(ctx, article.path)}>{article.title}</a>
              </li>
            ))}
          </ul>
        ) : null}
        <RecentlyUpdated ctx={ctx} categories={categories} />
        {contact ? (
          <p className="contact">{ctx.i18n.parts<ReactNode>("cantFindAnswer", { a: contactLink })}</p>
        ) : null}
      </Document>
    );
  }
  const isCategory = node.depth === 1 && node.children.length > 0;
  const related = (node.parent?.children ?? []).filter((n) => n.pageId !== node.pageId).slice(0, 5);
  return (
    <Document
      ctx={ctx}
      meta={{
        path: node.path,
        title: node.title,
        description: `${node.title} — ${siteName(ctx)}`,
        type: isCategory ? "website" : "article",
        jsonLd: isCategory ? [] : [treeArticleJsonLd(ctx, node, "Article", null), faqJsonLd(node.recordMap, node.pageId)],
        breadcrumbs: treeCrumbs(ctx, node),
      }}
      island
    >
      <div className={lookClasses("help-page", node.look)}>
        <SearchBox ctx={ctx} />
        <Breadcrumbs ctx={ctx} node={node} />
        <PageHeader ctx={ctx} node={node} />
        {isCategory ? (
          <>
            {/* A category's own content (text, an inline database) shows as on every other site type; its sub-page
                links are the list of articles below. */}
            <div className="help-home-body">
              <NotionBody ctx={ctx} recordMap={node.recordMap} pageId={node.pageId} />
            </div>
            <ul className="article-list">
              {node.children.map((article) => (
                <li key={article.pageId}>
                  <a href={href(ctx, article.path)}>{article.title}</a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <PageTools ctx={ctx} node={node} />
            <NotionBody ctx={ctx} recordMap={node.recordMap} pageId={node.pageId} />
            <Feedback ctx={ctx} node={node} />
          <CommentsSection ctx={ctx} pageId={node.pageId} />
            {related.length ? (
              <section className="related-articles" aria-labelledby="related-title">
                <h2 id="related-title">{t("relatedArticles")}</h2>
                <ul>
                  {related.map((n) => (
                    <li key={n.pageId}>
                      <a href={href(ctx, n.path)}>{n.title}</a>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
        {contact ? (
          <p className="contact">{ctx.i18n.parts<ReactNode>("stillStuck", { a: contactLink })}</p>
        ) : null}
      </div>
    </Document>
  );
}

/** What a category holds, in the words its page opens with (a card's one line, as HelpKit's category cards have). */
function CategoryLine({ category }: { category: TreeNode }) {
  const line = cardLine(firstLineOfPage(category.recordMap, category.pageId));
  return line ? <span className="category-desc">{line}</span> : null;
}

/** The help desk home's latest edits: the articles of every category, most recently updated first, with their category. */
function RecentlyUpdated({ ctx, categories }: { ctx: Ctx; categories: TreeNode[] }) {
  const recent = categories
    .flatMap((category) => category.children.map((article) => ({ article, category })))
    .sort((a, b) => b.article.lastEdited - a.article.lastEdited)
    .slice(0, 6);
  if (recent.length < 2) return null;
  return (
    <section className="recently-updated" aria-labelledby="recently-updated-title">
      <h2 id="recently-updated-title">{ctx.i18n.t("recentlyUpdated")}</h2>
      <ul>
        {recent.map(({ article, category }) => (
          <li key={article.pageId}>
            <a href={href(ctx, article.path)}>{article.title}</a> <span className="in-category">in {category.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A simple site's top pages are its header menu (document.tsx), unless the owner set navigation links. */
export function SimplePage({ ctx, node }: { ctx: Ctx; node: TreeNode }) {
  return (
    // Simple pages ship no script, unless a video facade needs the island to start its player.
    <Document
      ctx={ctx}
      meta={{
        path: node.path,
        title: node.depth === 0 ? siteName(ctx) : node.title,
        description: ctx.settings.description || `${node.title} — ${siteName(ctx)}`,
        jsonLd: [faqJsonLd(node.recordMap, node.pageId)],
        breadcrumbs: treeCrumbs(ctx, node),
      }}
      island={hasVideoFacade(node.recordMap)}
    >
      <article className={lookClasses("simple-page", node.look)}>
        <PageHeader ctx={ctx} node={node} title={node.depth === 0 ? siteName(ctx) : node.title} />
        <NotionBody ctx={ctx} recordMap={node.recordMap} pageId={node.pageId} />
      </article>
    </Document>
  );
}

/** The search results page (without JavaScript, or when opened directly). */
export function SearchPage({ ctx, query, results }: { ctx: RenderContext; query: string; results: { title: string; url: string; snippet: string }[] }) {
  const { t } = ctx.i18n;
  return (
    <Document ctx={ctx} meta={{ path: "/_/search", title: query ? t("searchQueryTitle", { query }) : t("search"), description: t("searchSite", { name: siteName(ctx) }), noindex: true }} island>
      <div className="search-page">
        <h1>{t("search")}</h1>
        <SearchBox ctx={ctx} variant="large" />
        {query ? (
          results.length ? (
            <ol className="search-results">
              {results.map((r) => (
                <li key={r.url}>
                  <a href={r.url}>{r.title}</a>
                  {/* Snippets are escaped by the server; <mark> is the only markup. */}
                  <p dangerouslySetInnerHTML={{ __html: r.snippet }} />
                </li>
              ))}
            </ol>
          ) : (
            <p role="status">{t("noResultsFor", { query })}</p>
          )
        ) : null}
      </div>
    </Document>
  );
}
