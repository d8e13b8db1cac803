import type { SiteOverview } from "@/core/sites/get-site-overview";

/**
 * What the last sync left out because Notion would not let us read it, and why: visitors see such a page's title
 * without a link (or no trace of such a database), so the owner learns here what to share or move.
 */
export function SkippedPages({ skipped }: { skipped: SiteOverview["skippedPages"] }) {
  if (!skipped.length) return null;
  return (
    <div className="mt-3" data-testid="skipped-pages">
      <p className="text-sm font-medium text-neutral-200">Skipped pages ({skipped.length})</p>
      <p className="mt-1 text-sm text-neutral-400">
        Notion would not let us read these, so they are not published: no link, not in navigation, search or the sitemap.
        Share them to the web (or with the connection) in Notion, then sync again.
      </p>
      <ul className="mt-2 space-y-1 text-sm text-neutral-300">
        {skipped.map((page) => (
          <li key={page.id}>
            <span className="text-neutral-100">{page.title}</span>
            <span className="text-neutral-400">
              {" "}
              — {page.kind === "database" ? "a database" : "a sub-page"} on “{page.parentTitle}”: restricted, not shared or deleted in Notion
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
