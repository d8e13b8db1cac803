import { Resolver } from "node:dns/promises";
import type { Env } from "@/env";
import { DnsLookupError, type DnsResolver } from "./types";

/** No such name, or no record of this type: an answer, just an empty one. */
const EMPTY_ANSWER_CODES = new Set(["ENODATA", "ENOTFOUND", "ENONAME"]);

export const DEFAULT_DNS_TIMEOUT_MS = 4_000;

export type DnsResolverOptions = { timeoutMs?: number };

/**
 * The resolver of the process: `DNS_SERVERS` (`ip` or `ip:port`, `[v6]:port`) when set, else the system's servers.
 * Each lookup gets its own c-ares channel so a time-out can cancel just that lookup.
 */
export function createDnsResolver(env: Pick<Env, "DNS_SERVERS">, opts: DnsResolverOptions = {}): DnsResolver {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_DNS_TIMEOUT_MS;
  const servers = env.DNS_SERVERS;

  function channel(): Resolver {
    // c-ares retries once with a longer wait; the timer below bounds the whole lookup.
    const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 3)), tries: 2 });
    if (servers.length) resolver.setServers(servers);
    return resolver;
  }

  async function lookup<T>(name: string, type: string, run: (r: Resolver) => Promise<T[]>): Promise<T[]> {
    const resolver = channel();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        resolver.cancel();
        reject(new DnsLookupError(name, type, "ETIMEOUT"));
      }, timeoutMs);
    });
    try {
      return await Promise.race([run(resolver), timedOut]);
    } catch (err) {
      if (err instanceof DnsLookupError) throw err;
      const code = String((err as { code?: unknown }).code ?? "EUNKNOWN");
      if (EMPTY_ANSWER_CODES.has(code)) return [];
      throw new DnsLookupError(name, type, code, err);
    } finally {
      clearTimeout(timer);
    }
  }

  const clean = (host: string) => host.toLowerCase().replace(/\.$/, "");

  return {
    resolveTxt: (name) => lookup(name, "TXT", async (r) => (await r.resolveTxt(name)).map((chunks) => chunks.join(""))),
    resolveCname: (name) => lookup(name, "CNAME", async (r) => (await r.resolveCname(name)).map(clean)),
    resolve4: (name) => lookup(name, "A", (r) => r.resolve4(name)),
    resolve6: (name) => lookup(name, "AAAA", (r) => r.resolve6(name)),
  };
}
