import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Who a Notion request is for, carried through every await below the call that set it: the budget serves the most
 * urgent first and shares a priority fairly between owners.
 */
export const NOTION_PRIORITIES = ["owner", "webhook", "reader", "sweep"] as const;
/** owner: someone waits in the dashboard (page check, Sync now, first sync); webhook: Notion told us of an edit;
 *  reader: a visitor read a stale page; sweep: background work nobody waits for. */
export type NotionPriority = (typeof NOTION_PRIORITIES)[number];

export type NotionRequestContext = {
  priority: NotionPriority;
  /** Whose turn it is (an owner's id; a site's when unknown). */
  owner: string;
  /** One request for many sites at once (their pages' edit times asked together): see the budget's rule for it. */
  shared?: boolean;
};

/** Requests sent outside any context: one shared object, so they never count as one piece of work. */
export const NO_CONTEXT: NotionRequestContext = Object.freeze({ priority: "reader", owner: "anonymous" });

/** Shared by the server and Next's bundle, like the Notion queues. */
const STORAGE_KEY = Symbol.for("app.notion-request-context");
function storage(): AsyncLocalStorage<NotionRequestContext> {
  const g = globalThis as typeof globalThis & { [STORAGE_KEY]?: AsyncLocalStorage<NotionRequestContext> };
  return (g[STORAGE_KEY] ??= new AsyncLocalStorage());
}

/**
 * Runs `work` with its Notion requests sent at this priority, on this owner's turn. One call is one piece of work (a
 * refresh, a page check): the budget lets a piece already under way finish before starting the next.
 */
export function withNotionPriority<T>(priority: NotionPriority, owner: string, work: () => T): T {
  return storage().run({ priority, owner }, work);
}

/** Runs `work` as one request made for many sites' pieces of work at once, at the most urgent of their priorities. */
export function withSharedNotionRequest<T>(priority: NotionPriority, work: () => T): T {
  return storage().run({ priority, owner: "shared", shared: true }, work);
}

/** The most urgent of these priorities (reader when there are none). */
export function mostUrgent(priorities: Iterable<NotionPriority>): NotionPriority {
  const ranks = [...priorities].map(rankOf);
  return ranks.length ? NOTION_PRIORITIES[Math.min(...ranks)]! : "reader";
}

export function currentNotionRequest(): NotionRequestContext {
  return storage().getStore() ?? NO_CONTEXT;
}

export const rankOf = (priority: NotionPriority): number => NOTION_PRIORITIES.indexOf(priority);
