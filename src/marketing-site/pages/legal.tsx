import type { PageMeta } from "../page-meta";
import { CONTAINER } from "@/marketing-site/components/sections";
import type { LegalPage } from "../content/legal";

export const legalMeta = (page: LegalPage): PageMeta => ({ title: page.title, description: page.description, path: page.path });

/** Terms, Privacy and Contact: short plain pages (content/legal.ts); Contact adds the team's address when set. */
export function LegalPageView({ page, teamEmail, sourceUrl }: { page: LegalPage; teamEmail?: string; sourceUrl: string }) {
  return (
    <article className={`${CONTAINER} max-w-3xl py-14`}>
      <h1 className="text-4xl font-bold tracking-tight text-neutral-900">{page.title}</h1>
      {page.sections.map((s) => (
        <section key={s.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-neutral-900">{s.heading}</h2>
          <p className="mt-2 text-neutral-700">{s.text}</p>
        </section>
      ))}
      {page.path === "/contact" ? (
        <ul className="mt-8 space-y-2 text-neutral-800">
          {teamEmail ? (
            <li>
              Email:{" "}
              <a href={`mailto:${teamEmail}`} className="text-[#1a44b8] underline">
                {teamEmail}
              </a>
            </li>
          ) : null}
          <li>
            Source code and issues:{" "}
            <a href={sourceUrl} className="text-[#1a44b8] underline">
              {sourceUrl.replace(/^https?:\/\//, "")}
            </a>
          </li>
        </ul>
      ) : null}
    </article>
  );
}
