import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { sendJson } from "../shared/http";
import { fileKeyOf } from "./answers";
import type { StubState } from "./state";

/** Uploaded files, served from the workspace's files folder at the URLs getSignedFileUrls hands out. */

const CONTENT_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
};

/** DIR/files/<id>/<name> when that upload was recorded on its own, else DIR/files/<name>. */
export function serveFile(stub: StubState, pathname: string, res: http.ServerResponse): void {
  const key = fileKeyOf(`http://x${pathname}`);
  const dir = stub.store.files;
  // basename() keeps a request inside DIR/files whatever the path says.
  const candidates = dir && key ? [...(key.id ? [path.join(dir, path.basename(key.id), path.basename(key.name))] : []), path.join(dir, path.basename(key.name))] : [];
  const file = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  if (!file) return sendJson(res, 404, { message: "No such file" });
  const data = fs.readFileSync(file);
  res.writeHead(200, {
    "content-type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
    "content-length": data.length,
  });
  res.end(data);
}
