import type { Env } from "@/env";
import { createLocalDiskStorage } from "./local-disk";
import { withRecentFiles } from "./recent-files";
import type { FileStorage } from "./types";

export type * from "./types";
export { isStorageUnavailable, StorageUnavailableError } from "./recent-files";

/**
 * Where the product keeps bytes it made or fetched (cached images, uploads): an S3-compatible bucket when S3_* is set
 * (several processes or machines share it), with the files served lately kept in memory (STORAGE_CACHE_MB) for when
 * the bucket does not answer; else local disk under DATA_DIR (docs/product.md D2).
 */
export function createFileStorage(env: Pick<Env, "DATA_DIR" | "s3" | "STORAGE_CACHE_MB">): FileStorage {
  const s3 = env.s3;
  return s3
    ? withRecentFiles(
        loadedOnFirstUse(async () => (await import("./s3")).createS3Storage(s3)),
        env.STORAGE_CACHE_MB * 1024 * 1024,
      )
    : createLocalDiskStorage(`${env.DATA_DIR}/files`);
}

/** The AWS SDK takes a second to load: it loads with the first file read or written, not at every process start. */
function loadedOnFirstUse(load: () => Promise<FileStorage>): FileStorage {
  let storage: Promise<FileStorage> | undefined;
  const ready = () => (storage ??= load());
  return {
    get: async (key) => (await ready()).get(key),
    put: async (key, file) => (await ready()).put(key, file),
    delete: async (key) => (await ready()).delete(key),
  };
}
