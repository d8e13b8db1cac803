"use client";

import { useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField } from "@/components/fields";
import { FieldErrors } from "@/components/field-errors";
import { useSave } from "./use-save";
import { CodeField } from "./code-field";

/** Same limit as the settings schema (site-settings.ts is server code, so the figure is repeated here). */
const OWNER_CODE_MAX = 20_000;
const ORIGINS_MAX = 20;

type Origins = SiteOverview["settings"]["cspOrigins"];
type OriginKind = keyof Origins;

/** Where the code can run, decided on the server (the Public Suffix List): the hosts, and why the subdomain is or isn't one. */
export type OwnerCodeHosts = { hosts: string[]; subdomainApart: boolean };

const KINDS: { kind: OriginKind; label: string; what: string; example: string }[] = [
  { kind: "script", label: "Script origins", what: "scripts your code loads", example: "https://widget.example.com" },
  { kind: "connect", label: "Connect origins", what: "addresses your scripts call (fetch, WebSocket)", example: "wss://chat.example.com" },
  { kind: "frame", label: "Frame origins", what: "pages your code shows in a frame", example: "https://calendly.com" },
  { kind: "img", label: "Image origins", what: "images and tracking pixels", example: "https://pixel.example.com" },
];

/**
 * The owner's own HTML at the end of <head> and of <body> (chat widgets, tag managers, booking scripts) and the origins
 * it needs in the site's Content-Security-Policy, saved with updateSite. The rule is said before the fields: the code
 * runs only where it can reach no one else, on the Pro plan.
 */
export function OwnerCodeSection({ site, where, billing }: { site: SiteOverview; where: OwnerCodeHosts; billing: boolean }) {
  const [headCode, setHead] = useState(site.settings.headCode);
  const [bodyCode, setBody] = useState(site.settings.bodyCode);
  const [origins, setOrigins] = useState<Origins>(() => ({ ...site.settings.cspOrigins }));
  const saving = useSave();
  const save = () => {
    // Empty rows are dropped before sending, on screen too, so a refusal's row number is the row shown.
    const kept = Object.fromEntries(KINDS.map(({ kind }) => [kind, origins[kind].map((o) => o.trim()).filter(Boolean)])) as Origins;
    setOrigins(kept);
    return saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, settings: { headCode, bodyCode, cspOrigins: kept } }));
  };
  return (
    <div className="space-y-6">
      <Panel title="Where your code runs" description={billing ? "Your own code is part of the Pro plan." : undefined}>
        <WhereItRuns where={where} />
      </Panel>
      <FieldErrors value={saving.errors}>
        <Panel title="Your code" description="HTML with scripts, added as it is at the end of every page's <head> and <body>. Inline scripts run by a nonce our server adds; scripts from other sites need their origin below.">
          <CodeField max={OWNER_CODE_MAX} label="Head code" field="headCode" value={headCode} onChange={setHead} placeholder={'<script src="https://widget.example.com/loader.js" defer></script>'} />
          <CodeField max={OWNER_CODE_MAX} label="Body-end code" field="bodyCode" value={bodyCode} onChange={setBody} placeholder={'<div id="booking"></div>'} />
        </Panel>
        <Panel title="Allowed origins" description="Your site's security policy blocks everything from other sites except what you list here. One origin per row: https:// and a host, like https://widget.example.com (*.example.com for its subdomains).">
          {KINDS.map((k) => (
            <OriginList key={k.kind} {...k} values={origins[k.kind]} onChange={(values) => setOrigins((o) => ({ ...o, [k.kind]: values }))} />
          ))}
        </Panel>
      </FieldErrors>
      <Button loading={saving.pending} onClick={() => void save()}>
        Save code
      </Button>
    </div>
  );
}

function WhereItRuns({ where }: { where: OwnerCodeHosts }) {
  return (
    <div className="space-y-2 text-sm text-neutral-300">
      <p>
        Your code runs only on an address where it can&apos;t reach anyone else: your custom domain, or your site&apos;s subdomain when this server
        publishes sites on a domain apart from the dashboard&apos;s. It never runs on the dashboard, on the password page of a protected site, or on
        the site&apos;s own endpoints.
      </p>
      {where.hosts.length ? (
        <p data-testid="owner-code-hosts">
          It runs on: <span className="font-medium text-neutral-100">{where.hosts.join(", ")}</span>.
        </p>
      ) : (
        <p data-testid="owner-code-hosts" className="text-amber-300">
          It doesn&apos;t run anywhere yet: add a custom domain on the Domain screen.
        </p>
      )}
      {!where.subdomainApart ? <p className="text-neutral-400">Your site&apos;s subdomain shares its domain with the dashboard, so your code is left out there.</p> : null}
    </div>
  );
}


function OriginList({ kind, label, what, example, values, onChange }: { kind: OriginKind; label: string; what: string; example: string; values: string[]; onChange: (v: string[]) => void }) {
  const singular = label.replace(/s$/, "");
  return (
    <fieldset className="space-y-2 rounded-lg border border-neutral-800 p-3">
      <legend className="px-1 text-sm font-medium text-neutral-200">{label}</legend>
      <p className="text-xs text-neutral-400">For {what}.</p>
      {values.map((value, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField label={`${singular} ${i + 1}`} field={`cspOrigins.${kind}.${i}`} value={value} placeholder={example} onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))} />
          <Button variant="secondary" onClick={() => onChange(values.filter((_, j) => j !== i))} aria-label={`Remove ${singular.toLowerCase()} ${i + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      <Button variant="secondary" disabled={values.length >= ORIGINS_MAX} onClick={() => onChange([...values, ""])}>
        Add {singular.toLowerCase()}
      </Button>
    </fieldset>
  );
}
