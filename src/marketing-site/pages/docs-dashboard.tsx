import type { PageMeta } from "../page-meta";
import { PRODUCT_NAME } from "@/lib/brand";
import { DASHBOARD_DOCS, dashboardDocPath, type DashboardDoc } from "../content/dashboard-docs";

/** The dashboard's screens, one short page each; each screen's "Learn more" opens its page. */

export const indexMeta: PageMeta = {
  title: "The dashboard",
  description: `Every screen of a site's dashboard in ${PRODUCT_NAME}: what it does and what each setting changes.`,
  path: "/docs/dashboard",
};

export const screenMeta = (doc: DashboardDoc): PageMeta => ({
  title: `${doc.title} · Dashboard`,
  description: doc.summary,
  path: dashboardDocPath(doc.screen),
});

export function DashboardDocsIndex() {
  return (
    <>
      <h1>The dashboard</h1>
      <p>Each of your sites has these screens in the dashboard. Some appear only for the site types that use them.</p>
      <ul>
        {DASHBOARD_DOCS.map((doc) => (
          <li key={doc.screen}>
            <a href={dashboardDocPath(doc.screen)}>{doc.title}</a>: {doc.summary}
            {doc.only ? ` (${doc.only} only.)` : ""}
          </li>
        ))}
      </ul>
    </>
  );
}

export function DashboardScreenDoc({ doc }: { doc: DashboardDoc }) {
  return (
    <>
      <p>
        <a href="/docs/dashboard">The dashboard</a> / {doc.title}
      </p>
      <h1>{doc.title}</h1>
      <p>
        <strong>{doc.summary}</strong>
        {doc.only ? ` ${doc.only} only.` : ""}
      </p>
      {doc.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {doc.points.length ? (
        <ul>
          {doc.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
