"use client";

import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import type { FirstSync } from "@/core/sites/get-site-sync-state";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { useAction } from "@/components/use-action";

const POLL_MS = 1500;
/** A sync still "waiting" after this many polls did not start by itself (its process stopped): offer to start it. */
const WAITS_BEFORE_START_BUTTON = 3;

/**
 * A new site's first sync, polled until it is over: pages read of pages found while it runs, the reason and a Retry
 * when it failed. Once the site has content the page is refreshed, so every screen shows it.
 */
export function useFirstSync(siteId: string, initial: FirstSync | null) {
  const router = useRouter();
  const [firstSync, setFirstSync] = useState(initial);
  const [waits, setWaits] = useState(0);
  const [done, setDone] = useState(false);
  const active = firstSync !== null && firstSync.state !== "failed";
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      void siteRpc
        .call("getSiteSyncState", { siteId })
        .then((state) => {
          setFirstSync(state.firstSync);
          setWaits((n) => (state.firstSync?.state === "waiting" ? n + 1 : 0));
          if (!state.firstSync) {
            setDone(true);
            router.refresh();
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, siteId, router]);
  const retrying = useAction();
  const retry = useCallback(async () => {
    const started = await retrying.run(() => siteRpc.call("startSiteSync", { siteId }));
    if (started) {
      setWaits(0);
      setFirstSync((s) => ({ state: "syncing", pagesDone: 0, pagesFound: 0, error: null, ...(s ? { pagesFound: s.pagesFound } : {}) }));
    }
  }, [retrying, siteId]);
  return { firstSync, done, canStart: firstSync?.state === "failed" || (firstSync?.state === "waiting" && waits >= WAITS_BEFORE_START_BUTTON), retry, retrying: retrying.pending };
}

export function FirstSyncStatus({ siteId, initial, testId, synced }: { siteId: string; initial: FirstSync | null; testId: string; synced?: React.ReactNode }) {
  const { firstSync, done, canStart, retry, retrying } = useFirstSync(siteId, initial);
  if (!firstSync) return done || synced ? <div data-testid={testId}>{synced ?? <span className="text-green-300">Synced from Notion ✓</span>}</div> : null;
  const { state, pagesDone, pagesFound, error } = firstSync;
  return (
    <div role="status" className="text-sm" data-testid={testId} data-state={state}>
      {state === "syncing" ? (
        <>
          <p className="text-neutral-200">
            Publishing from Notion: {pagesFound ? `${pagesDone} of ${pagesFound} pages read` : "finding your pages…"}
          </p>
          <progress className="mt-1 h-1.5 w-full max-w-xs" max={Math.max(1, pagesFound)} value={pagesDone} aria-label="Pages read" />
        </>
      ) : null}
      {state === "waiting" ? <p className="text-neutral-300">Starting the first sync from Notion…</p> : null}
      {state === "failed" ? (
        <p className="text-red-300" data-testid="first-sync-error">
          The first sync from Notion failed: {error}
        </p>
      ) : null}
      {canStart ? (
        <Button variant="secondary" className="mt-2" loading={retrying} onClick={() => void retry()}>
          {state === "failed" ? "Retry" : "Start now"}
        </Button>
      ) : null}
    </div>
  );
}
