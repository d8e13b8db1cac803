import { LRUCache } from "lru-cache";
import type { FileStorage, StoredFile } from "./types";

/** Thrown by a put the storage refused or did not answer: the caller tells the user storage is unavailable. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super("File storage did not take the file", { cause });
    this.name = "StorageUnavailableError";
  }
}

/**
 * By name, not `instanceof`: the storage is made by the server's bundle and shared with Next's through the runtime
 * (docs/contracts.md §3), and each bundle has its own copy of the class.
 */
export const isStorageUnavailable = (err: unknown): boolean => err instanceof Error && err.name === "StorageUnavailableError";

/**
 * Files recently read or written, kept in this process's memory up to `maxBytes` (least recently used out first),
 * in front of a storage that can go away (S3): when a read fails, the kept copy answers, so published images and
 * logos survive a short outage of the bucket. Reads still go to the storage first, so a file changed there is never
 * served stale while it answers. A file alone larger than a tenth of the bound is not kept.
 */
export function withRecentFiles(storage: FileStorage, maxBytes: number): FileStorage {
  if (maxBytes <= 0) return storage;
  const recent = new LRUCache<string, StoredFile>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
    sizeCalculation: (file) => Math.max(1, file.body.length),
  });
  const remember = (key: string, file: StoredFile) => {
    if (file.body.length <= maxBytes / 10) recent.set(key, file);
  };
  return {
    async get(key) {
      let file: StoredFile | null;
      try {
        file = await storage.get(key);
      } catch (err) {
        const kept = recent.get(key);
        if (kept) return kept;
        throw err;
      }
      if (file) remember(key, file);
      else recent.delete(key);
      return file;
    },
    async put(key, file) {
      try {
        await storage.put(key, file);
      } catch (err) {
        throw new StorageUnavailableError(err);
      }
      remember(key, file);
    },
    async delete(key) {
      recent.delete(key);
      await storage.delete(key);
    },
  };
}
