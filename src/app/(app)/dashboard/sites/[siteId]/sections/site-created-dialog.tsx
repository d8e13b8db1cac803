"use client";

import { useEffect } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { Dialog, useDialogState } from "@/components/dialog";
import Link from "next/link";
import { SITE_TYPE_INFO, siteTypeHas } from "@/lib/site-types";
import type { SiteType } from "@/lib/site-types";

const FIRST_SYNC_POLL_MS = 1500;

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
  // Until the first snapshot is stored, re-read the page now and then.
  useEffect(() => {
    if (!dialog.isOpen || site.lastSyncedAt) return;
    const timer = setInterval(() => router.refresh(), FIRST_SYNC_POLL_MS);
    return () => clearInterval(timer);
  }, [dialog.isOpen, site.lastSyncedAt, router]);
  const onClose = () => {
    close();
    router.replace(pathname);
  };
  return (
    <Dialog open={dialog.isOpen} onClose={onClose} title={`Your ${SITE_TYPE_INFO[dialog.siteType].label.toLowerCase()} is live`}>
      <p className="text-sm text-neutral-300">
        <strong>{dialog.title}</strong> is published at
      </p>
      <a href={dialog.domain} target="pagewright-owner" rel="noopener" className="mt-1 block break-all font-medium text-[#8fb0ff] underline" data-testid="created-site-url">
        {dialog.domain}
      </a>
      <p className="mt-3 text-sm" role="status" data-testid="first-sync">
        {site.lastSyncedAt ? <span className="text-green-300">Synced from Notion ✓</span> : <span className="text-neutral-300">Fetching your pages from Notion…</span>}
      </p>
      <p className="mt-3 text-sm text-neutral-400">Edits in Notion show up on the site within seconds of the next visit.</p>
      <a href={dialog.domain} target="pagewright-owner" rel="noopener" className="mt-4 inline-block rounded-md bg-[#2255dd] px-3.5 py-2 text-sm font-medium text-white hover:bg-[#1a44b8]">
        Open site
      </a>
      {/* What most owners do next (review O8); each is a screen of this site. */}
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
