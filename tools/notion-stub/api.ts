import crypto from "node:crypto";
import type http from "node:http";
import { sendJson } from "../shared/http";
import { dashed } from "../shared/notion-ids";
import { loadPageChunk, queryCollection, signFileUrls, syncRecordValues, type Reducer } from "./answers";
import { invalidInput, readBody } from "./http";
import { bodies, type Endpoint } from "./schemas";
import { countCall, pagesNamedIn, takeFault, type StubState } from "./state";

/** The `/api/v3/` endpoints: the rate limit, queued faults, then the recorded answer (answers.ts). */

type Answer = { status: number; body: unknown };

function answer(stub: StubState, endpoint: Endpoint, body: unknown): Answer {
  switch (endpoint) {
    case "loadPageChunk": {
      const parsed = bodies.loadPageChunk.safeParse(body);
      if (!parsed.success) return { status: 400, body: invalidInput };
      const pageId = dashed(parsed.data.pageId);
      countCall(stub, endpoint, [pageId]);
      return { status: 200, body: loadPageChunk(stub.store, pageId, parsed.data.limit) };
    }
    case "syncRecordValues":
    case "syncRecordValuesMain": {
      const parsed = bodies.syncRecordValues.safeParse(body);
      if (!parsed.success) return { status: 400, body: invalidInput };
      const requests = parsed.data.requests.map((r) => {
        const pointer = ("pointer" in r ? r.pointer : r) as { table: string; id: string };
        return { table: pointer.table, id: dashed(pointer.id) };
      });
      countCall(stub, endpoint, requests.filter((r) => r.table === "block").map((r) => r.id));
      return { status: 200, body: syncRecordValues(stub.store, requests) };
    }
    case "queryCollection": {
      const parsed = bodies.queryCollection.safeParse(body);
      if (!parsed.success) return { status: 400, body: invalidInput };
      const collectionId = parsed.data.collection?.id ?? parsed.data.collectionId;
      const viewId = parsed.data.collectionView?.id ?? parsed.data.collectionViewId;
      if (!collectionId || !viewId) return { status: 400, body: invalidInput };
      countCall(stub, endpoint, [dashed(collectionId)]);
      const result = queryCollection(stub.store, dashed(collectionId), dashed(viewId), parsed.data.loader?.reducers as Record<string, Reducer> | undefined);
      return result ? { status: 200, body: result } : { status: 400, body: invalidInput };
    }
    case "getSignedFileUrls": {
      const parsed = bodies.getSignedFileUrls.safeParse(body);
      if (!parsed.success) return { status: 400, body: invalidInput };
      countCall(stub, endpoint, []);
      return { status: 200, body: signFileUrls(stub.baseUrl, parsed.data.urls) };
    }
  }
}

/** The body as JSON, or undefined when it isn't (answered 400 after the rate limit and faults have had their say). */
async function jsonBody(req: http.IncomingMessage): Promise<{ ok: boolean; body: unknown }> {
  try {
    return { ok: true, body: JSON.parse(await readBody(req)) };
  } catch {
    return { ok: false, body: undefined };
  }
}

export async function handleApi(stub: StubState, endpoint: Endpoint, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  stub.inFlight += 1;
  stub.calls.maxInFlight = Math.max(stub.calls.maxInFlight, stub.inFlight);
  // 'close' fires once: when the answer is sent or the connection goes away (refused, timed out).
  res.once("close", () => (stub.inFlight -= 1));
  const { ok: bodyOk, body } = await jsonBody(req);
  const retryAfter = stub.rate.overLimit(Date.now());
  if (retryAfter !== null) {
    // The shape of a private-API 429: notion-client reads `retry-after`, then `clientData.retryAfter` (seconds).
    const limited = { errorId: crypto.randomUUID(), name: "RateLimitedError", message: "You have been rate limited. Please try again in a few minutes.", clientData: { retryAfter } };
    return sendJson(res, 429, limited, { "retry-after": String(retryAfter) });
  }
  const fault = takeFault(stub, endpoint, pagesNamedIn(body));
  if (fault?.mode === "refuse") {
    req.socket.destroy();
    return;
  }
  if (fault?.mode === "timeout") {
    // Hold the request open until the client gives up or the stand-in is reset or closed.
    stub.heldSockets.add(req.socket);
    req.socket.once("close", () => stub.heldSockets.delete(req.socket));
    return;
  }
  if (fault?.mode === "latency") await new Promise((r) => setTimeout(r, fault.latencyMs ?? 1000));
  if (!bodyOk) return sendJson(res, 400, invalidInput);
  if (fault?.mode === "status") {
    const status = fault.status ?? 500;
    const headers: Record<string, string> = fault.retryAfter !== undefined ? { "retry-after": String(fault.retryAfter) } : {};
    return sendJson(res, status, { errorId: "stub-fault", name: status === 429 ? "RateLimitedError" : "HttpError", message: `Stub fault: HTTP ${status}` }, headers);
  }
  const result = answer(stub, endpoint, body);
  if (fault?.mode === "truncate" && result.status === 200) {
    const text = JSON.stringify(result.body);
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(text.slice(0, Math.floor(text.length / 2)));
    return;
  }
  sendJson(res, result.status, result.body);
}
