import type { Env } from "@/env";
import { createLocalDiskStorage } from "./local-disk";
import { createS3Storage } from "./s3";
import type { FileStorage } from "./types";

export type * from "./types";

/**
 * Where the product keeps bytes it made or fetched (cached images, uploads): an S3-compatible bucket when S3_* is set
 * (several processes or machines share it), else local disk under DATA_DIR (docs/product.md D2).
 */
export function createFileStorage(env: Pick<Env, "DATA_DIR" | "s3">): FileStorage {
  return env.s3 ? createS3Storage(env.s3) : createLocalDiskStorage(`${env.DATA_DIR}/files`);
}
