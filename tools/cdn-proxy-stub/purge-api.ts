import http from "node:http";
import type { AddressInfo } from "node:net";
import { readBody, sendJson } from "../shared/http";

/**
 * What the three CDN purge-API stand-ins share: a loopback server, the purges it accepted (for tests and the bench),
 * and faults a test can ask for (the next N purges answer an error status), so "a failed purge is retried" can be
 * shown. Each stand-in (tools/cloudflare-stub, tools/fastly-stub, tools/bunny-stub) supplies its own routes and answers.
 */

export type AcceptedPurge = { tags: string[]; at: number };

export type PurgeApiStub = {
  url: string;
  /** Purges accepted so far, oldest first. */
  purges: AcceptedPurge[];
  /** Requests refused by a fault (not by validation), oldest first. */
  refused: number;
  /** The next `times` purge requests answer `status` (the provider's error shape). */
  failNext(times: number, status?: number): void;
  close(): Promise<void>;
};

export type PurgeRoute = (req: http.IncomingMessage, body: string, res: http.ServerResponse, accept: (tags: string[]) => void) => void;

export async function startPurgeApi(route: PurgeRoute, fault: (res: http.ServerResponse, status: number) => void, port = 0): Promise<PurgeApiStub> {
  const faults = { remaining: 0, status: 500 };
  const stub: PurgeApiStub = {
    url: "",
    purges: [],
    refused: 0,
    failNext(times, status = 500) {
      faults.remaining = times;
      faults.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    let body: string;
    try {
      body = await readBody(req, 64 * 1024);
    } catch {
      return sendJson(res, 413, { message: "body too large" });
    }
    if (req.method === "POST" && faults.remaining > 0) {
      faults.remaining--;
      stub.refused++;
      return fault(res, faults.status);
    }
    route(req, body, res, (tags) => stub.purges.push({ tags, at: Date.now() }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

/** A JSON body, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
