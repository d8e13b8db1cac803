import { CONTAINER } from "@/marketing-site/components/sections";
import { DOCS_LINKS } from "../content/nav";

/** Product docs: a list of the pages beside the article. */
export function DocsLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className={`${CONTAINER} grid gap-10 py-10 md:grid-cols-[14rem_1fr] md:py-14`}>
      <nav aria-label="Docs" className="md:sticky md:top-24 md:self-start">
        <p className="text-sm font-semibold text-neutral-900">Docs</p>
        <ul className="mt-2 space-y-1">
          {DOCS_LINKS.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="block rounded-md px-2 py-1.5 text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <article className="docs-prose min-w-0 max-w-3xl">{children}</article>
    </div>
  );
}
