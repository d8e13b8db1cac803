export * from "./types";
export { createDnsResolver, DEFAULT_DNS_TIMEOUT_MS, type DnsResolverOptions } from "./node-resolver";
