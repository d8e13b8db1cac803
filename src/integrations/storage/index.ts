import type { Env } from "@/env";
import { createLocalDiskStorage } from "./local-disk";
import type { FileStorage } from "./types";

export type * from "./types";

/**
 * Where the product keeps bytes it made or fetched (cached images, uploads). Local disk under DATA_DIR by default
 * (DESIGN §2); an S3-compatible store can sit behind the same interface.
 */
export function createFileStorage(env: Pick<Env, "DATA_DIR">): FileStorage {
  return createLocalDiskStorage(`${env.DATA_DIR}/files`);
}
