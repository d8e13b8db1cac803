import type { CallCounts, Fault } from "./server";

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
    reset: () => post("reset", {}).then(() => undefined),
  };
}
