import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, publicConfig } from "@/env";

describe("parseEnv", () => {
  it("applies the defaults of CONTRACTS §2", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.APPS_DOMAIN).toBe("localhost:3000");
    expect(env.REVALIDATE_SECONDS).toBe(10);
    expect(env.dbKind).toBe("pglite");
    expect(env.PADDLE_ENV).toBe("sandbox");
    expect(env.NOTION_FILE_HOSTS).toEqual([]);
    expect(env.NOTION_OFFICIAL_API_BASE).toBe("https://api.notion.com");
    expect(env.notionOAuthEnabled).toBe(false);
  });

  it("takes Notion's OAuth client as a pair, and the official API base without a trailing slash", () => {
    expect(() => parseEnv({ NOTION_OAUTH_CLIENT_ID: "id-only" })).toThrow(/NOTION_OAUTH_CLIENT_ID and NOTION_OAUTH_CLIENT_SECRET/);
    expect(() => parseEnv({ NOTION_OAUTH_CLIENT_SECRET: "secret-only" })).toThrow(ConfigError);
    const env = parseEnv({ NOTION_OAUTH_CLIENT_ID: "cid", NOTION_OAUTH_CLIENT_SECRET: "csecret", NOTION_OFFICIAL_API_BASE: "http://127.0.0.1:4030/" });
    expect(env.notionOAuthEnabled).toBe(true);
    expect(env.NOTION_OFFICIAL_API_BASE).toBe("http://127.0.0.1:4030");
    expect(JSON.stringify(publicConfig(env))).not.toContain("csecret");
    expect(() => parseEnv({ NOTION_OFFICIAL_API_BASE: "ftp://example.com" })).toThrow(/NOTION_OFFICIAL_API_BASE/);
  });

  it("takes the canary page as a URL or an id, the watch's intervals, and operators' emails lower-cased", () => {
    const env = parseEnv({
      NOTION_CANARY_PAGE: "https://acme.notion.site/Canary-0123456789abcdef0123456789abcdef",
      NOTION_CANARY_INTERVAL_SECONDS: "120",
      ADMIN_EMAILS: " Ops@Example.com , second@example.com",
    });
    expect(env.NOTION_CANARY_PAGE).toBe("01234567-89ab-cdef-0123-456789abcdef");
    expect(env.NOTION_CANARY_INTERVAL_SECONDS).toBe(120);
    expect(env.ADMIN_EMAILS).toEqual(["ops@example.com", "second@example.com"]);
    const defaults = parseEnv({});
    expect(defaults).toMatchObject({ NOTION_CANARY_PAGE: undefined, NOTION_CANARY_INTERVAL_SECONDS: 300, NOTION_WEBHOOK_POLL_SECONDS: 600, ADMIN_EMAILS: [] });
    expect(() => parseEnv({ NOTION_CANARY_PAGE: "not a page" })).toThrow(/NOTION_CANARY_PAGE/);
    expect(() => parseEnv({ NOTION_CANARY_INTERVAL_SECONDS: "0" })).toThrow(/NOTION_CANARY_INTERVAL_SECONDS/);
  });

  it("derives APP_URL and APPS_DOMAIN from PORT", () => {
    const env = parseEnv({ PORT: "4123" });
    expect(env.APP_URL).toBe("http://localhost:4123");
    expect(env.APPS_DOMAIN).toBe("localhost:4123");
  });

  // Security review, finding 10: on by default only when the app answers on loopback names alone (APP_URL and
  // APPS_DOMAIN both), whatever NODE_ENV says; AUTH_TEST_LOGIN=1 turns it on anywhere, 0 off everywhere.
  it.each([
    [{}, true],
    [{ AUTH_TEST_LOGIN: "0" }, false],
    [{ AUTH_TEST_LOGIN: "1", APP_URL: "https://app.example.io" }, true],
    [{ APP_URL: "https://app.example.io" }, false],
    [{ APP_URL: "https://app.example.io", NODE_ENV: "development" }, false],
    [{ APP_URL: "https://app.example.io", NODE_ENV: "development", AUTH_TEST_LOGIN: "1" }, true],
    [{ APP_URL: "https://app.example.io", NODE_ENV: "development", AUTH_TEST_LOGIN: "0" }, false],
    [{ APP_URL: "http://127.0.0.1:3000" }, true],
    [{ NODE_ENV: "development" }, true],
    // The review's reproduction: a public APPS_DOMAIN with APP_URL left out.
    [{ NODE_ENV: "production", APPS_DOMAIN: "example.site" }, false],
    [{ NODE_ENV: "development", APPS_DOMAIN: "example.site" }, false],
    [{ APP_URL: "http://localhost:3000", APPS_DOMAIN: "example.site" }, false],
    [{ APP_URL: "http://localhost:3000", APPS_DOMAIN: "localhost.example.site" }, false],
    [{ APP_URL: "https://app.example.io", APPS_DOMAIN: "localhost:3000" }, false],
    [{ APPS_DOMAIN: "example.site", AUTH_TEST_LOGIN: "1" }, true],
    [{ APPS_DOMAIN: "apps.localhost:4000" }, true],
    [{ APP_URL: "http://[::1]:3000", APPS_DOMAIN: "127.0.0.1:3000" }, true],
    [{ APP_URL: "http://app.localhost:3000", APPS_DOMAIN: "localhost:3000" }, true],
  ])("test login for %j → %s", (vars, expected) => {
    expect(parseEnv(vars).testLoginEnabled).toBe(expected);
  });

  it("requires AUTH_SECRET with DATABASE_URL, naming it", () => {
    expect(() => parseEnv({ DATABASE_URL: "postgres://u:p@localhost/db" })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_URL: "postgres://u:p@localhost/db" })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@localhost/db", AUTH_SECRET: "x".repeat(32) }).dbKind).toBe("postgres");
  });

  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_URL: "ftp://x" }, "APP_URL"],
    [{ REVALIDATE_SECONDS: "-1" }, "REVALIDATE_SECONDS"],
    [{ PADDLE_ENV: "live" }, "PADDLE_ENV"],
    [{ AUTH_TEST_LOGIN: "maybe" }, "AUTH_TEST_LOGIN"],
    [{ GOOGLE_CLIENT_ID: "id-only" }, "GOOGLE_CLIENT_SECRET"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "-1" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "1.5" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "11" }, "TRUST_PROXY"],
  ])("rejects %j naming %s", (vars, name) => {
    expect(() => parseEnv(vars)).toThrow(new RegExp(name));
  });

  // Security review, finding 3: TRUST_PROXY is the number of proxies in front of the app (the old flag still works).
  it.each([
    [undefined, 0],
    ["", 0],
    ["0", 0],
    ["false", 0],
    ["1", 1],
    ["true", 1],
    [" 2 ", 2],
    ["3", 3],
  ])("TRUST_PROXY=%j → %i trusted hops", (value, hops) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it("splits comma lists", () => {
    const env = parseEnv({ NOTION_FILE_HOSTS: "http://127.0.0.1:4010, https://files.example", DNS_SERVERS: "127.0.0.1:5353" });
    expect(env.NOTION_FILE_HOSTS).toEqual(["http://127.0.0.1:4010", "https://files.example"]);
    expect(env.DNS_SERVERS).toEqual(["127.0.0.1:5353"]);
  });

  it("exposes only browser-safe values in the public config", () => {
    const env = parseEnv({ PADDLE_API_KEY: "secret-key", PADDLE_CLIENT_TOKEN: "public-token", PADDLE_WEBHOOK_SECRET: "hook-secret", PLUNK_API_KEY: "plunk-key", AUTH_SECRET: "s".repeat(32) });
    const json = JSON.stringify(publicConfig(env));
    expect(json).toContain("public-token");
    expect(json).not.toContain("secret-key");
    expect(json).not.toContain("hook-secret");
    expect(json).not.toContain("plunk-key");
    expect(json).not.toContain("s".repeat(32));
  });

  it("turns billing on only with a Paddle key, which needs its webhook secret and client token", () => {
    expect(parseEnv({}).billingEnabled).toBe(false);
    expect(parseEnv({ PADDLE_API_KEY: "k", PADDLE_WEBHOOK_SECRET: "w", PADDLE_CLIENT_TOKEN: "t" }).billingEnabled).toBe(true);
    expect(() => parseEnv({ PADDLE_API_KEY: "k" })).toThrow("PADDLE_API_KEY needs PADDLE_WEBHOOK_SECRET and PADDLE_CLIENT_TOKEN too");
  });

  it("runs everything in one process by default; other roles need PostgreSQL", () => {
    expect(parseEnv({}).PAGEWRIGHT_ROLE).toBe("all");
    expect(() => parseEnv({ PAGEWRIGHT_ROLE: "sites" })).toThrow(/PAGEWRIGHT_ROLE=sites needs DATABASE_URL/);
    expect(() => parseEnv({ PAGEWRIGHT_ROLE: "everything" })).toThrow(/PAGEWRIGHT_ROLE/);
    const pg = { DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db", AUTH_SECRET: "s".repeat(32) };
    for (const role of ["sites", "app", "worker"]) expect(parseEnv({ ...pg, PAGEWRIGHT_ROLE: role }).PAGEWRIGHT_ROLE).toBe(role);
  });

  it("keeps a sites-only process light by default: smaller snapshot and page caches, unless set", () => {
    const pg = { DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db", AUTH_SECRET: "s".repeat(32) };
    expect(parseEnv({})).toMatchObject({ SNAPSHOT_CACHE_MB: 256, PAGE_CACHE_MB: 64 });
    expect(parseEnv({ ...pg, PAGEWRIGHT_ROLE: "sites" })).toMatchObject({ SNAPSHOT_CACHE_MB: 64, PAGE_CACHE_MB: 16 });
    expect(parseEnv({ ...pg, PAGEWRIGHT_ROLE: "sites", SNAPSHOT_CACHE_MB: "200", PAGE_CACHE_MB: "40" })).toMatchObject({ SNAPSHOT_CACHE_MB: 200, PAGE_CACHE_MB: 40 });
  });

  it("takes the CDN to purge as provider:id with its token; a bad value or a missing token is refused, naming it", () => {
    expect(parseEnv({}).CDN_PURGE).toBeUndefined();
    for (const value of ["cloudflare:0123abcd", "fastly:SU1Z0isxPaozGVKXdv0eY", "bunny:12345"]) expect(parseEnv({ CDN_PURGE: value, CDN_API_TOKEN: "t" }).CDN_PURGE).toBe(value);
    expect(() => parseEnv({ CDN_PURGE: "akamai:zone", CDN_API_TOKEN: "t" })).toThrow(/CDN_PURGE must be cloudflare:<zone id>, fastly:<service id> or bunny:<pull zone id>/);
    expect(() => parseEnv({ CDN_PURGE: "cloudflare:", CDN_API_TOKEN: "t" })).toThrow(/CDN_PURGE/);
    expect(() => parseEnv({ CDN_PURGE: "cloudflare:zone" })).toThrow("CDN_PURGE needs CDN_API_TOKEN");
    expect(() => parseEnv({ CDN_PURGE: "fastly:svc", CDN_API_TOKEN: "t", CDN_API_BASE: "not a url" })).toThrow(/CDN_API_BASE/);
  });
});
