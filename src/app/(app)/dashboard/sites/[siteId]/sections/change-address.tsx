"use client";

import { useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { notionPageProblem, notionUrlProblem } from "@/lib/notion-page-rules";
import { siteRpc, RpcError } from "@/rpc/client";
import { aborted, useDebouncedCheck } from "@/app/(app)/new-site/use-site-checks";
import { Button } from "@/components/button";
import { Panel, TextField } from "@/components/fields";
import { FieldErrors } from "@/components/field-errors";
import { useSave } from "./use-save";

type Verdict = { status: "idle" | "checking" | "ok" | "problem"; message?: string; key: string };

const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en", { year: "numeric", month: "long", day: "numeric" });

/**
 * "Change subdomain": the new address checked as the create flow checks it, while typing; the old address
 * then sends visitors to the new one for 90 days, and the addresses still doing so are listed.
 */
export function AddressPanel({ site }: { site: SiteOverview }) {
  const [subdomain, setSubdomain] = useState(site.subdomain);
  const [verdict, setVerdict] = useState<Verdict>({ status: "idle", key: "" });
  const saving = useSave();
  const value = subdomain.trim().toLowerCase();
  const unchanged = value === site.subdomain;
  // The site's own address (also right after a change) needs no verdict.
  const current: Verdict = unchanged ? { status: "idle", key: value } : verdict.key === value ? verdict : { status: value ? "checking" : "idle", key: value };

  useDebouncedCheck(value, async (signal) => {
    if (!value || unchanged) return setVerdict({ status: "idle", key: value });
    try {
      const { exists, host } = await siteRpc.call("doesDomainExist", { subdomain: value, siteType: site.siteType }, { signal });
      setVerdict(exists ? { status: "problem", message: "This address is already taken, please choose another subdomain", key: value } : { status: "ok", message: `${host} is free`, key: value });
    } catch (err) {
      if (!aborted(err)) setVerdict({ status: "problem", message: err instanceof Error ? err.message : GENERIC_ERROR_MESSAGE, key: value });
    }
  });

  return (
    <Panel
      title="Address"
      description={`Your site is at ${site.subdomainUrl.replace(/^https?:\/\//, "")}. After a change, the old address sends visitors (and search engines) to the new one for 90 days, and no one else can take it meanwhile.`}
    >
      <FieldErrors value={saving.errors}>
        <TextField label="Subdomain" field="subdomain" value={subdomain} maxLength={63} autoComplete="off" spellCheck={false} onChange={(e) => setSubdomain(e.target.value)} />
      </FieldErrors>
      <p className="text-sm" role="status" data-testid="subdomain-check">
        {current.status === "checking" ? <span className="text-neutral-300">Checking…</span> : null}
        {current.status === "ok" ? <span className="text-green-300">✓ {current.message}</span> : null}
        {current.status === "problem" ? <span className="text-amber-300">{current.message}</span> : null}
      </p>
      {site.settings.publicUrl || site.url !== site.subdomainUrl ? (
        <p className="text-sm text-neutral-400">Your custom domain or public URL stays as it is; a CNAME pointing at the old address keeps working while it redirects, but update it to the new one.</p>
      ) : null}
      <Button
        loading={saving.pending}
        disabled={current.status !== "ok"}
        onClick={() => void saving.save(() => siteRpc.call("updateSiteSubdomain", { siteId: site.siteId, subdomain: value }), "Subdomain changed")}
      >
        Change subdomain
      </Button>
      {site.formerAddresses.length ? (
        <div>
          <p className="text-sm font-medium text-neutral-200">Former addresses</p>
          <ul className="mt-1 space-y-1 text-sm text-neutral-300" data-testid="former-addresses">
            {site.formerAddresses.map((f) => (
              <li key={f.host}>
                <span className="break-all font-mono">{f.host}</span> → here until {dateOf(f.until)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Panel>
  );
}

/**
 * "Change Notion page" for a site read from a public page: the link checked live with the create flow's
 * rules for this site type (and its property mapping); the site moves only when the check says the page fits.
 */
export function ChangeNotionPage({ site }: { site: SiteOverview }) {
  const [url, setUrl] = useState("");
  const [verdict, setVerdict] = useState<Verdict>({ status: "idle", key: "" });
  const saving = useSave();
  const value = url.trim();
  const current: Verdict = verdict.key === value ? verdict : { status: value ? "checking" : "idle", key: value };

  useDebouncedCheck(value, async (signal) => {
    if (!value) return setVerdict({ status: "idle", key: value });
    const early = notionUrlProblem(value);
    if (early) return setVerdict({ status: "problem", message: early, key: value });
    try {
      const inspection = await siteRpc.call("safeGetNotionPageState", { notionPageUrl: value }, { signal });
      const problem = notionPageProblem(site.siteType, inspection, { propertyMap: site.settings.propertyMap });
      setVerdict(problem ? { status: "problem", message: problem, key: value } : { status: "ok", message: "This page can be published as this site", key: value });
    } catch (err) {
      if (!aborted(err)) setVerdict({ status: "problem", message: err instanceof RpcError ? err.message : GENERIC_ERROR_MESSAGE, key: value });
    }
  });

  return (
    <div className="space-y-2" data-testid="change-notion-page">
      <TextField
        label="Change Notion page"
        placeholder="https://www.notion.so/…"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        hint="Another public page for this site. Settings, redirects and subscribers stay; the content is read again from the new page."
      />
      <p className="text-sm" role="status" data-testid="notion-page-check">
        {current.status === "checking" ? <span className="text-neutral-300">Checking the page…</span> : null}
        {current.status === "ok" ? <span className="text-green-300">✓ {current.message}</span> : null}
        {current.status === "problem" ? <span className="text-amber-300">{current.message}</span> : null}
      </p>
      <Button
        variant="secondary"
        loading={saving.pending}
        disabled={current.status !== "ok"}
        onClick={() =>
          void saving.save(() => siteRpc.call("updateSiteNotionSource", { siteId: site.siteId, connectionId: null, notionPageUrl: value }), "Notion page changed").then((moved) => {
            if (moved) setUrl("");
          })
        }
      >
        Use this page
      </Button>
    </div>
  );
}
