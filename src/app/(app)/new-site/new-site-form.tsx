"use client";

import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { useEffect, useRef, useState } from "react";
import { readPublicConfig } from "@/lib/public-config";
import { CONVERSION } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";
import { useRouter } from "next/navigation";
import { siteRpc, RpcError } from "@/rpc/client";
import { notionPageProblem, notionUrlProblem } from "@/lib/notion-page-rules";
import type { SiteType } from "@/lib/site-types";
import { requiredStructure, SITE_TYPE_INFO, SITE_TYPE_ORDER } from "@/lib/site-types";
import { Button } from "@/components/button";
import { Dialog, useDialogState } from "@/components/dialog";
import { useAction } from "@/components/use-action";
import { ConnectedPagePicker, type ConnectedChoice } from "./connected-page-picker";

const CHECK_DELAY_MS = 500;

type PageCheck = { status: "idle" | "checking" | "ok" | "problem"; message?: string; privatePage?: boolean };
type AddressCheck = { status: "idle" | "checking" | "free" | "taken" | "invalid"; host?: string; message?: string };

/** Runs `check` `CHECK_DELAY_MS` after the last change of `key`, aborting the previous one. */
function useDebouncedCheck(key: string, check: (signal: AbortSignal) => Promise<void>) {
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  });
  useEffect(() => {
    const ctrl = new AbortController();
    const timer = setTimeout(() => void latest.current(ctrl.signal), CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [key]);
}

const aborted = (err: unknown) => (err as { name?: string })?.name === "AbortError";

export function NewSiteForm({
  initialSiteType = "blog",
  initialConnectionId,
  connectionError,
  notionOAuth = false,
}: {
  initialSiteType?: SiteType;
  /** Whether "Connect Notion" with OAuth is configured on this server. */
  notionOAuth?: boolean;
  /** Back from Notion's consent screen (`?connection=`), or its error (`?connectionError=`): "Connect Notion" is open. */
  initialConnectionId?: string;
  connectionError?: string;
}) {
  const router = useRouter();
  const [siteType, setSiteType] = useState<SiteType>(initialSiteType);
  // A public page (the default) or a page read through a Notion connection (issue 22).
  const [source, setSource] = useState<"public" | "connected">(initialConnectionId || connectionError ? "connected" : "public");
  const [connected, setConnected] = useState<ConnectedChoice>(null);
  const [notionPageUrl, setNotionPageUrl] = useState("");
  const [subdomain, setSubdomain] = useState("");
  const [name, setName] = useState("");
  const [page, setPage] = useState<PageCheck>({ status: "idle" });
  const [address, setAddress] = useState<AddressCheck>({ status: "idle" });
  const [templateDialog, openTemplate, closeTemplate] = useDialogState<{ siteType: SiteType }>({ siteType: "blog" });
  const create = useAction();

  useDebouncedCheck(`${siteType}|${notionPageUrl}|${source}`, async (signal) => {
    const url = notionPageUrl.trim();
    if (source === "connected") return;
    if (!url) return setPage({ status: "idle" });
    const early = notionUrlProblem(url);
    if (early) return setPage({ status: "problem", message: early });
    setPage({ status: "checking" });
    try {
      const inspection = await siteRpc.call("safeGetNotionPageState", { notionPageUrl: url }, { signal });
      const problem = notionPageProblem(siteType, inspection);
      setPage(problem ? { status: "problem", message: problem, privatePage: inspection.state === "private" } : { status: "ok" });
    } catch (err) {
      if (aborted(err)) return;
      setPage({ status: "problem", message: err instanceof RpcError ? err.message : GENERIC_ERROR_MESSAGE });
    }
  });

  useDebouncedCheck(`${siteType}|${subdomain}`, async (signal) => {
    const value = subdomain.trim().toLowerCase();
    if (!value) return setAddress({ status: "idle" });
    setAddress({ status: "checking" });
    try {
      const { exists, host } = await siteRpc.call("doesDomainExist", { subdomain: value, siteType }, { signal });
      setAddress({ status: exists ? "taken" : "free", host });
    } catch (err) {
      if (aborted(err)) return;
      setAddress({ status: "invalid", message: err instanceof Error ? err.message : GENERIC_ERROR_MESSAGE });
    }
  });

  const ready = (source === "connected" ? connected !== null : page.status === "ok") && address.status === "free";
  const submit = async () => {
    const from = source === "connected" && connected ? { notionPageUrl: connected.notionPageUrl, connectionId: connected.connectionId } : { notionPageUrl: notionPageUrl.trim() };
    const created = await create.run(() =>
      siteRpc.call("createNewSite", { siteType, ...from, subdomain: subdomain.trim().toLowerCase(), name: name.trim() || undefined }),
    );
    if (!created) return;
    trackConversion(readPublicConfig().tracking, CONVERSION.newSite, { siteType: created.siteType });
    router.push(`/dashboard/sites/${created.siteId}?created=1`);
  };

  return (
    <form
      className="mt-8 space-y-10"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) void submit();
      }}
    >
      <fieldset>
        <legend className="text-lg font-semibold">1. What are you building?</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {SITE_TYPE_ORDER.map((type, i) => (
            <label
              key={type}
              className={`fade-in flex cursor-pointer gap-3 rounded-lg border bg-white p-4 ${siteType === type ? "border-[#2255dd] ring-2 ring-[#2255dd]/30" : "border-neutral-200 hover:border-neutral-400"}`}
              style={{ "--fade-index": i } as React.CSSProperties}
            >
              <input type="radio" name="siteType" value={type} checked={siteType === type} onChange={() => setSiteType(type)} className="mt-1" />
              <span>
                <span className="block font-medium">{SITE_TYPE_INFO[type].label}</span>
                <span className="block text-sm text-neutral-600">{SITE_TYPE_INFO[type].description}</span>
              </span>
            </label>
          ))}
        </div>
        <button type="button" className="mt-3 text-sm text-[#1a44b8] underline" onClick={() => openTemplate({ siteType })}>
          What the Notion page for a {SITE_TYPE_INFO[siteType].label.toLowerCase()} needs
        </button>
      </fieldset>

      <div>
        <div className="mb-3 flex gap-2 text-sm" role="radiogroup" aria-label="Where the content comes from">
          <label className={`cursor-pointer rounded-md border px-3 py-1 ${source === "public" ? "border-[#2255dd] bg-white" : "border-neutral-200"}`}>
            <input type="radio" name="source" className="sr-only" checked={source === "public"} onChange={() => setSource("public")} />A public Notion page
          </label>
          <label className={`cursor-pointer rounded-md border px-3 py-1 ${source === "connected" ? "border-[#2255dd] bg-white" : "border-neutral-200"}`}>
            <input type="radio" name="source" className="sr-only" checked={source === "connected"} onChange={() => setSource("connected")} />
            Connect Notion (private pages)
          </label>
        </div>
        {source === "connected" ? (
          <>
            <p className="text-lg font-semibold">2. Your Notion page, through a connection</p>
            <p className="mt-1 text-sm text-neutral-600">The page stays private in Notion; Pagewright reads only the pages you share with it, and edits show up within seconds.</p>
            <ConnectedPagePicker oauth={notionOAuth} initialConnectionId={initialConnectionId} connectionError={connectionError} onChoose={setConnected} />
          </>
        ) : (
          <PublicPageField>
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
          value={notionPageUrl}
          onChange={(e) => setNotionPageUrl(e.target.value)}
          aria-describedby="notion-url-status"
          aria-invalid={page.status === "problem" || undefined}
          className="mt-3 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus:border-[#2255dd] focus:ring-2 focus:ring-[#2255dd]/30"
        />
        <div id="notion-url-status" aria-live="polite" className="mt-2 min-h-6 text-sm">
          {page.status === "checking" ? <span className="text-neutral-500">Checking the page…</span> : null}
          {page.status === "ok" ? <span className="text-green-700">This page works for a {SITE_TYPE_INFO[siteType].label.toLowerCase()}.</span> : null}
          {page.status === "problem" ? (
            <span role="alert" className="text-red-700" data-testid="notion-page-problem">
              {page.message}
            </span>
          ) : null}
        </div>
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
          </PublicPageField>
        )}
      </div>

      <div>
        <label htmlFor="subdomain" className="text-lg font-semibold">
          3. Its address
        </label>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <input
            id="subdomain"
            autoComplete="off"
            placeholder="acme"
            value={subdomain}
            onChange={(e) => setSubdomain(e.target.value.toLowerCase())}
            aria-describedby="subdomain-status"
            className="w-full rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus:border-[#2255dd] focus:ring-2 focus:ring-[#2255dd]/30 sm:w-64"
          />
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

      <div>
        <label htmlFor="site-name" className="text-lg font-semibold">
          4. Name <span className="text-sm font-normal text-neutral-500">(optional)</span>
        </label>
        <input
          id="site-name"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          className="mt-3 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus:border-[#2255dd] focus:ring-2 focus:ring-[#2255dd]/30"
        />
      </div>

      <Button type="submit" loading={create.pending} disabled={!ready} className="w-full py-3 text-base sm:w-auto">
        {create.pending ? "Creating your site…" : "Create site"}
      </Button>

      <Dialog open={templateDialog.isOpen} onClose={closeTemplate} title={`A ${SITE_TYPE_INFO[templateDialog.siteType].label.toLowerCase()} from Notion`} tone="light">
        <TemplateHelp siteType={templateDialog.siteType} />
      </Dialog>
    </form>
  );
}

/** The public-page field, unchanged, as one piece the source switch shows or hides. */
function PublicPageField({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}

function TemplateHelp({ siteType }: { siteType: SiteType }) {
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
          <p>Duplicate the template into your workspace, or add the properties to your own database.</p>
        </>
      ) : (
        <p>The page can be {SITE_TYPE_INFO[siteType].notionPage}; each sub-page becomes a page of the site.</p>
      )}
      <p>Then share it to the web (Share → Publish) and paste its link.</p>
    </div>
  );
}
