import type { Env } from "@/env";

export type StoredFile = { body: Buffer; contentType: string };

export interface FileStorage {
  get(key: string): Promise<StoredFile | null>;
  put(key: string, file: StoredFile): Promise<void>;
  delete(key: string): Promise<void>;
}

/** An S3-compatible bucket (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). */
export type S3StorageConfig = NonNullable<Env["s3"]>;
