import { href, type RenderContext } from "./context";

/**
 * The site's search box: a plain form to the results page (/_/search), which works without JavaScript. With the island
 * (/_/site.js) results appear under the box as the visitor types. `loadIsland`: on pages that don't load the island
 * (blogs, changelogs), the inline theme script loads it the first time the visitor goes to the box (data-island).
 */
export function SearchBox({ ctx, variant = "sidebar", loadIsland = false }: { ctx: RenderContext; variant?: "sidebar" | "large" | "header"; loadIsland?: boolean }) {
  const id = variant === "large" ? "search-home" : variant === "header" ? "search-header" : "search-q";
  const className = variant === "large" ? "search search-large" : variant === "header" ? "search search-header" : "search";
  return (
    <form className={className} role="search" method="get" action={href(ctx, "/_/search")} data-island={loadIsland && ctx.islandHref ? `${ctx.basePath}${ctx.islandHref}` : undefined}>
      <label htmlFor={id}>{ctx.i18n.t("search")}</label>
      <input id={id} type="search" name="q" placeholder={ctx.i18n.t(variant === "large" ? "searchForAnswers" : "search")} maxLength={200} autoComplete="off" data-search />
      {variant === "header" ? null : <kbd aria-hidden="true">Ctrl K</kbd>}
    </form>
  );
}
