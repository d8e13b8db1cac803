// The local S3 server the tests run (@20minutes/s3rver ships no types): only what tests/helpers/s3-server.ts uses.
declare module "@20minutes/s3rver" {
  import type { AddressInfo } from "node:net";
  type Options = {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
