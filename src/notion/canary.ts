import { withNotionPriority } from "./budget/request-context";
import { fetchWholePage } from "./fetch-page";
import { NotionRequestError, type NotionGateway } from "./notion-gateway";

/**
 * The canary: a public page the operator owns (NOTION_CANARY_PAGE), read whole through the public path
 * every few minutes, exactly as a site's sync reads its root, so a breaking change on Notion's side shows in
 * /api/health before owners notice. Its requests go through the gateway, so they count in the request watch too.
 */

export type CanaryStatus = {
  pageId: string;
  /** null until the first check finished. */
  checkedAt: string | null;
  ok: boolean | null;
  /** What went wrong, in words, and the endpoint that failed (null when ok). */
  error: string | null;
  endpoint: string | null;
  lastOkAt: string | null;
};

export type NotionCanary = { status(): CanaryStatus; check(): Promise<CanaryStatus>; stop(): void };

export function startNotionCanary(opts: { gateway: NotionGateway; pageId: string; intervalMs: number; log?: (line: string) => void }): NotionCanary {
  const state: CanaryStatus = { pageId: opts.pageId, checkedAt: null, ok: null, error: null, endpoint: null, lastOkAt: null };
  let running: Promise<CanaryStatus> | null = null;

  async function runCheck(): Promise<CanaryStatus> {
    try {
      // Nobody waits for it: the budget serves it last.
      await withNotionPriority("sweep", "canary", () => fetchWholePage(opts.gateway, opts.pageId));
      Object.assign(state, { ok: true, error: null, endpoint: null, lastOkAt: new Date().toISOString() });
    } catch (err) {
      const wasOk = state.ok !== false;
      Object.assign(state, {
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        endpoint: err instanceof NotionRequestError ? err.endpoint : null,
      });
      if (wasOk) opts.log?.(`[notion] canary page ${opts.pageId} failed${state.endpoint ? ` at ${state.endpoint}` : ""}: ${state.error}`);
    }
    state.checkedAt = new Date().toISOString();
    return { ...state };
  }

  const check = () => (running ??= runCheck().finally(() => (running = null)));
  const first = setTimeout(() => void check(), 0);
  const timer = setInterval(() => void check(), opts.intervalMs);
  first.unref?.();
  timer.unref?.();
  return {
    status: () => ({ ...state }),
    check,
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
