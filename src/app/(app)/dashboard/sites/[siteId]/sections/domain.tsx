"use client";

import { useEffect, useState } from "react";
import { readPublicConfig } from "@/lib/public-config";
import { CONVERSION } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";
import { useRouter } from "next/navigation";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { DOMAIN_CLAIM_TTL_DAYS, type DomainState } from "@/core/domains/domain-state";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField } from "@/components/fields";
import { useAction } from "@/components/use-action";

/** The custom domain: set it, create the DNS records shown, verify; only a verified domain serves the site. */
export function DomainSection({ site }: { site: SiteOverview }) {
  const router = useRouter();
  const [state, setState] = useState<DomainState | null>(null);
  const [domain, setDomain] = useState("");
  const saving = useAction();
  const checking = useAction();
  const removing = useAction();
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
          void saving.run(() => siteRpc.call("updateSiteDomain", { siteId: site.siteId, domain: domain.trim().toLowerCase() }), { success: "Domain saved" }).then((saved) => {
            if (saved) trackConversion(readPublicConfig().tracking, CONVERSION.addCustomDomain, { siteType: site.siteType });
            apply(saved);
          });
        }}
      >
        <div className="min-w-0 flex-1">
          <TextField label="Domain" placeholder="docs.example.com" autoComplete="off" value={domain} onChange={(e) => setDomain(e.target.value)} />
        </div>
        <Button type="submit" loading={saving.pending} disabled={!domain.trim() || domain.trim().toLowerCase() === state?.domain}>
          Save domain
        </Button>
      </form>

      {state?.domain ? (
        <div className="space-y-4">
          <p className="text-sm" role="status" data-testid="domain-status">
            {state.verified ? (
              <span className="text-green-300">
                {state.domain} is verified and serves this site ✓
              </span>
            ) : (
              <span className="text-amber-300">
                {state.domain} is not verified yet. Create these DNS records, then check within {DOMAIN_CLAIM_TTL_DAYS} days: the first site to verify a domain gets it.
              </span>
            )}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-neutral-400">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">Type</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Value</th>
                  <th scope="col" className="py-2 font-medium">Found</th>
                </tr>
              </thead>
              <tbody>
                {state.records.map((r) => (
                  <tr key={`${r.type}|${r.name}|${r.value}`} className="border-t border-neutral-800 align-top">
                    <td className="py-2 pr-4 font-mono">{r.type}</td>
                    <td className="py-2 pr-4 font-mono break-all">{r.name}</td>
                    <td className="py-2 pr-4 font-mono break-all">{r.value}</td>
                    <td className="py-2">{r.ok === null ? "–" : r.ok ? "✓" : "✗"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
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
                  if (s) setDomain("");
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
    </Panel>
  );
}
