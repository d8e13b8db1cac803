import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type AppProcess } from "../helpers/app-server";
import { CookieJar, fetchWithJar, getSession, testLogin } from "../helpers/auth-client";
import { testDbMode } from "../helpers/test-database";
import { rawRequest } from "../helpers/raw-request";

let app: AppProcess;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

describe("the front door", () => {
  it("reports health with the database kind", async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, status: "ok", db: testDbMode(), analytics: { waiting: 0 }, notion: { status: "ok", failing: [], canary: null } });
  });

  it("serves the app's pages through Next.js with run-time config and social metadata", async () => {
    const res = await fetch(`${app.url}/signin`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('id="app-config"');
    expect(html).toContain(`"appUrl":"${app.url}"`);
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain('property="og:image"');
  });

  it("serves the landing page without Next.js, with its social metadata", async () => {
    const res = await fetch(`${app.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("/_next/");
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain(`property="og:image" content="${app.url}/og-image.png"`);
  });

  it("answers 'Site not found' as plain HTML for an unknown site host, without Next.js", async () => {
    const res = await rawRequest(`${app.url}/`, { host: `blog.nobody.localhost:${app.port}` });
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    const html = res.body;
    expect(html).toContain("Site not found");
    expect(html).not.toContain("<script");
  });

  it("answers a plain 404 for a host that is not a site", async () => {
    const res = await rawRequest(`${app.url}/`, { host: "example.org" });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("<script");
  });

  it("rejects a malformed Host header with 404 and no crash", async () => {
    const res = await rawRequest(`${app.url}/`, { host: "bad_host!!" });
    expect(res.status).toBe(404);
    expect(res.body).toContain("Unknown host");
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });

  it("answers an unknown app route with 404", async () => {
    const res = await fetch(`${app.url}/no-such-page-${Date.now()}`);
    expect(res.status).toBe(404);
  });

  it("refuses oversized API bodies with 413 before reading them", async () => {
    const res = await fetch(`${app.url}/api/auth/callback/test-login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=" + "a".repeat(1024 * 1024 + 10),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { status: 413, message: "Request body too large (limit 1 MB)" } });
  });

  it("refuses bodies that are not form-encoded on the auth routes with 415", async () => {
    const res = await fetch(`${app.url}/api/auth/callback/test-login`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "email=a@example.com",
    });
    expect(res.status).toBe(415);
  });

  it("answers malformed JSON to API routes with a 4xx and no stack trace", async () => {
    for (const path of ["/api/auth/callback/test-login", "/api/auth/signout", "/api/health"]) {
      const res = await fetch(`${app.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"email": "broken',
      });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const text = await res.text();
      expect(text, path).not.toMatch(/at .+\.(js|ts):\d+/);
    }
  });
});

describe("auth", () => {
  it("lists the test-login provider and the csrf token", async () => {
    const providers = (await (await fetch(`${app.url}/api/auth/providers`)).json()) as Record<string, { id: string }>;
    expect(Object.keys(providers)).toContain("test-login");
    const csrf = (await (await fetch(`${app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    expect(csrf.csrfToken).toMatch(/^[a-f0-9]{32,}$/);
  });

  it("serves every auth route of docs/product.md §2: signin (our page), error page, _log", async () => {
    const signin = await fetch(`${app.url}/api/auth/signin`, { redirect: "manual" });
    expect([302, 307]).toContain(signin.status);
    expect(new URL(signin.headers.get("location")!, app.url).pathname).toBe("/signin");
    const error = await fetch(`${app.url}/api/auth/error?error=AccessDenied`);
    expect(error.status).toBe(403);
    expect(await error.text()).toContain("Access Denied");
    const log = await fetch(`${app.url}/api/auth/_log`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ level: "error", code: "CLIENT_FETCH_ERROR", message: "test" }).toString(),
    });
    expect(log.status).toBeLessThan(300);
    const page = await fetch(`${app.url}/signin?error=SessionRequired`);
    expect(await page.text()).toContain("Please sign in to access this page.");
  });

  it("does not echo arbitrary error text on the sign-in page", async () => {
    const html = await (await fetch(`${app.url}/signin?error=${encodeURIComponent("Call +1 555 to unlock")}`)).text();
    expect(html).not.toContain("Call +1 555");
    expect(html).toContain("Sign in failed. Please try again.");
  });

  it("signs in with the test login, creating the user once, with userId and isNewUser in the session", async () => {
    const email = `owner-${Date.now()}@example.com`;
    const first = await testLogin(app.url, email);
    expect(first.status).toBe(200);
    expect(first.url).toBe(`${app.url}/dashboard`);
    expect(first.jar.get("next-auth.session-token")).toBeTruthy();
    const session = await getSession(app.url, first.jar);
    expect(session?.user.email).toBe(email);
    expect(session?.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(session?.jwt.isNewUser).toBe(true);

    const second = await testLogin(app.url, email.toUpperCase());
    const again = await getSession(app.url, second.jar);
    expect(again?.user.id).toBe(session?.user.id);
    expect(again?.jwt.isNewUser).toBe(false);
  });

  it("refuses the test login without an email, with the contract's message", async () => {
    const res = await testLogin(app.url, "");
    expect(res.status).toBe(401);
    expect(decodeURIComponent(res.url ?? "")).toContain("error=Email is required for the test login provider");
    expect(await getSession(app.url, res.jar)).toBeNull();
  });

  it("sets the session cookie host-only and HttpOnly", async () => {
    const jar = new CookieJar();
    const csrf = await fetchWithJar(jar, `${app.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const res = await fetchWithJar(jar, `${app.url}/api/auth/callback/test-login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: "cookie@example.com", json: "true" }).toString(),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("redirects a signed-out /dashboard to sign-in with SessionRequired and a callback URL", async () => {
    const res = await fetch(`${app.url}/dashboard?tab=sites`, { redirect: "manual" });
    expect([302, 303, 307, 308]).toContain(res.status);
    const location = new URL(res.headers.get("location")!, app.url);
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("error")).toBe("SessionRequired");
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard?tab=sites");
  });

  it("shows the dashboard to a signed-in owner", async () => {
    const { jar } = await testLogin(app.url, "dash@example.com");
    const res = await fetchWithJar(jar, `${app.url}/dashboard`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("dashboard-placeholder");
  });

  it("signs out: the session cookie is cleared", async () => {
    const { jar } = await testLogin(app.url, "leaver@example.com");
    expect(await getSession(app.url, jar)).not.toBeNull();
    const { csrfToken } = (await (await fetchWithJar(jar, `${app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    await fetchWithJar(jar, `${app.url}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: app.url, json: "true" }).toString(),
    });
    expect(await getSession(app.url, jar)).toBeNull();
  });
});
