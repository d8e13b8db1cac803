import type http from "node:http";

/** What the stand-ins share of HTTP: a JSON answer and a request body read with a size cap. */

export function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** The body as text; rejects (and drops the connection) once it passes `maxBytes`, so a stand-in never buffers without end. */
export function readBody(req: http.IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) {
        reject(new Error("body too large"));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** A control request's JSON body (`{}` when empty), or `{ok: false}` when it is not JSON or too large. */
export async function readControlBody(req: http.IncomingMessage, maxBytes: number): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    const text = await readBody(req, maxBytes);
    return { ok: true, body: text ? JSON.parse(text) : {} };
  } catch {
    return { ok: false };
  }
}
