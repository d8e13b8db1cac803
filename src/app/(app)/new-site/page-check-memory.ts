"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { NotionPageInspection } from "@/lib/notion-page-rules";
import { RpcError } from "@/rpc/client";

/** How long a page that was read stays known to the form: switching site type re-uses it instead of asking again. */
const KEEP_MS = 5 * 60_000;

/**
 * The page check's memory in the create form: what a link's page is, per link and connection, so trying the site
 * types on one page asks the server once. Only pages that were read are kept — a private page may be shared a moment
 * later, and the next check must see it.
 */
export function usePageMemory() {
  const known = useRef(new Map<string, { inspection: NotionPageInspection; at: number }>());
  const keyOf = (url: string, connectionId?: string) => `${connectionId ?? ""}|${url}`;
  return {
    get(url: string, connectionId?: string): NotionPageInspection | null {
      const hit = known.current.get(keyOf(url, connectionId));
      return hit && Date.now() - hit.at < KEEP_MS ? hit.inspection : null;
    },
    remember(url: string, connectionId: string | undefined, inspection: NotionPageInspection) {
      if (inspection.state === "valid") known.current.set(keyOf(url, connectionId), { inspection, at: Date.now() });
    },
  };
}

/** Seconds until a refused check may run again (the server's RATE_LIMITED answer), or null for any other error. */
export const retryAfterOf = (err: unknown): number | null => (err instanceof RpcError && err.code === "RATE_LIMITED" && err.retryAfter ? err.retryAfter : null);

/**
 * A check that waits for our own limit: `schedule(seconds)` counts down and then bumps `attempt` (part of the check's
 * key), so the check runs again by itself. `secondsLeft` is for the countdown on screen.
 */
export function useRetryAfterLimit() {
  const [attempt, setAttempt] = useState(0);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (retryAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const fire = setTimeout(() => {
      setRetryAt(null);
      setAttempt((n) => n + 1);
    }, Math.max(0, retryAt - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(fire);
    };
  }, [retryAt]);
  const schedule = useCallback((seconds: number) => {
    setNow(Date.now());
    setRetryAt(Date.now() + seconds * 1000);
  }, []);
  const cancel = useCallback(() => setRetryAt(null), []);
  return { attempt, schedule, cancel, secondsLeft: retryAt === null ? null : Math.max(0, Math.ceil((retryAt - now) / 1000)) };
}
