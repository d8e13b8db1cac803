import type { PageMeta } from "../page-meta";
import { Code } from "@/marketing-site/components/code";
import { DocsTable } from "@/marketing-site/components/docs-table";
import { FEATURE_LABELS, planForFeature } from "@/lib/plans";

export const meta: PageMeta = {
  title: "Custom domains",
  description: "Serve a site on your own domain: the TXT and CNAME records to create, verification, HTTPS and apex domains.",
  path: "/docs/features/custom-domains",
};

const CADDYFILE = `{
	on_demand_tls {
		ask http://localhost:3000/api/domains/allow
	}
}

# The app (APP_URL=https://app.example.io, APPS_DOMAIN=example.site).
app.example.io, example.site, www.example.site {
	reverse_proxy localhost:3000
}

# Sites' own addresses and owners' custom domains: a certificate per host, on first visit, if the app allows it.
https:// {
	tls {
		on_demand
	}
	reverse_proxy localhost:3000
}`;

/** Custom domains as implemented in src/core/domains/ (docs/contracts.md §4). */
export function CustomDomainsDocs() {
  const plan = planForFeature("customDomain");
  return (
    <>
      <h1>Custom domains</h1>
      <p>
        Any site can be served on your own domain, such as <code>blog.acme.com</code> or <code>docs.acme.com</code>. Once the
        domain is verified the site is served there with HTTPS, and its subdomain address redirects (301) to it, so links you
        shared before keep working. {FEATURE_LABELS.customDomain} is part of the {plan.name} plan.
      </p>

      <h2>1. Enter the domain</h2>
      <p>
        In the dashboard, open the site&rsquo;s <strong>Domain</strong> screen and enter the domain. The screen lists the records
        to create, with the values for your site.
      </p>

      <h2>2. Create the DNS records</h2>
      <DocsTable
        columns={["Type", "Name", "Value"]}
        rows={[
          { key: "TXT", cells: ["TXT", <code key="n">_site-verify.blog.acme.com</code>, "the token shown on the Domain screen (proves the domain is yours)"] },
          {
            key: "CNAME",
            cells: [
              "CNAME",
              <code key="n">blog.acme.com</code>,
              <>
                the site&rsquo;s own address, e.g. <code>blog.acme.example.site</code>
              </>,
            ],
          },
        ]}
      />
      <p>
        <strong>Apex domains</strong> (a name with two labels, like <code>acme.com</code>) cannot have a CNAME: create{" "}
        <code>A</code>/<code>AAAA</code> records with the addresses the Domain screen shows instead. A name such as{" "}
        <code>acme.co.uk</code> also counts as an apex, so use a subdomain like <code>www.acme.co.uk</code> there.
      </p>

      <h2>3. Verify</h2>
      <p>
        Press <strong>Verify</strong>. Both records must be in place: the TXT token <em>and</em> the domain pointing at us. A
        failed check lists exactly what is missing and changes nothing; DNS changes can take a few minutes to show, so try again
        shortly. A verified domain stays verified through a failed or flaky re-check.
      </p>
      <ul>
        <li>A domain belongs to one site at a time.</li>
        <li>The product&rsquo;s own domains and names under them are refused.</li>
        <li>Removing the domain stops serving it at once; the subdomain address works again.</li>
      </ul>

      <h2>HTTPS when you host it yourself</h2>
      <p>
        Put Caddy in front of the app with on-demand TLS. Before getting a certificate Caddy asks{" "}
        <code>GET /api/domains/allow?domain=&lt;host&gt;</code>: the app answers 200 for verified custom domains and its own
        hosts, 404 for anything else. Run the app with <code>TRUST_PROXY=1</code> behind it.
      </p>
      <Code title="Caddyfile">{CADDYFILE}</Code>
      <p>
        Want the site under a path of a domain you already serve, like <code>acme.com/docs</code>? See{" "}
        <a href="/docs/features/hosting-under-a-docs-path">hosting under a docs path</a>.
      </p>
    </>
  );
}
