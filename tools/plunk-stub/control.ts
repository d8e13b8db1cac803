import type { PlunkFault, RecordedRequest } from "./server";

/** A small typed client for the Plunk stand-in's control endpoints, over real HTTP (tests, demo). */
export function plunkStubControl(url: string) {
  async function post(route: string, body: unknown): Promise<void> {
    const res = await fetch(`${url}/__stub/${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`plunk stub ${route} failed: ${res.status} ${await res.text()}`);
  }
  return {
    requests: async (): Promise<RecordedRequest[]> => (await fetch(`${url}/__stub/requests`)).json() as Promise<RecordedRequest[]>,
    fault: (fault: PlunkFault) => post("faults", fault),
    reset: () => post("reset", {}),
  };
}
