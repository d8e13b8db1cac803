import type { AiFault, ReceivedRequest, ScriptedCompletion } from "./server";

/** A small typed client for the AI stand-in's control endpoints, over real HTTP (tests and benchmarks). */
export function aiStubControl(url: string) {
  async function post(route: string, body: unknown): Promise<void> {
    const res = await fetch(`${url}/__stub/${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`ai stub ${route} failed: ${res.status} ${await res.text()}`);
  }
  return {
    script: (...completions: ScriptedCompletion[]) => post("script", { completions }),
    fault: (fault: AiFault) => post("faults", fault),
    requests: async (): Promise<ReceivedRequest[]> => (await fetch(`${url}/__stub/requests`)).json() as Promise<ReceivedRequest[]>,
    reset: () => post("reset", {}),
  };
}
