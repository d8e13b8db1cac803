import { renderToStaticMarkup } from "react-dom/server";
import type { Route } from "../model/site-model";
import type { RenderContext } from "./context";
import { BlogIndex, ChangelogIndex, EntryList, EntryPage, RoadmapBoard } from "./database-pages";
import { Document } from "./document";

/** One route of a site → a complete HTML document. */
export function renderRoute(ctx: RenderContext, route: Route): string {
  const model = ctx.model;
  const c = ctx as RenderContext & { model: typeof model };
  let element;
  switch (route.kind) {
    case "index":
      element = model.siteType === "blog" ? <BlogIndex ctx={c} page={route.page} /> : model.siteType === "changelog" ? <ChangelogIndex ctx={c} /> : <RoadmapBoard ctx={c} />;
      break;
    case "entry":
      element = <EntryPage ctx={c} entry={route.entry} />;
      break;
    case "tag":
      element = <EntryList ctx={c} title={`Tagged “${route.tag}”`} path={route.path} entries={route.entries} description={`Posts tagged ${route.tag}`} />;
      break;
    case "author":
      element = <EntryList ctx={c} title={`Posts by ${route.author}`} path={route.path} entries={route.entries} description={`Posts by ${route.author}`} />;
      break;
  }
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}

/** The site's own 404 page, with its header and footer. */
export function renderNotFound(ctx: RenderContext, path: string): string {
  return `<!doctype html>${renderToStaticMarkup(
    <Document ctx={ctx} meta={{ path, title: "Page not found", description: "This page does not exist.", noindex: true }}>
      <div className="intro not-found">
        <h1>Page not found</h1>
        <p className="lead">There is nothing at this address. It may have moved or been unpublished.</p>
        <p>
          <a href={`${ctx.basePath}/`}>Go to the home page</a>
        </p>
      </div>
    </Document>,
  )}`;
}
