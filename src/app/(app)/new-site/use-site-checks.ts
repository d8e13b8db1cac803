"use client";

import { useEffect, useRef, useState } from "react";
import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { siteRpc, RpcError } from "@/rpc/client";
import { NOTION_PAGE_MESSAGES, notionPageProblem, notionUrlProblem } from "@/lib/notion-page-rules";
import { fieldChoices, missingFields, type PropertyMap } from "@/lib/database-fields";
import { SITE_TYPE_INFO, type SiteType } from "@/lib/site-types";
import type { ConnectedChoice } from "./connected-page-picker";
import type { AddressCheck } from "./new-site-fields";
import type { PageCheck } from "./page-check-status";
import { retryAfterOf, usePageMemory, useRetryAfterLimit } from "./page-check-memory";

const CHECK_DELAY_MS = 500;


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

type SiteChecksInput = { siteType: SiteType; source: "public" | "connected"; connected: ConnectedChoice; notionPageUrl: string; subdomain: string };

/**
 * The create form's two live checks: the Notion page against the site type's rules (with a property mapping when a
 * database's properties have other names) and the address. Each verdict carries the inputs it answers; a verdict for
 * other inputs is never shown.
 */
export function useSiteChecks({ siteType, source, connected, notionPageUrl, subdomain }: SiteChecksInput) {
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

  const mapping = showMapping && rule ? { fields: fieldChoices(rule.properties, mappable.properties), value: propertyMap, onChange: setPropertyMap } : null;
  return { page, address, retry, propertyMap, setPropertyMap, mapping };
}
