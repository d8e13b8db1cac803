import type { PageMeta } from "../page-meta";
import { Icon } from "@/marketing-site/components/icon";
import { CONTAINER } from "@/marketing-site/components/sections";
import { SITE_TYPE_INFO } from "@/lib/site-types";
import { signupHref } from "@/lib/signup-link";
import { templateCsvPath, templateSteps } from "@/lib/notion-templates";
import type { SiteTypePage as SiteTypePageContent } from "../content/site-type-pages";
import { showcaseCards } from "../content/showcase";
import { ShowcaseFigure } from "../components/showcase";

export function siteTypeMeta(page: SiteTypePageContent): PageMeta {
  return { title: `${SITE_TYPE_INFO[page.siteType].label} from Notion`, description: page.intro, path: `/site-types/${page.slug}` };
}

/** A page per site type: what visitors get, the exact Notion structure to build, and a link into /new-site. */
export function SiteTypePage({ page, templateUrl, liveUrl, appsDomain }: { page: SiteTypePageContent; templateUrl?: string; liveUrl?: string; appsDomain: string }) {
  const label = SITE_TYPE_INFO[page.siteType].label;
  const csv = templateCsvPath(page.siteType);
  const create = signupHref(`site-type-${page.slug}`, `/new-site?siteType=${page.siteType}`);
  return (
    <article>
      <header className="bg-gradient-to-b from-[#eef2ff] to-white py-14 sm:py-20">
        <div className={CONTAINER}>
          <p className="text-sm font-semibold uppercase tracking-wide text-[#1a44b8]">{label}</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight text-balance text-neutral-900 sm:text-5xl">{page.headline}</h1>
          <p className="mt-5 max-w-2xl text-lg text-neutral-700">{page.intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={create} className="rounded-md bg-[#2255dd] px-5 py-3 font-medium text-white hover:bg-[#1a44b8]">
              Create a {label.toLowerCase()}
            </a>
            {templateUrl ? (
              <a href={templateUrl} className="rounded-md border border-neutral-300 bg-white px-5 py-3 font-medium text-neutral-900 hover:bg-neutral-50">
                Duplicate in Notion
              </a>
            ) : csv ? (
              <a href={csv} download className="rounded-md border border-neutral-300 bg-white px-5 py-3 font-medium text-neutral-900 hover:bg-neutral-50">
                Download the template
              </a>
            ) : null}
          </div>
        </div>
      </header>

      <div className={`${CONTAINER} grid gap-12 py-12 lg:grid-cols-[1fr_1.3fr]`}>
        <section aria-labelledby="visitors-heading" className="min-w-0">
          <h2 id="visitors-heading" className="text-2xl font-bold tracking-tight text-neutral-900">
            What your visitors get
          </h2>
          <ul className="mt-5 space-y-3 text-neutral-800">
            {page.visitorsGet.map((line) => (
              <li key={line} className="flex gap-2">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-[#1a44b8]" />
                {line}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-neutral-700">
            Address: <code className="rounded bg-neutral-100 px-1.5 py-0.5">{`${page.addressExample}.${appsDomain}`}</code>, or your own domain on Pro.
          </p>
          <div className="mt-8 max-w-md">
            <ShowcaseFigure card={showcaseCards(liveUrl ? { [page.siteType]: liveUrl } : {}).find((c) => c.siteType === page.siteType)!} showPage={false} />
          </div>
        </section>

        <section aria-labelledby="notion-heading" className="min-w-0">
          <h2 id="notion-heading" className="text-2xl font-bold tracking-tight text-neutral-900">
            The Notion page it needs
          </h2>
          {csv && !templateUrl ? (
            <>
              <p className="mt-3 text-neutral-700">Start from the template, in three steps:</p>
              <ol className="mt-3 list-decimal space-y-2 pl-6 text-neutral-800">
                {templateSteps(page.siteType).map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <p className="mt-4 text-neutral-700">
                Already have a database? The create form can map its properties to these, or build it yourself:
              </p>
            </>
          ) : (
            <p className="mt-3 text-neutral-700">
              {templateUrl ? "Duplicate the template above, or build it yourself:" : "Any page works. Here is how to shape it; the create form checks the page as you paste its link."}
            </p>
          )}
          <ol className="mt-5 list-decimal space-y-2 pl-6 text-neutral-800">
            {page.build.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          {page.database ? (
            <div className="mt-6 overflow-x-auto">
              <table className="w-full min-w-[30rem] border-collapse text-left text-sm">
                <caption className="mb-2 text-left font-semibold text-neutral-900">
                  Database properties ({page.database.view} view first)
                </caption>
                <thead>
                  <tr className="border-b border-neutral-300">
                    <th scope="col" className="py-2 pr-3">
                      Property
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Type
                    </th>
                    <th scope="col" className="py-2">
                      Used for
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.database.properties.map((p) => (
                    <tr key={p.name} className="border-b border-neutral-200 align-top">
                      <th scope="row" className="py-2 pr-3 font-mono font-semibold">
                        {p.name}
                      </th>
                      <td className="py-2 pr-3">{p.type}</td>
                      <td className="py-2 text-neutral-700">{p.note}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <p className="mt-6 text-neutral-700">
            The page must be public:{" "}
            <a href="/help/make-a-notion-page-public" className="font-medium text-[#1a44b8] underline">
              how to make a Notion page public
            </a>
            .
          </p>
        </section>
      </div>
    </article>
  );
}
