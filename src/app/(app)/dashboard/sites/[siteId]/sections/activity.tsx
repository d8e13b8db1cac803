"use client";

import { useEffect, useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import type { ResultOf } from "@/rpc/method";
import type { siteMethods } from "@/rpc/site-methods";
import { Button } from "@/components/button";
import { downloadFile } from "@/components/download-file";
import { Panel, SelectField } from "@/components/fields";
import { useAction } from "@/components/use-action";

type Log = ResultOf<typeof siteMethods, "getSiteAuditLog">;
const GROUPS = ["", "settings", "password", "domain", "redirects", "member", "invitation", "ownership", "plan", "agent_token", "api_key", "webhook", "subscribers", "voters", "idea", "file", "site", "address", "source", "versions", "audit_log", "language"] as const;
type Group = (typeof GROUPS)[number];
const GROUP_OPTIONS = GROUPS.map((g) => ({ value: g, label: g === "" ? "Everything" : g.replace(/_/g, " ") }));

const describe = (details: Record<string, unknown>) =>
  Object.entries(details)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
    .join(" · ");

/** Who did what to the site and when (admins and the owner), filtered by kind, as CSV too. */
export function ActivitySection({ site }: { site: SiteOverview }) {
  const [group, setGroup] = useState<Group>("");
  const [log, setLog] = useState<Log | null>(null);
  const exporting = useAction();
  const filters = { siteId: site.siteId, ...(group ? { action: group } : {}) };

  useEffect(() => {
    void siteRpc.call("getSiteAuditLog", { siteId: site.siteId, ...(group ? { action: group } : {}) }).then(setLog, () => setLog(null));
  }, [site.siteId, group]);

  return (
    <Panel title="Activity" description="Who changed what on this site, and when: settings, domain, password, members, plan, exports, keys and webhooks. Kept for a year. Passwords, keys and tokens are never written here.">
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Show" value={group} options={GROUP_OPTIONS} onChange={setGroup} />
        <Button
          variant="secondary"
          loading={exporting.pending}
          onClick={() =>
            void exporting.run(async () => {
              const { fileName, csv } = await siteRpc.call("siteAuditLogToCsv", filters);
              downloadFile(fileName, csv, "text/csv");
              return true;
            })
          }
        >
          Download CSV
        </Button>
      </div>
      <ul className="divide-y divide-neutral-800 text-sm" data-testid="audit-log">
        {(log?.entries ?? []).map((e) => (
          <li key={e.id} className="flex flex-col gap-0.5 py-2" data-testid="audit-entry">
            <span>
              <strong>{e.action}</strong> <span className="text-neutral-400">by {e.actorEmail}{e.via === "api-key" ? " (API key)" : ""}</span>
            </span>
            <span className="text-xs text-neutral-400">
              {new Date(e.at).toLocaleString()}
              {Object.keys(e.details).length ? ` — ${describe(e.details)}` : ""}
            </span>
          </li>
        ))}
        {log && log.entries.length === 0 ? <li className="py-2 text-neutral-400">Nothing yet.</li> : null}
      </ul>
    </Panel>
  );
}
