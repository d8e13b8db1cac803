import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRpcClient, RpcError } from "@/rpc/client";
import type { siteMethods } from "@/rpc/site-methods";

/** The browser client against a small real HTTP server speaking the wire format of CONTRACTS §7. */
let server: http.Server;
let base: string;
const seen: { method: string; meta: unknown; accept?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const call = JSON.parse(body) as { id: number; method: string; meta: unknown };
      seen.push({ method: call.method, meta: call.meta, accept: req.headers.accept });
      const json = (status: number, payload: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      if (call.method === "getUserSites") return json(200, { jsonrpc: "2.0", id: call.id, result: [{ siteId: "s1" }] });
      if (call.method === "deleteSite") return json(200, { jsonrpc: "2.0", id: call.id, error: { code: -32004, message: "Site not found", data: { code: "NOT_FOUND" } } });
      if (call.method === "safeGetNotionPageState") return json(502, { jsonrpc: "2.0", id: call.id, error: { code: -32603, message: "Notion did not answer, please try again", data: { code: "UPSTREAM" } } });
      if (call.method === "syncSiteNow") return void setTimeout(() => json(200, { jsonrpc: "2.0", id: call.id, result: {} }), 500);
      if (call.method === "waitForSubscription") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write(`event: data\ndata: {"attempt":1,"active":false}\n\n`);
        res.write(`event: data\ndata: {"attempt":2,"active":true}\n\n`);
        res.end(`event: result\ndata: {"jsonrpc":"2.0","id":${call.id},"result":{"active":true}}\n\n`);
        return;
      }
      json(200, { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "Method not found", data: { code: "METHOD_NOT_FOUND" } } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/site`;
});
afterAll(() => server.close());

describe("the typed RPC client", () => {
  const client = () => createRpcClient<typeof siteMethods>(base);

  it("returns results and sends meta with the client version and time zone", async () => {
    expect(await client().call("getUserSites", {})).toEqual([{ siteId: "s1" }]);
    expect(seen.at(-1)?.meta).toMatchObject({ clientVersion: "1", tz: expect.any(String) });
  });

  it("throws RpcError with the server's message and code, including on a 502", async () => {
    await expect(client().call("deleteSite", { siteId: "x" })).rejects.toMatchObject({ name: "RpcError", code: "NOT_FOUND", message: "Site not found" });
    const upstream = await client().call("safeGetNotionPageState", { notionPageUrl: "https://www.notion.so/x" }).catch((e: unknown) => e);
    expect(upstream).toBeInstanceOf(RpcError);
    expect((upstream as RpcError).message).toBe("Notion did not answer, please try again");
  });

  it("times out and can be aborted", async () => {
    await expect(client().call("syncSiteNow", { siteId: "x" }, { timeoutMs: 100 })).rejects.toMatchObject({ name: "TimeoutError" });
    const controller = new AbortController();
    const pending = client().call("syncSiteNow", { siteId: "x" }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("reads a streaming method's events, then its result", async () => {
    const items: unknown[] = [];
    const result = await client().stream("waitForSubscription", { siteId: "s1" }, (item) => items.push(item));
    expect(items).toEqual([{ attempt: 1, active: false }, { attempt: 2, active: true }]);
    expect(result).toEqual({ active: true });
    expect(seen.at(-1)?.accept).toBe("text/event-stream");
  });
});
