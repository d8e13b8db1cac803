import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { siteTypeHas, type DatabaseSiteType, type TreeSiteType } from "@/lib/site-types";
import type { TreeNode } from "@/site-model/tree-model";
import type { DatabaseSiteModel, Route, TreeSiteModel } from "@/site-model/site-model";
import { DocsPage, HelpPage, SearchPage, SimplePage } from "./tree-pages";
import { accessibleTables, customEmojiAlts } from "./notion-body";
import { videoFacades } from "./video-facade";
import { withRenderNotes } from "./notion-render-notes";
import type { RenderContext } from "./context";
import { BlogIndex, ChangelogIndex, EntryList, EntryPage, RoadmapBoard } from "./database-pages";
import { Document } from "./document";
import { SearchBox } from "./search-box";

type TreeCtx = RenderContext & { model: TreeSiteModel };
type DatabaseCtx = RenderContext & { model: DatabaseSiteModel };

/** Each site type's layouts: a tree type's page, a database type's home. */
const TREE_PAGE: Record<TreeSiteType, (ctx: TreeCtx, node: TreeNode) => ReactElement> = {
  docs: (ctx, node) => <DocsPage ctx={ctx} node={node} />,
  docsv2: (ctx, node) => <DocsPage ctx={ctx} node={node} />,
  help_desk: (ctx, node) => <HelpPage ctx={ctx} node={node} />,
  simple: (ctx, node) => <SimplePage ctx={ctx} node={node} />,
};
const DATABASE_HOME: Record<DatabaseSiteType, (ctx: DatabaseCtx, page: number) => ReactElement> = {
  blog: (ctx, page) => <BlogIndex ctx={ctx} page={page} />,
  changelog: (ctx) => <ChangelogIndex ctx={ctx} />,
  roadmap: (ctx) => <RoadmapBoard ctx={ctx} />,
};

const playLabel = (ctx: RenderContext) => (provider: string) => ctx.i18n.t("playVideoOn", { provider });

/** One route of a site → a complete HTML document. */
export function renderRoute(ctx: RenderContext, route: Route): string {
  const model = ctx.model;
  if (model.kind === "tree") {
    if (route.kind !== "page") throw new Error(`A ${model.siteType} site has no ${route.kind} pages`);
    const page = TREE_PAGE[model.siteType](ctx as TreeCtx, route.node);
    return `<!doctype html>${videoFacades(customEmojiAlts(accessibleTables(withRenderNotes(route.node.path, () => renderToStaticMarkup(page))), ctx), playLabel(ctx))}`;
  }
  const c = ctx as DatabaseCtx;
  let element;
  switch (route.kind) {
    case "index":
      element = DATABASE_HOME[model.siteType](c, route.page);
      break;
    case "entry":
      element = <EntryPage ctx={c} entry={route.entry} />;
      break;
    case "tag":
      element = <EntryList ctx={c} title={ctx.i18n.t("taggedTitle", { tag: route.tag })} path={route.path} entries={route.entries} description={ctx.i18n.t("postsTagged", { tag: route.tag })} />;
      break;
    case "author":
      element = <EntryList ctx={c} title={ctx.i18n.t("postsBy", { author: route.author })} path={route.path} entries={route.entries} description={ctx.i18n.t("postsBy", { author: route.author })} />;
      break;
    case "page":
      throw new Error("Tree pages need a tree site");
  }
  return `<!doctype html>${videoFacades(customEmojiAlts(accessibleTables(withRenderNotes(route.kind === "entry" ? route.entry.path : "/", () => renderToStaticMarkup(element))), ctx), playLabel(ctx))}`;
}

/** The site's own 404 page, with its header and footer. */
export function renderNotFound(ctx: RenderContext, path: string): string {
  const { t } = ctx.i18n;
  return `<!doctype html>${renderToStaticMarkup(
    <Document ctx={ctx} meta={{ path, title: t("pageNotFound"), description: t("pageDoesNotExist"), noindex: true }}>
      <div className="intro not-found">
        <h1>{t("pageNotFound")}</h1>
        <p className="lead">{t("nothingAtThisAddress")}</p>
        {/* Looking for it is the next thing a visitor does (blogs and changelogs have the box in their header). */}
        {siteTypeHas(ctx.model.siteType, "feed") ? null : <SearchBox ctx={ctx} variant="large" />}
        <p>
          <a href={`${ctx.basePath}/`}>{t("goHome")}</a>
        </p>
      </div>
    </Document>,
  )}`;
}

export function renderSearchPage(ctx: RenderContext, query: string, results: { title: string; url: string; snippet: string }[]): string {
  return `<!doctype html>${renderToStaticMarkup(<SearchPage ctx={ctx} query={query} results={results} />)}`;
}
