"use client";

import { useEffect } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { Dialog, useDialogState } from "@/components/dialog";
import Link from "next/link";
import { siteNoun, siteTypeHas } from "@/lib/site-types";
import type { SiteType } from "@/lib/site-types";
import { FirstSyncStatus } from "./first-sync-status";

/**
 * Right after creation (`?created=1`): the new site's address to open and the first sync's progress
 * (dialog state shape 3 of docs/product.md §3: isOpen, domain, title, siteType).
 */
export function SiteCreatedDialog({ site }: { site: SiteOverview }) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const [dialog, open, close] = useDialogState<{ domain: string; title: string; siteType: SiteType }>({ domain: "", title: "", siteType: site.siteType });
  const justCreated = params.get("created") === "1";
  useEffect(() => {
    if (justCreated) open({ domain: site.url, title: site.name, siteType: site.siteType });
  }, [justCreated, open, site.url, site.name, site.siteType]);
  const onClose = () => {
    close();
    router.replace(pathname);
  };
  return (
    <Dialog open={dialog.isOpen} onClose={onClose} title={`Your ${siteNoun(dialog.siteType)} is ${site.firstSync ? "on its way" : "live"}`}>
      <p className="text-sm text-neutral-300">
        <strong>{dialog.title}</strong> {site.firstSync ? "will be" : "is"} published at
      </p>
      <a href={dialog.domain} target="pagewright-owner" rel="noopener" className="mt-1 block break-all font-medium text-[#8fb0ff] underline" data-testid="created-site-url">
        {dialog.domain}
      </a>
      {/* The first sync runs on after creation: its progress, or its failure with a Retry. */}
      <div className="mt-3">
        <FirstSyncStatus siteId={site.siteId} initial={site.firstSync} testId="first-sync" synced={site.firstSync ? undefined : <span className="text-green-300">Synced from Notion ✓</span>} />
      </div>
      <p className="mt-3 text-sm text-neutral-400">Edits in Notion show up on the site within seconds of the next visit.</p>
      <a href={dialog.domain} target="pagewright-owner" rel="noopener" className="mt-4 inline-block rounded-md bg-[#2255dd] px-3.5 py-2 text-sm font-medium text-white hover:bg-[#1a44b8]">
        Open site
      </a>
      {/* What most owners do next; each is a screen of this site. */}
      <h3 className="mt-5 text-sm font-semibold">Next steps</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {nextSteps(dialog.siteType).map((step) => (
          <li key={step.section}>
            <Link href={`/dashboard/sites/${site.siteId}/${step.section}`} className="text-[#8fb0ff] underline">
              {step.label}
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

function nextSteps(siteType: SiteType): { section: string; label: string }[] {
  return [
    { section: "general", label: "Add your logo and navigation" },
    { section: "appearance", label: "Choose its colour, font and theme" },
    { section: "domain", label: "Put it on your own domain" },
    ...(siteTypeHas(siteType, "subscribers") ? [{ section: "subscribers", label: "Invite readers to subscribe" }] : []),
    { section: "widget", label: "Embed it in your app with the widget" },
  ];
}
