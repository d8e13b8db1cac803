"use client";

import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { useCallback, useEffect, useRef, useState } from "react";
import { readPublicConfig } from "@/lib/public-config";
import { CONVERSION } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";
import { useRouter } from "next/navigation";
import { siteRpc, RpcError } from "@/rpc/client";
import { NOTION_PAGE_MESSAGES, notionPageProblem, notionUrlProblem, withNotionScheme } from "@/lib/notion-page-rules";
import { fieldChoices, missingFields, type PropertyMap } from "@/lib/database-fields";
import { templateCsvPath, templateSteps } from "@/lib/notion-templates";
import type { SiteType } from "@/lib/site-types";
import { requiredStructure, SITE_TYPE_INFO, SITE_TYPE_ORDER } from "@/lib/site-types";
import { suggestedSubdomain, titleFromNotionUrl } from "@/lib/site-address";
import { Button } from "@/components/button";
import { Dialog, useDialogState } from "@/components/dialog";
import { useAction } from "@/components/use-action";
import { ConnectedPagePicker, type ConnectedChoice } from "./connected-page-picker";
import { PageCheckStatus, type PageCheck } from "./page-check-status";
import { retryAfterOf, usePageMemory, useRetryAfterLimit } from "./page-check-memory";

const CHECK_DELAY_MS = 500;

/** `key`: the inputs the verdict answers; a verdict for other inputs is never shown (nor lets Create through). */
type AddressCheck = { status: "idle" | "checking" | "free" | "taken" | "invalid"; host?: string; message?: string; key?: string };

/** Runs `check` `CHECK_DELAY_MS` after the last change of `key`, aborting the previous one. */
export function useDebouncedCheck(key: string, check: (signal: AbortSignal) => Promise<void>) {
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

export const aborted = (err: unknown) => (err as { name?: string })?.name === "AbortError";

export function NewSiteForm({
  initialSiteType = "blog",
  initialConnectionId,
  connectionError,
  notionOAuth = false,
  appsDomain,
}: {
  initialSiteType?: SiteType;
  /** APPS_DOMAIN: shown around the subdomain field, so the whole address reads before the check. */
  appsDomain?: string;
  /** Whether "Connect Notion" with OAuth is configured on this server. */
  notionOAuth?: boolean;
  /** Back from Notion's consent screen (`?connection=`), or its error (`?connectionError=`): "Connect Notion" is open. */
  initialConnectionId?: string;
  connectionError?: string;
}) {
  const router = useRouter();
  const [siteType, setSiteType] = useState<SiteType>(initialSiteType);
  // A public page (the default) or a page read through a Notion connection.
  const [source, setSource] = useState<"public" | "connected">(initialConnectionId || connectionError ? "connected" : "public");
  const [connected, setConnected] = useState<ConnectedChoice>(null);
  const [notionPageUrl, setNotionPageUrl] = useState("");
  const [subdomain, setSubdomain] = useState("");
  const [subdomainTyped, setSubdomainTyped] = useState(false);
  const [name, setName] = useState("");
  // Until the owner types a name, it is the page's title (what visitors see), shown filled in.
  const nameTypedRef = useRef(false);
  const [pageVerdict, setPageVerdict] = useState<PageCheck>({ status: "idle" });
  const [addressVerdict, setAddressVerdict] = useState<AddressCheck>({ status: "idle" });
  // "Checking…" at once on any change: an older verdict would speak for the previous type or link.
  // The page the check speaks for: the link typed, or the page picked through a connection.
  const pageUrl = source === "connected" ? (connected?.notionPageUrl ?? "") : notionPageUrl;
  const pageKey = `${siteType}|${source}|${source === "connected" ? (connected?.connectionId ?? "") : ""}|${pageUrl}`;
  const addressKey = `${siteType}|${subdomain}`;
  const checked: PageCheck = pageVerdict.key === pageKey ? pageVerdict : { status: pageUrl.trim() ? "checking" : "idle" };
  const address: AddressCheck = addressVerdict.key === addressKey ? addressVerdict : { status: subdomain.trim() ? "checking" : "idle" };
  const setPage = (verdict: PageCheck) => setPageVerdict({ ...verdict, key: pageKey });
  const setAddress = (verdict: AddressCheck) => setAddressVerdict({ ...verdict, key: addressKey });
  const [propertyMap, setPropertyMap] = useState<PropertyMap>({});
  // A database whose properties have other names: the owner maps them, and the same rules decide again.
  const rule = SITE_TYPE_INFO[siteType].database;
  const mappable = checked.inspection?.isCollection && rule && checked.inspection.properties.some((p) => p.type) && checked.status !== "checking" ? checked.inspection : null;
  const mappedProblem = mappable ? notionPageProblem(siteType, mappable, { propertyMap }) : null;
  const page: PageCheck = mappable && checked.status !== "idle" ? (mappedProblem ? { ...checked, status: "problem", message: mappedProblem } : { ...checked, status: "ok" }) : checked;
  // Offered only when properties are what's missing (a wrong view type is not fixed by a mapping).
  const unmapped = mappable && rule ? missingFields(rule.properties, mappable.properties) : [];
  const showMapping = mappable && rule && unmapped.length > 0 && notionPageProblem(siteType, mappable) === NOTION_PAGE_MESSAGES.missingProperties(unmapped);
  const [templateDialog, openTemplate, closeTemplate] = useDialogState<{ siteType: SiteType }>({ siteType: "blog" });
  const create = useAction();

  // The same live check on both paths; a connected page is read through its connection (same rules, its own messages).
  // A page read once is remembered (trying the types asks once); past our own limit the check waits and runs again.
  const memory = usePageMemory();
  const retry = useRetryAfterLimit();
  useDebouncedCheck(`${pageKey}#${retry.attempt}`, async (signal) => {
    const url = pageUrl.trim();
    const connectionId = source === "connected" ? connected?.connectionId : undefined;
    retry.cancel();
    if (!url) return setPage({ status: "idle" });
    const early = notionUrlProblem(url);
    if (early) return setPage({ status: "problem", message: early });
    setPage({ status: "checking" });
    try {
      const inspection = memory.get(url, connectionId) ?? (await siteRpc.call("safeGetNotionPageState", { notionPageUrl: url, ...(connectionId ? { connectionId } : {}) }, { signal }));
      memory.remember(url, connectionId, inspection);
      const problem = notionPageProblem(siteType, inspection, { connected: Boolean(connectionId) });
      setPropertyMap({});
      setPage(problem ? { status: "problem", message: problem, privatePage: inspection.state === "private", inspection } : { status: "ok", inspection });
    } catch (err) {
      if (aborted(err)) return;
      const wait = retryAfterOf(err);
      if (wait) retry.schedule(wait);
      setPage(wait ? { status: "waiting" } : { status: "problem", message: err instanceof RpcError ? err.message : GENERIC_ERROR_MESSAGE });
    }
  });

  useDebouncedCheck(addressKey, async (signal) => {
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

  const ready = page.status === "ok" && (source === "public" || connected !== null) && address.status === "free";
  // Stable: the picker re-reads its connections when this changes, which would drop the page just picked.
  const chooseConnected = useCallback((choice: ConnectedChoice) => {
    setConnected(choice);
    if (choice && !nameTypedRef.current) setName(choice.title);
  }, []);
  const submit = async () => {
    const from = source === "connected" && connected ? { notionPageUrl: connected.notionPageUrl, connectionId: connected.connectionId } : { notionPageUrl: notionPageUrl.trim() };
    const created = await create.run(() =>
      siteRpc.call("createNewSite", {
        siteType,
        ...from,
        subdomain: subdomain.trim().toLowerCase(),
        name: name.trim() || undefined,
        ...(Object.keys(propertyMap).length ? { propertyMap } : {}),
      }),
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
            <ConnectedPagePicker oauth={notionOAuth} initialConnectionId={initialConnectionId} connectionError={connectionError} onChoose={chooseConnected} />
            {connected ? (
              <PageCheckStatus
                secondsLeft={retry.secondsLeft}
                id="connected-page-status"
                siteType={siteType}
                page={page}
                onTemplate={() => openTemplate({ siteType })}
                mapping={showMapping && rule ? { fields: fieldChoices(rule.properties, mappable.properties), value: propertyMap, onChange: setPropertyMap } : null}
              />
            ) : null}
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
          onChange={(e) => {
            const link = withNotionScheme(e.target.value);
            setNotionPageUrl(link);
            // Until the owner types an address or a name, they follow the page's title in the link.
            if (!subdomainTyped) setSubdomain(suggestedSubdomain(link, siteType));
            if (!nameTypedRef.current) setName(titleFromNotionUrl(link));
          }}
          aria-describedby="notion-url-status"
          aria-invalid={page.status === "problem" || undefined}
          className="mt-3 w-full rounded-md border border-neutral-300 bg-white px-3 py-2 outline-none focus:border-[#2255dd] focus:ring-2 focus:ring-[#2255dd]/30"
        />
        <PageCheckStatus
          secondsLeft={retry.secondsLeft}
          id="notion-url-status"
          siteType={siteType}
          page={page}
          onTemplate={() => openTemplate({ siteType })}
          mapping={showMapping && rule ? { fields: fieldChoices(rule.properties, mappable.properties), value: propertyMap, onChange: setPropertyMap } : null}
        />
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
        <div className="mt-3 flex flex-wrap items-center gap-1 text-neutral-700">
          {appsDomain ? <span data-testid="address-prefix">{SITE_TYPE_INFO[siteType].prefix}</span> : null}
          <input
            id="subdomain"
            autoComplete="off"
            placeholder="acme"
            value={subdomain}
            onChange={(e) => {
              setSubdomainTyped(true);
              setSubdomain(e.target.value.toLowerCase());
            }}
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

      <div>
        <label htmlFor="site-name" className="text-lg font-semibold">
          4. Name <span className="text-sm font-normal text-neutral-500">(optional)</span>
        </label>
        <input
          id="site-name"
          value={name}
          maxLength={120}
          onChange={(e) => {
            setName(e.target.value);
            nameTypedRef.current = true;
          }}
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
