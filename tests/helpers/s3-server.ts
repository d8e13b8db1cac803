import fs from "node:fs";
import S3rver from "@20minutes/s3rver";
import { freePort, tempDataDir } from "./app-server";

export type S3Server = {
  /** The S3_* variables that point the product at this server's bucket. */
  env: { S3_ENDPOINT: string; S3_BUCKET: string; S3_REGION: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  /** The objects in the bucket (the server keeps them as files under its directory). */
  directory: string;
  /** Takes the server away (its listener and every open connection), keeping its files. */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory. */
  start(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A real S3-speaking server (s3rver: the S3 REST API over HTTP, SigV4 signatures checked) on a loopback port, with
 * one empty bucket. Started by the tests themselves, so `npm test` needs nothing else running.
 */
export async function startS3Server(bucket = "pagewright-test"): Promise<S3Server> {
  const directory = tempDataDir("s3-");
  const port = await freePort();
  const make = () => new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  let server = make();
  await server.run();
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    // close() alone waits for keep-alive connections, which keep working meanwhile: an outage takes them too.
    const closing = server.close();
    (server as unknown as { httpServer?: { closeAllConnections(): void } }).httpServer?.closeAllConnections();
    await closing;
  };
  return {
    // s3rver's built-in account; it rejects requests signed with any other key.
    env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: bucket, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    directory,
    stop,
    start: async () => {
      if (running) return;
      server = make();
      await server.run();
      running = true;
    },
    close: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
