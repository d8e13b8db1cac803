"use client";

import { type ReactNode } from "react";
import { readPublicConfig } from "@/lib/public-config";
import { withNotionScheme } from "@/lib/notion-page-rules";
import { templateCsvPath, templateSteps } from "@/lib/notion-templates";
import { requiredStructure, SITE_TYPE_INFO, SITE_TYPE_ORDER, type SiteType } from "@/lib/site-types";
import type { PageCheck } from "./page-check-status";

/** `key`: the inputs the verdict answers; a verdict for other inputs is never shown (nor lets Create through). */
export type AddressCheck = { status: "idle" | "checking" | "free" | "taken" | "invalid"; host?: string; message?: string; key?: string };

/** Step 1: the site type, with a link to what its Notion page needs. */
export function SiteTypeChoice({ siteType, onChange, onTemplate }: { siteType: SiteType; onChange: (type: SiteType) => void; onTemplate: () => void }) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold">1. What are you building?</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {SITE_TYPE_ORDER.map((type, i) => (
          <label
            key={type}
            className={`fade-in flex cursor-pointer gap-3 rounded-lg border bg-white p-4 ${siteType === type ? "border-[#2255dd] ring-2 ring-[#2255dd]/30" : "border-neutral-200 hover:border-neutral-400"}`}
            style={{ "--fade-index": i } as React.CSSProperties}
          >
            <input type="radio" name="siteType" value={type} checked={siteType === type} onChange={() => onChange(type)} className="mt-1" />
            <span>
              <span className="block font-medium">{SITE_TYPE_INFO[type].label}</span>
              <span className="block text-sm text-neutral-600">{SITE_TYPE_INFO[type].description}</span>
            </span>
          </label>
        ))}
      </div>
      <button type="button" className="mt-3 text-sm text-[#1a44b8] underline" onClick={onTemplate}>
        What the Notion page for a {SITE_TYPE_INFO[siteType].label.toLowerCase()} needs
      </button>
    </fieldset>
  );
}

/** Where the page comes from: a public page (the default) or a page read through a Notion connection. */
export function SourceSwitch({ source, onChange }: { source: "public" | "connected"; onChange: (source: "public" | "connected") => void }) {
  return (
    <div className="mb-3 flex gap-2 text-sm" role="radiogroup" aria-label="Where the content comes from">
      <label className={`cursor-pointer rounded-md border px-3 py-1 ${source === "public" ? "border-[#2255dd] bg-white" : "border-neutral-200"}`}>
        <input type="radio" name="source" className="sr-only" checked={source === "public"} onChange={() => onChange("public")} />A public Notion page
      </label>
      <label className={`cursor-pointer rounded-md border px-3 py-1 ${source === "connected" ? "border-[#2255dd] bg-white" : "border-neutral-200"}`}>
        <input type="radio" name="source" className="sr-only" checked={source === "connected"} onChange={() => onChange("connected")} />
        Connect Notion (private pages)
      </label>
    </div>
  );
}

/** Step 2 on the public path: the page's link, its check (children), and how to publish a page that is private. */
export function PublicPageInput({ value, onChange, page, children }: { value: string; onChange: (link: string) => void; page: PageCheck; children: ReactNode }) {
  return (
    <>
      <label htmlFor="notion-url" className="text-lg font-semibold">
        2. Your public Notion page
      </label>
      <p className="mt-1 text-sm text-neutral-600">Share it to the web in Notion, then paste its link.</p>
      <input
        id="notion-url"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.notion.so/…"
        value={value}
        onChange={(e) => onChange(withNotionScheme(e.target.value))}
        aria-describedby="notion-url-status"
        aria-invalid={page.status === "problem" || undefined}
        className="mt-3 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus:border-[#2255dd] focus:ring-2 focus:ring-[#2255dd]/30"
      />
      {children}
      {page.privatePage ? (
        <figure className="mt-3 rounded-lg border border-neutral-200 bg-white p-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- a static illustration, no optimisation needed */}
          <img src="/help/share-to-web.svg" width={640} height={300} alt="In Notion, open Share, choose Publish and turn on Publish to web" className="h-auto w-full" />
          <figcaption className="mt-2 text-sm text-neutral-600">
            In Notion: <strong>Share</strong> → <strong>Publish</strong> → <strong>Publish to web</strong>.{" "}
            {/* A plain link: the help page is part of the product's website, which is not a Next.js page. */}
            <a href="/help/make-a-notion-page-public" className="text-[#1a44b8] underline">
              How to make a Notion page public
            </a>
          </figcaption>
        </figure>
      ) : null}
    </>
  );
}

/** Step 3: the subdomain, between the type's prefix and the apps domain, with whether it is free. */
export function AddressField({ siteType, appsDomain, value, onChange, address }: { siteType: SiteType; appsDomain?: string; value: string; onChange: (value: string) => void; address: AddressCheck }) {
  return (
    <div>
      <label htmlFor="subdomain" className="text-lg font-semibold">
        3. Its address
      </label>
      <div className="mt-3 flex flex-wrap items-center gap-1 text-neutral-700">
        {appsDomain ? <span data-testid="address-prefix">{SITE_TYPE_INFO[siteType].prefix}</span> : null}
        <input
          id="subdomain"
          autoComplete="off"
          placeholder="acme"
          value={value}
          onChange={(e) => onChange(e.target.value.toLowerCase())}
          aria-describedby="subdomain-status"
          className="min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus:border-[#2255dd] focus:ring-2 focus:ring-[#2255dd]/30 sm:w-64 sm:flex-none"
        />
        {appsDomain ? <span data-testid="address-suffix">.{appsDomain}</span> : null}
      </div>
      <div id="subdomain-status" aria-live="polite" className="mt-2 min-h-6 text-sm">
        {address.status === "checking" ? <span className="text-neutral-500">Checking…</span> : null}
        {address.status === "free" ? (
          <span className="text-green-700">
            <strong data-testid="site-address">{address.host}</strong> is available
          </span>
        ) : null}
        {address.status === "taken" ? <span className="text-red-700">{address.host} is taken, please pick another</span> : null}
        {address.status === "invalid" ? <span className="text-red-700">{address.message}</span> : null}
      </div>
    </div>
  );
}

/** Step 4: the site's name, the page's title until the owner types one. */
export function NameField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor="site-name" className="text-lg font-semibold">
        4. Name <span className="text-sm font-normal text-neutral-500">(optional)</span>
      </label>
      <input
        id="site-name"
        value={value}
        maxLength={120}
        onChange={(e) => onChange(e.target.value)}
        className="mt-3 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus:border-[#2255dd] focus:ring-2 focus:ring-[#2255dd]/30"
      />
    </div>
  );
}

/** What the Notion page for a site type needs, with its template. */
export function TemplateHelp({ siteType }: { siteType: SiteType }) {
  const structure = requiredStructure(siteType);
  return (
    <div className="space-y-3 text-sm text-neutral-700">
      <p>{SITE_TYPE_INFO[siteType].description}</p>
      {structure ? (
        <>
          <p>
            The page must be a <strong>{structure.collectionType}</strong> database with these properties (any letter case):
          </p>
          <ul className="flex flex-wrap gap-2">
            {structure.properties.map((p) => (
              <li key={p} className="rounded bg-neutral-100 px-2 py-1 font-mono text-xs">
                {p}
              </li>
            ))}
          </ul>
          <TemplateLinks siteType={siteType} />
          <p>Or add these properties to a database you already have.</p>
        </>
      ) : (
        <p>The page can be {SITE_TYPE_INFO[siteType].notionPage}; each sub-page becomes a page of the site.</p>
      )}
      <p>Then share it to the web (Share → Publish) and paste its link.</p>
    </div>
  );
}

/** The type's template: the operator's public Notion template when set, else the CSV to import, with the steps. */
function TemplateLinks({ siteType }: { siteType: SiteType }) {
  const notionTemplate = readPublicConfig().templateUrls?.[siteType];
  const csv = templateCsvPath(siteType);
  if (notionTemplate) {
    return (
      <p>
        <a href={notionTemplate} target="_blank" rel="noopener noreferrer" className="font-medium text-[#1a44b8] underline">
          Duplicate in Notion
        </a>
        , share it to the web, and paste its link.
      </p>
    );
  }
  if (!csv) return null;
  return (
    <>
      <p>
        {/* A plain link: the app serves the file outside Next.js. */}
        <a href={csv} download className="font-medium text-[#1a44b8] underline" data-testid="template-download">
          Download the {SITE_TYPE_INFO[siteType].label.toLowerCase()} template (CSV)
        </a>
      </p>
      <ol className="list-decimal space-y-1 pl-5">
        {templateSteps(siteType).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}
