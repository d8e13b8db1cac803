"use client";

import { useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField, Toggle } from "@/components/fields";
import { useSave } from "./use-save";
import { FieldErrors } from "@/components/field-errors";

export function PasswordSection({ site }: { site: SiteOverview }) {
  const [password, setPassword] = useState("");
  const [lockout, setLockout] = useState(site.passwordLockout);
  const saving = useSave();
  const removing = useSave();
  const lifting = useSave();
  return (
    <Panel
      title="Password"
      description={
        site.hasPassword ? (
          <span data-testid="password-state">This site is protected: visitors see a password form and nothing else.</span>
        ) : (
          <span data-testid="password-state">Anyone can read this site.</span>
        )
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void saving.save(() => siteRpc.call("updateSitePassword", { siteId: site.siteId, password }), "Password set").then((r) => r && setPassword(""));
        }}
      >
        {lockout && lockout.wrongTries > 0 ? (
          <div role={lockout.locked ? "alert" : undefined} data-testid="password-lockout" className={`space-y-2 text-sm ${lockout.locked ? "text-amber-300" : "text-neutral-400"}`}>
            <p>
              {lockout.locked
                ? `Visitors entered ${lockout.wrongTries} wrong passwords this hour: the password form is locked until ${new Date(lockout.until!).toLocaleTimeString()}. Visitors who are already in stay in.`
                : `${lockout.wrongTries} wrong passwords this hour (the form locks at ${lockout.limit}).`}
            </p>
            {lockout.locked ? (
              <Button variant="secondary" loading={lifting.pending} onClick={() => void lifting.save(() => siteRpc.call("liftSitePasswordLockout", { siteId: site.siteId }), "Lockout lifted").then((r) => r && setLockout(r))}>
                Lift the lockout
              </Button>
            ) : null}
          </div>
        ) : null}
        <FieldErrors value={saving.errors}>
          <TextField label={site.hasPassword ? "New password" : "Password"} field="password" type="password" autoComplete="new-password" value={password} minLength={8} maxLength={200} onChange={(e) => setPassword(e.target.value)} />
        </FieldErrors>
        {site.hasPassword ? <p className="text-xs text-neutral-500">A new password signs every visitor out and removes the site&apos;s agent tokens.</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={saving.pending} disabled={!password}>
            {site.hasPassword ? "Change password" : "Protect with password"}
          </Button>
          {site.hasPassword ? (
            <Button variant="secondary" loading={removing.pending} onClick={() => void removing.save(() => siteRpc.call("updateSitePassword", { siteId: site.siteId, password: null }), "Password removed")}>
              Remove password
            </Button>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}

type Redirect = { from: string; to: string; permanent: boolean };

export function RedirectsSection({ site }: { site: SiteOverview }) {
  const [rows, setRows] = useState<Redirect[]>(site.redirects.map((r) => ({ ...r })));
  const saving = useSave();
  const update = (i: number, patch: Partial<Redirect>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Panel title="Redirects" description="Send an old path to a page of the site or another address. Renamed posts keep their old addresses automatically.">
      {rows.length === 0 ? <p className="text-sm text-neutral-400">No redirects.</p> : null}
      <FieldErrors value={saving.errors}>
      <div className="space-y-3">
        {rows.map((r, i) => (
          <div key={i} className="grid gap-2 rounded-lg border border-neutral-800 p-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end sm:border-0 sm:p-0">
            <TextField label={`Redirect ${i + 1} from`} field={`redirects.${i}.from`} placeholder="/old-path" value={r.from} onChange={(e) => update(i, { from: e.target.value })} />
            <TextField label={`Redirect ${i + 1} to`} field={`redirects.${i}.to`} placeholder="/new-path or https://…" value={r.to} onChange={(e) => update(i, { to: e.target.value })} />
            <div className="pb-2">
              <Toggle label="Permanent" checked={r.permanent} onChange={(permanent) => update(i, { permanent })} />
            </div>
            <Button variant="secondary" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))} aria-label={`Remove redirect ${i + 1}`}>
              Remove
            </Button>
          </div>
        ))}
      </div>
      </FieldErrors>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setRows((rs) => [...rs, { from: "", to: "", permanent: true }])}>
          Add redirect
        </Button>
        <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSiteRedirects", { siteId: site.siteId, redirects: rows }), "Redirects saved")}>
          Save redirects
        </Button>
      </div>
    </Panel>
  );
}
