import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { countCall, now, type StubState } from "./state";
import type { Json } from "./workspace";

/** Files behind signed URLs that expire, the way Notion's S3 links do: signed in every answer, checked when fetched. */

function signature(stub: StubState, filePath: string, expires: number): string {
  return crypto.createHmac("sha256", stub.fileKey).update(`${filePath}:${expires}`).digest("hex");
}

function signedUrl(stub: StubState, filePath: string): { url: string; expires: number } {
  const expires = now(stub) + stub.clock.fileTtlSeconds * 1000;
  const encodedPath = filePath.split("/").map(encodeURIComponent).join("/");
  return { url: `${stub.baseUrl}/files/${encodedPath}?X-Expires=${expires}&X-Signature=${signature(stub, filePath, expires)}`, expires };
}

/** Every signed file URL in an answer, fresh: `{path}` → `{url, expiry_time}` (what Notion's S3 URLs are like). */
export function signFiles<T>(stub: StubState, value: T): T {
  if (Array.isArray(value)) return value.map((v) => signFiles(stub, v)) as T;
  if (!value || typeof value !== "object") return value;
  const obj = value as Json;
  if (obj.type === "file" && obj.file && typeof (obj.file as { path?: unknown }).path === "string") {
    const { url, expires } = signedUrl(stub, (obj.file as { path: string }).path);
    return { ...obj, file: { url, expiry_time: new Date(expires).toISOString() } } as T;
  }
  // A custom emoji icon's image: `{id, name, url}`, its URL signed like files.
  const emoji = obj.type === "custom_emoji" ? (obj.custom_emoji as { id?: string; name?: string; file?: { path?: unknown } } | undefined) : undefined;
  if (emoji && typeof emoji.file?.path === "string") {
    return { ...obj, custom_emoji: { id: emoji.id, name: emoji.name, url: signedUrl(stub, emoji.file.path).url } } as T;
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, signFiles(stub, v)])) as T;
}

export function serveFile(stub: StubState, res: http.ServerResponse, url: URL): void {
  countCall(stub, "files");
  const filePath = url.pathname.slice("/files/".length).split("/").map(decodeURIComponent).join("/");
  const expires = Number(url.searchParams.get("X-Expires"));
  const given = url.searchParams.get("X-Signature") ?? "";
  const wanted = signature(stub, filePath, expires);
  const deny = (message: string) => {
    res.writeHead(403, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>${message}</Message></Error>`);
  };
  if (given.length !== wanted.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(wanted))) return deny("Request signature does not match");
  if (!(expires > now(stub))) return deny("Request has expired");
  const name = path.basename(filePath);
  const file = stub.ws.filesDir ? path.join(stub.ws.filesDir, name) : null;
  if (!file || !fs.existsSync(file)) {
    res.writeHead(404, { "content-type": "application/xml" });
    res.end("<Error><Code>NoSuchKey</Code></Error>");
    return;
  }
  const data = fs.readFileSync(file);
  res.writeHead(200, { "content-type": name.endsWith(".png") ? "image/png" : "application/octet-stream", "content-length": data.length });
  res.end(data);
}
