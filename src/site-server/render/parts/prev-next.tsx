import { href, type RenderContext } from "../context";

type Neighbour = { path: string; title: string };

/** The previous and next page links at the foot of a page (an empty cell keeps "Next" on the right when there is no previous). */
export function PrevNext({ ctx, prev, next, label }: { ctx: RenderContext; prev: Neighbour | undefined; next: Neighbour | undefined; label: string }) {
  if (!prev && !next) return null;
  return (
    <nav className="prev-next" aria-label={label}>
      {prev ? (
        <a href={href(ctx, prev.path)} rel="prev">
          <span>{ctx.i18n.t("previous")}</span>
          {prev.title}
        </a>
      ) : (
        <span />
      )}
      {next ? (
        <a href={href(ctx, next.path)} rel="next">
          <span>{ctx.i18n.t("next")}</span>
          {next.title}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
