import type { Env } from "@/env";
import { createLocalDiskStorage } from "./local-disk";

/**
 * Where the product keeps bytes it made or fetched (cached images, uploads). Local disk under DATA_DIR by default
 * (DESIGN §2); an S3-compatible store can sit behind the same interface.
 */
export type StoredFile = { body: Buffer; contentType: string };

export interface FileStorage {
  get(key: string): Promise<StoredFile | null>;
  put(key: string, file: StoredFile): Promise<void>;
  delete(key: string): Promise<void>;
}

export function createFileStorage(env: Pick<Env, "DATA_DIR">): FileStorage {
  return createLocalDiskStorage(`${env.DATA_DIR}/files`);
}
