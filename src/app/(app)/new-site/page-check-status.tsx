"use client";

import type { ComponentProps } from "react";
import { betterSiteTypeFor, type NotionPageInspection } from "@/lib/notion-page-rules";
import { templateCsvPath } from "@/lib/notion-templates";
import { SITE_TYPE_INFO, siteNoun, type SiteType } from "@/lib/site-types";
import { PropertyMapping } from "@/components/property-mapping";

/** `key`: the inputs the verdict answers; a verdict for other inputs is never shown (nor lets Create through). */
export type PageCheck = { status: "idle" | "checking" | "ok" | "problem" | "waiting"; message?: string; privatePage?: boolean; inspection?: NotionPageInspection; key?: string };

/**
 * The live page check's verdict under the page field (a link typed, or a page picked through a connection): checking,
 * fits, or the rule's message with the template when one helps — and, for a database whose properties have other
 * names, the mapping that lets it be used as it is.
 */
export function PageCheckStatus({
  id,
  siteType,
  page,
  onTemplate,
  mapping,
  secondsLeft = null,
}: {
  /** While the check waits for our own limit: the seconds until it runs again by itself. */
  secondsLeft?: number | null;
  id: string;
  siteType: SiteType;
  page: PageCheck;
  onTemplate: () => void;
  mapping: ComponentProps<typeof PropertyMapping> | null;
}) {
  const label = SITE_TYPE_INFO[siteType].label.toLowerCase();
  const found = page.inspection ? betterSiteTypeFor(siteType, page.inspection) : null;
  const better = found ? siteNoun(found) : null;
  return (
    <>
      <div id={id} aria-live="polite" className="mt-2 min-h-6 text-sm" data-testid="page-check-status">
        {page.status === "checking" ? <span className="text-neutral-500">Checking the page…</span> : null}
        {page.status === "ok" ? <span className="text-green-700">This page works for a {siteNoun(siteType)}.</span> : null}
        {page.status === "ok" && better ? (
          <span className="mt-1 block text-amber-800" data-testid="better-site-type">
            It looks like a {better} database: here its rows become pages (rows marked hidden stay out). A {better} shows them with dates and tags.
          </span>
        ) : null}
        {page.status === "waiting" ? (
          <span className="text-neutral-700" data-testid="page-check-waiting">
            You&apos;ve checked a lot of pages in a short time. That&apos;s Pagewright&apos;s own limit, not Notion&apos;s:{" "}
            {/* The live region would read out every tick: the countdown is for the eyes, the words for everyone. */}
            <span aria-hidden="true">{secondsLeft ? `checking again in ${secondsLeft} s…` : "checking again…"}</span>
            <span className="sr-only">it checks again by itself in a moment.</span>
          </span>
        ) : null}
        {page.status === "problem" ? (
          <span role="alert" className="text-red-700" data-testid="notion-page-problem">
            {page.message}
          </span>
        ) : null}
        {page.status === "problem" && templateCsvPath(siteType) && /template/i.test(page.message ?? "") ? (
          <button type="button" className="ml-2 text-[#1a44b8] underline" onClick={onTemplate}>
            Get the {label} template
          </button>
        ) : null}
      </div>
      {mapping ? (
        <div className="mt-3 rounded-lg border border-neutral-200 bg-white p-3">
          <p className="mb-2 text-sm font-medium">Or use your database as it is: choose which of its properties the {label} reads.</p>
          <PropertyMapping {...mapping} />
          <p className="mt-2 text-xs text-neutral-600">You can change this later in the site&apos;s settings.</p>
        </div>
      ) : null}
    </>
  );
}
