/**
 * Host → where a request goes (docs/contracts.md §4), one pure function with a fixture table in tests.
 * "app": the product itself (APP_URL's host, bare APPS_DOMAIN and its www.); "site": a candidate published site
 * (a subdomain of APPS_DOMAIN, or any other host that may be a verified custom domain); "invalid": no usable host.
 */
export type HostTarget =
  | { kind: "app" }
  /** hostKey: the part before APPS_DOMAIN (e.g. "blog.acme"); customDomain: any other host, without port. */
  | { kind: "site"; host: string; hostKey: string | null; customDomain: string | null }
  | { kind: "invalid" };

export type HostConfig = { appUrl: string; appsDomain: string };

const HOST_RE = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/;

/** Lowercases, strips a trailing dot and a default port; null when the value is not a plausible host. */
export function normalizeHost(raw: string | undefined, defaultPort?: string): string | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  if (!host || host.length > 260 || !HOST_RE.test(host)) return null;
  const portMatch = /:(\d+)$/.exec(host);
  let name = portMatch ? host.slice(0, -portMatch[0].length) : host;
  name = name.replace(/\.$/, "");
  if (!name || name.startsWith(".") || name.includes("..")) return null;
  const port = portMatch?.[1];
  host = port && port !== "80" && port !== "443" && port !== defaultPort ? `${name}:${port}` : name;
  return host;
}

function appHosts(cfg: HostConfig): Set<string> {
  const appUrl = new URL(cfg.appUrl);
  const defaultPort = appUrl.protocol === "https:" ? "443" : "80";
  const appHost = normalizeHost(appUrl.host, defaultPort)!;
  const apps = normalizeHost(cfg.appsDomain)!;
  const hosts = new Set([appHost, apps, `www.${apps}`]);
  // A loopback APP_URL also answers on the other loopback names with the same port (local use, health checks).
  if (appUrl.hostname === "localhost" || appUrl.hostname === "127.0.0.1" || appUrl.hostname === "[::1]") {
    const port = appUrl.port ? `:${appUrl.port}` : "";
    for (const name of ["localhost", "127.0.0.1", "[::1]"]) hosts.add(`${name}${port}`);
  }
  return hosts;
}

export function createHostClassifier(cfg: HostConfig): (rawHost: string | undefined) => HostTarget {
  const app = appHosts(cfg);
  const appsSuffix = `.${normalizeHost(cfg.appsDomain)!}`;
  // The answer for a host never changes: remembered (a bounded map) so a busy site's requests skip the parsing.
  const known = new Map<string, HostTarget>();
  const classify = (rawHost: string | undefined): HostTarget => {
    const host = normalizeHost(rawHost);
    if (!host) return { kind: "invalid" };
    if (app.has(host)) return { kind: "app" };
    if (host.endsWith(appsSuffix)) {
      return { kind: "site", host, hostKey: host.slice(0, -appsSuffix.length), customDomain: null };
    }
    return { kind: "site", host, hostKey: null, customDomain: host.replace(/:\d+$/, "") };
  };
  return (rawHost) => {
    if (rawHost === undefined) return classify(rawHost);
    let target = known.get(rawHost);
    if (!target) {
      target = classify(rawHost);
      if (known.size >= 10_000) known.clear();
      known.set(rawHost, target);
    }
    return target;
  };
}

/**
 * Caddy's on-demand TLS asks `http://localhost:PORT/api/domains/allow?domain=…` (docs/custom-domains.md). That one
 * path answers on a loopback host even when APP_URL is a public name, where `localhost` would otherwise be taken for
 * a custom domain. (A custom domain can never be a loopback name: it needs a dot and may not be an IP address.)
 */
export const TLS_ASK_PATH = "/api/domains/allow";
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackTlsAsk(rawHost: string | undefined, url: string | undefined): boolean {
  if (!url?.startsWith(TLS_ASK_PATH)) return false;
  const host = normalizeHost(rawHost);
  if (!host || !LOOPBACK_NAMES.has(host.replace(/:\d+$/, ""))) return false;
  return (url ?? "").split("?")[0] === TLS_ASK_PATH;
}
