import type { CallCounts, Fault, RateLimit, RateStats } from "./server";

/** A tiny typed client for the stand-in's control endpoints, over real HTTP (for tests and benchmarks). */
export function stubControl(url: string) {
  async function post(route: string, body: unknown): Promise<Response> {
    const res = await fetch(`${url}/__stub/${route}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`stub ${route} failed: ${res.status} ${await res.text()}`);
    return res;
  }
  return {
    fault: (fault: Fault) => post("faults", fault).then(() => undefined),
    calls: async (): Promise<CallCounts> => (await fetch(`${url}/__stub/calls`)).json() as Promise<CallCounts>,
    touch: (pageId: string, title?: string, properties?: Record<string, unknown>) => post("touch", { pageId, title, properties }).then(() => undefined),
    /** Limits the API to N requests per rolling second (null: no limit); also clears the rate counts. */
    rateLimit: (limit: RateLimit) => post("rate-limit", limit).then(() => undefined),
    /** 429s sent and requests seen per second since the limit was last set (or the stand-in reset). */
    rate: async (): Promise<RateStats> => (await fetch(`${url}/__stub/rate`)).json() as Promise<RateStats>,
    /** Adds getPage()-shaped record maps (new root pages) to the running stand-in. */
    addRecords: (recordMaps: Record<string, unknown>[]) => post("records", { recordMaps }).then(() => undefined),
    reset: () => post("reset", {}).then(() => undefined),
  };
}
