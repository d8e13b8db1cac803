"use client";

import { useEffect, useState } from "react";
import toast from "react-hot-toast";
import { readPublicConfig } from "@/lib/public-config";
import { CONVERSION } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";
import { useRouter } from "next/navigation";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import type { DomainState } from "@/core/domains/domain-state";
import { DOMAIN_CLAIM_TTL_DAYS } from "@/lib/domain-claims";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField } from "@/components/fields";
import { useAction } from "@/components/use-action";
import { FieldErrors } from "@/components/field-errors";
import { DataTable } from "@/components/data-table";

/** The placeholder's first label follows the site's type (not "docs." on a blog). */
export const DOMAIN_PLACEHOLDER_LABEL: Record<SiteOverview["siteType"], string> = {
  blog: "blog",
  changelog: "changelog",
  roadmap: "roadmap",
  docs: "docs",
  docsv2: "docs",
  help_desk: "help",
  simple: "www",
};

const AUTO_RECHECK_MS = 60_000;

/** What an owner pastes is often a whole address ("https://www.Example.com/"): keep only the host part. */
const typedDomain = (input: string) => input.trim().replace(/^https?:\/\//i, "").replace(/\/+$/, "").toLowerCase();

/** The custom domain: set it, create the DNS records shown, verify; only a verified domain serves the site. */
export function DomainSection({ site }: { site: SiteOverview }) {
  const router = useRouter();
  const [state, setState] = useState<DomainState | null>(null);
  const [domain, setDomain] = useState("");
  const saving = useAction();
  useEffect(() => {
    const ctrl = new AbortController();
    siteRpc
      .call("getSiteDomain", { siteId: site.siteId }, { signal: ctrl.signal })
      .then((s) => {
        setState(s);
        // The lookup can take seconds (DNS): never overwrite what the owner has typed meanwhile.
        setDomain((typed) => typed || (s.domain ?? ""));
      })
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [site.siteId]);

  // While the screen is open and the domain waits for its records, check again every minute without a click
  // (DNS changes take minutes to show, and owners should not have to keep pressing Verify).
  const waiting = Boolean(state?.domain && !state.verified);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      siteRpc
        .call("verifySiteDomain", { siteId: site.siteId })
        .then((next) => {
          setState(next);
          if (next.verified) router.refresh();
        })
        .catch(() => undefined);
    }, AUTO_RECHECK_MS);
    return () => clearInterval(timer);
  }, [waiting, site.siteId, router]);

  const apply = (next: DomainState | undefined) => {
    if (!next) return;
    setState(next);
    router.refresh();
  };

  return (
    <Panel title="Custom domain" description={`Your site is always at ${site.subdomainUrl.replace(/^https?:\/\//, "")}. With a verified domain, that address sends visitors to it.`}>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void saving.run(() => siteRpc.call("updateSiteDomain", { siteId: site.siteId, domain: typedDomain(domain) }), { success: "Domain saved", field: "domain" }).then((saved) => {
            if (saved) trackConversion(readPublicConfig().tracking, CONVERSION.addCustomDomain, { siteType: site.siteType });
            // The field shows the domain as saved ("https://www.Blog.Example.com/" becomes "www.blog.example.com").
            if (saved?.domain) setDomain(saved.domain);
            apply(saved);
          });
        }}
      >
        <div className="min-w-0 flex-1">
          <FieldErrors value={saving.errors}>
            <TextField label="Domain" field="domain" placeholder={`${DOMAIN_PLACEHOLDER_LABEL[site.siteType]}.example.com`} autoComplete="off" value={domain} onChange={(e) => setDomain(e.target.value)} />
          </FieldErrors>
        </div>
        <Button type="submit" loading={saving.pending} disabled={!typedDomain(domain) || typedDomain(domain) === state?.domain}>
          Save domain
        </Button>
      </form>

      <DomainRecords site={site} state={state} apply={apply} onRemoved={() => setDomain("")} />
    </Panel>
  );
}

/** The saved domain: whether it serves the site, the DNS records to create, what is wrong, and the buttons to check or remove it. */
function DomainRecords({ site, state, apply, onRemoved }: { site: SiteOverview; state: DomainState | null; apply: (next: DomainState | undefined) => void; onRemoved: () => void }) {
  const checking = useAction();
  const removing = useAction();
  return (
    <>
      {state?.domain ? (
        <div className="space-y-4">
          <p className="text-sm" role="status" data-testid="domain-status">
            {state.verified ? (
              <>
                <span className="text-green-300">{state.domain} is verified and serves this site ✓</span>
                <span className="mt-1 block" data-testid="https-status">
                  {state.httpsActiveSince ? (
                    <span className="text-green-300">HTTPS: active since {new Date(state.httpsActiveSince).toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric" })}</span>
                  ) : (
                    <span className="text-amber-300">HTTPS: pending. The certificate is requested at the first visit over https, which can take a minute.</span>
                  )}
                </span>
              </>
            ) : (
              <span className="text-amber-300">
                {state.domain} is not verified yet. Create these DNS records, then check within {DOMAIN_CLAIM_TTL_DAYS} days: the first site to verify a domain gets it. While this
                screen is open we check again every minute.
              </span>
            )}
          </p>
          <div className="overflow-x-auto">
            <DataTable
              rows={state.records}
              rowKey={(r) => `${r.type}|${r.name}|${r.value}`}
              rowClassName="align-top"
              columns={[
                { header: "Type", cell: (r) => r.type, className: "font-mono" },
                { header: "Name", cell: (r) => r.name, className: "font-mono break-all" },
                {
                  header: "Value",
                  className: "font-mono break-all",
                  cell: (r) => (
                    <>
                      {r.value}
                      <CopyButton text={r.value} what={`${r.type} value`} />
                    </>
                  ),
                },
                { header: "Found", cell: (r) => (r.ok === null ? "–" : r.ok ? "✓" : "✗") },
              ]}
            />
          </div>
          {state.problems.length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm text-amber-300" data-testid="domain-problems">
              {state.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button loading={checking.pending} onClick={() => void checking.run(() => siteRpc.call("verifySiteDomain", { siteId: site.siteId })).then(apply)}>
              {state.verified ? "Check again" : "Verify DNS"}
            </Button>
            <Button
              variant="secondary"
              loading={removing.pending}
              onClick={() =>
                void removing.run(() => siteRpc.call("updateSiteDomain", { siteId: site.siteId, domain: null }), { success: "Domain removed" }).then((s) => {
                  apply(s);
                  if (s) onRemoved();
                })
              }
            >
              Remove domain
            </Button>
          </div>
        </div>
      ) : state?.problems.length ? (
        // Say why a domain is gone (an unverified claim that expired).
        <p className="text-sm text-amber-300" role="status" data-testid="domain-problems">
          {state.problems.join(" ")}
        </p>
      ) : null}
    </>
  );
}

/** Copies a record's value, which owners otherwise retype into their DNS provider. */
function CopyButton({ text, what }: { text: string; what: string }) {
  return (
    <button
      type="button"
      className="ml-2 rounded border border-neutral-700 px-1.5 py-0.5 font-sans text-xs text-neutral-300 hover:bg-neutral-800"
      onClick={() => void navigator.clipboard.writeText(text).then(() => toast.success("Copied"), () => toast.error("Could not copy"))}
    >
      Copy<span className="sr-only"> {what}</span>
    </button>
  );
}
