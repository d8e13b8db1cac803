import type { PageMeta } from "../page-meta";
import { DocsTable } from "@/marketing-site/components/docs-table";
import { PRODUCT_NAME } from "@/lib/brand";
import { SITE_TYPE_INFO, SITE_TYPE_ORDER } from "@/lib/site-types";
import { signupHref } from "@/lib/signup-link";

export const meta: PageMeta = {
  title: "Docs",
  description: `How ${PRODUCT_NAME} works: creating a site from a public Notion page, site types, updates, domains and hosting under a path.`,
  path: "/docs",
};

export function DocsHome() {
  return (
    <>
      <h1>{PRODUCT_NAME} docs</h1>
      <p>
        {PRODUCT_NAME} publishes a public Notion page as a website. You keep writing in Notion; the site follows within seconds of a
        visit. These pages explain how to set one up and the options you have.
      </p>

      <h2>Create a site</h2>
      <ol>
        <li>
          Make the Notion page public (<a href="/help/make-a-notion-page-public">Share → Publish</a>).
        </li>
        <li>
          <a href={signupHref("docs")}>Sign in</a> and open <strong>Create a site</strong>: pick a type, paste the page&rsquo;s
          link (it is checked as you type), choose a subdomain.
        </li>
        <li>The site is published at once; the first sync runs while you watch.</li>
      </ol>

      <h2>Site types</h2>
      <DocsTable
        columns={["Type", "What it is", "The Notion page"]}
        rows={SITE_TYPE_ORDER.map((t) => ({ key: t, cells: [SITE_TYPE_INFO[t].label, SITE_TYPE_INFO[t].description, SITE_TYPE_INFO[t].notionPage] }))}
      />

      <h2>How updates work</h2>
      <p>
        Each site keeps a copy of its Notion content. Visitors are always served from that copy, so pages are fast and stay up if
        Notion is slow or the page is unpublished. When the copy is older than a few seconds, the next visit starts a refresh in
        the background that fetches only the rows and pages whose last-edited time changed. <strong>Sync now</strong> in the
        dashboard refreshes immediately.
      </p>

      <h2>Where a site lives</h2>
      <ul>
        <li>On a subdomain we give it: <code>blog.acme</code>, <code>changelog.acme</code>, <code>roadmap.acme</code>, <code>doc.acme</code> (versioned docs) or <code>acme</code> (docs, help desk, simple) under the apps domain.</li>
        <li>
          On <a href="/docs/features/custom-domains">your own domain</a>, with HTTPS.
        </li>
        <li>
          Under a path of your existing website, such as <code>example.com/docs</code>:{" "}
          <a href="/docs/features/hosting-under-a-docs-path">hosting under a docs path</a>.
        </li>
      </ul>

      <h2>For search engines and AI tools</h2>
      <p>
        Every site has <code>/sitemap.xml</code>, <code>/robots.txt</code>, canonical URLs and social cards; blogs and changelogs
        have <code>/rss.xml</code>. <code>/llms.txt</code> and <code>/llms-full.txt</code> list the content for AI tools, and any
        page is available as Markdown by adding <code>.md</code> to its path.
      </p>
    </>
  );
}
