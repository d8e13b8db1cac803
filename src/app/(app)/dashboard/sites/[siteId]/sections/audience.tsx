"use client";

import { readablePath } from "@/lib/url-path";
import { useMemo, useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import type { SubscriberRow } from "@/core/subscribers/list-site-subscribers";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField } from "@/components/fields";
import { useAction } from "@/components/use-action";
import { downloadFile } from "@/components/download-file";
import type { ScreenExtra } from "./screen-extra";
import { DataTable } from "@/components/data-table";

export function SubscribersSection({ site, subscribers }: { site: SiteOverview; subscribers: SubscriberRow[] }) {
  const [query, setQuery] = useState("");
  const exporting = useAction();
  const shown = useMemo(() => subscribers.filter((s) => s.email.toLowerCase().includes(query.trim().toLowerCase())), [subscribers, query]);
  const confirmed = subscribers.filter((s) => s.status === "confirmed").length;
  return (
    <Panel title="Subscribers" description={`${subscribers.length} subscribed, ${confirmed} confirmed their address.`}>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField label="Search subscribers" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <Button
          variant="secondary"
          loading={exporting.pending}
          onClick={() =>
            void exporting.run(async () => {
              const { fileName, csv } = await siteRpc.call("siteSubscribersToCsv", { siteId: site.siteId });
              downloadFile(fileName, csv, "text/csv");
            })
          }
        >
          Export CSV
        </Button>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-neutral-400">{subscribers.length ? "No subscriber matches." : "No subscribers yet. Visitors subscribe with the form at the bottom of your posts."}</p>
      ) : (
        <div className="overflow-x-auto">
          <DataTable
            rows={shown}
            rowKey={(s) => s.email}
            columns={[
              { header: "Email", cell: (s) => s.email, className: "break-all" },
              { header: "Status", cell: (s) => s.status },
              { header: "Since", cell: (s) => new Date(s.createdAt).toLocaleDateString(), className: "whitespace-nowrap" },
            ]}
          />
        </div>
      )}
    </Panel>
  );
}

export function FeedbackSection({ feedback, searchMisses }: { feedback: ScreenExtra["feedback"]; searchMisses: ScreenExtra["searchMisses"] }) {
  const byPath = useMemo(() => {
    const groups = new Map<string, ScreenExtra["feedback"]>();
    for (const f of feedback) groups.set(f.path, [...(groups.get(f.path) ?? []), f]);
    return [...groups.entries()];
  }, [feedback]);
  return (
    <div className="space-y-6">
      <Panel title="Feedback" description="What visitors said with “Was this helpful?”, page by page.">
        {byPath.length === 0 ? <p className="text-sm text-neutral-400">No feedback yet.</p> : null}
        {byPath.map(([path, items]) => {
          const helpful = items.filter((i) => i.helpful).length;
          return (
            <div key={path} className="rounded-lg border border-neutral-800 p-3">
              <p className="font-medium break-all">{readablePath(path)}</p>
              <p className="text-sm text-neutral-400">
                {helpful} helpful · {items.length - helpful} not helpful
              </p>
              <ul className="mt-2 space-y-1 text-sm">
                {items
                  .filter((i) => i.text)
                  .map((i, n) => (
                    <li key={n}>
                      <span aria-label={i.helpful ? "helpful" : "not helpful"}>{i.helpful ? "👍" : "👎"}</span> {i.text}{" "}
                      <span className="text-neutral-500">· {new Date(i.createdAt).toLocaleDateString()}</span>
                    </li>
                  ))}
              </ul>
            </div>
          );
        })}
      </Panel>
      <Panel
        title="Searches that found nothing"
        description="What visitors searched for (what they submitted, not each letter typed) and your site does not cover yet. Analytics counts the same searches and votes, leaving out bots and automated browsers."
      >
        {searchMisses.length === 0 ? (
          <p className="text-sm text-neutral-400">None yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {searchMisses.map((m) => (
              <li key={m.query}>
                “{m.query}” <span className="text-neutral-400">× {m.count}</span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
