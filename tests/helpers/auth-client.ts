/** Signs in over real HTTP the way the browser does: csrf token, then the test-login callback. */

export class CookieJar {
  private cookies = new Map<string, string>();

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export async function fetchWithJar(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set("cookie", cookie);
  const res = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.store(res);
  return res;
}

export type TestLoginResult = { status: number; url: string | null; jar: CookieJar };

export async function testLogin(baseUrl: string, email: string | undefined, jar = new CookieJar()): Promise<TestLoginResult> {
  const csrf = await fetchWithJar(jar, `${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, callbackUrl: `${baseUrl}/dashboard`, json: "true" });
  if (email !== undefined) form.set("email", email);
  const res = await fetchWithJar(jar, `${baseUrl}/api/auth/callback/test-login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  let url: string | null = null;
  try {
    url = ((await res.json()) as { url?: string }).url ?? null;
  } catch {
    url = res.headers.get("location");
  }
  return { status: res.status, url, jar };
}

export type SessionJson = { user: { id: string; email: string }; jwt: { isNewUser: boolean }; expires: string } | null;

export async function getSession(baseUrl: string, jar: CookieJar): Promise<SessionJson> {
  const res = await fetchWithJar(jar, `${baseUrl}/api/auth/session`);
  const body = (await res.json()) as NonNullable<SessionJson> | Record<string, never> | null;
  return body && "user" in body ? (body as NonNullable<SessionJson>) : null;
}
