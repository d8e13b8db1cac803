import crypto from "node:crypto";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { FileStorage, S3StorageConfig, StoredFile } from "./types";

/**
 * Files in a bucket of an S3-compatible store (AWS S3, MinIO, R2, …), so every process behind a load balancer reads
 * the same files. Like local disk, the key is hashed into the object name: any key fits S3's naming rules.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Path-style addressing (endpoint/bucket/key) works on every S3-compatible server; virtual hosts need DNS per bucket.
    forcePathStyle: true,
    // Checksums only where S3 requires them: many compatible servers don't accept the SDK's default trailing checksums.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const objectKey = (key: string) => {
    const hash = crypto.createHash("sha256").update(key).digest("hex");
    return `files/${hash.slice(0, 2)}/${hash}`;
  };
  return {
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        const body = Buffer.from(await res.Body.transformToByteArray());
        return { body, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (err) {
        if (err instanceof NoSuchKey || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)) return null;
        throw err;
      }
    },
    async put(key, { body, contentType }: StoredFile) {
      // One PUT: S3 makes the object visible whole or not at all.
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: objectKey(key), Body: body, ContentType: contentType }));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
