import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "@/integrations/storage/s3";
import { parseEnv } from "@/env";
import { rpc, signedIn } from "../../helpers/rpc-client";
import { startS3Server, type S3Server } from "../../helpers/s3-server";
import { startSitesApp, workspaceIndex, type SitesApp } from "../../helpers/sites";

/** Files on an S3-compatible server (a real one, s3rver, over HTTP with signed requests): the storage, then the product on it. */

let s3: S3Server;
const configOf = (env: S3Server["env"]) => ({
  endpoint: env.S3_ENDPOINT,
  bucket: env.S3_BUCKET,
  region: env.S3_REGION,
  accessKeyId: env.S3_ACCESS_KEY_ID,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY,
});
/** The objects in the bucket, as the server keeps them on its disk. */
const objectsIn = (server: S3Server) =>
  (fs.readdirSync(path.join(server.directory, server.env.S3_BUCKET), { recursive: true }) as string[]).filter((f) => f.endsWith("._S3rver_object")).sort();

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

describe("the S3 file storage", () => {
  it("stores, reads back with its type, and deletes; a missing file is null", async () => {
    const storage = createS3Storage(configOf(s3.env));
    const body = Buffer.from([0, 1, 2, 250, 251, 252, 13, 10]);
    await storage.put("uploads/site-1/a:b c?é", { body, contentType: "image/png" });
    const read = await storage.get("uploads/site-1/a:b c?é");
    expect(read?.contentType).toBe("image/png");
    expect(read?.body.equals(body)).toBe(true);
    expect(await storage.get("uploads/site-1/other")).toBeNull();
    await storage.put("uploads/site-1/a:b c?é", { body: Buffer.from("second"), contentType: "image/gif" });
    expect((await storage.get("uploads/site-1/a:b c?é"))?.body.toString()).toBe("second");
    await storage.delete("uploads/site-1/a:b c?é");
    expect(await storage.get("uploads/site-1/a:b c?é")).toBeNull();
    await storage.delete("never-stored");
  });

  it("fails loudly with a wrong key or a missing bucket (the server checks signatures)", async () => {
    const wrongKey = createS3Storage({ ...configOf(s3.env), secretAccessKey: "not-the-secret" });
    await expect(wrongKey.put("x", { body: Buffer.from("x"), contentType: "text/plain" })).rejects.toThrow();
    await expect(wrongKey.get("x")).rejects.toThrow();
    const noBucket = createS3Storage({ ...configOf(s3.env), bucket: "no-such-bucket" });
    await expect(noBucket.put("x", { body: Buffer.from("x"), contentType: "text/plain" })).rejects.toThrow();
  });

  it("is configured by all five S3_* variables or none", () => {
    expect(parseEnv({}).s3).toBeUndefined();
    expect(parseEnv({ ...s3.env }).s3).toEqual(configOf(s3.env));
    expect(() => parseEnv({ S3_ENDPOINT: s3.env.S3_ENDPOINT, S3_BUCKET: "b" })).toThrow(/must be set together/);
    expect(() => parseEnv({ ...s3.env, S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
  });
});

describe("the product on S3 storage, over HTTP", () => {
  let s: SitesApp;
  beforeAll(async () => {
    s = await startSitesApp([], { env: s3.env });
  }, 240_000);
  afterAll(() => s?.stop());

  it("keeps uploads in the bucket, not on the process's disk, and serves them from there", async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#aa3355" } }).png().toBuffer();
    const before = objectsIn(s3);
    const owner = await signedIn(s.app.url, "s3-owner@example.com");
    const created = await rpc(s.app.url, owner, "site", "createNewSite", { siteType: "blog", notionPageUrl: workspaceIndex.blog, subdomain: "s3-blog" });
    const siteId = (created.body.result as { siteId: string }).siteId;
    const up = await rpc(s.app.url, owner, "site", "uploadFile", { siteId, kind: "logo", fileName: "logo.png", contentType: "image/png", dataBase64: png.toString("base64") });
    const { url } = up.body.result as { url: string };

    const after = objectsIn(s3);
    expect(after.length).toBe(before.length + 1);
    expect(fs.existsSync(path.join(s.app.dataDir, "files"))).toBe(false);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // Deleting the site deletes its files from the bucket.
    const deleted = await rpc(s.app.url, owner, "site", "deleteSite", { siteId });
    expect(deleted.body.error).toBeUndefined();
    expect(objectsIn(s3)).toEqual(before);
  });
});
