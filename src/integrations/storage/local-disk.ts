import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FileStorage, StoredFile } from "./types";

/** Files on local disk; the key is hashed into the path, so no key can name a file outside the root. */
export function createLocalDiskStorage(root: string): FileStorage {
  const locate = (key: string) => {
    const hash = crypto.createHash("sha256").update(key).digest("hex");
    return path.join(root, hash.slice(0, 2), hash);
  };
  return {
    async get(key) {
      const file = locate(key);
      try {
        const [body, meta] = await Promise.all([fs.readFile(file), fs.readFile(`${file}.json`, "utf8")]);
        return { body, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async put(key, { body, contentType }: StoredFile) {
      const file = locate(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write-then-rename so a reader never sees half a file; metadata last marks the entry complete.
      const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
      await fs.writeFile(`${tmp}.json`, JSON.stringify({ key, contentType }));
      await fs.rename(`${tmp}.json`, `${file}.json`);
    },
    async delete(key) {
      const file = locate(key);
      await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.json`, { force: true })]);
    },
  };
}
