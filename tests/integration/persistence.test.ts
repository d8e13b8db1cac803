import { afterEach, describe, expect, it } from "vitest";
import { startApp, spawnServer, type AppProcess } from "../helpers/app-server";
import { getSession, testLogin } from "../helpers/auth-client";
import { testDbMode, createTestDatabase } from "../helpers/test-database";
import { withDatabase } from "../helpers/seed";
import { users, accounts } from "@/db/schema";
import { tempDataDir } from "../helpers/app-server";

/** Each of these starts one or two fresh servers (a first PGlite start creates the database): minutes on a busy machine. */
const SERVER_TEST_MS = 120_000;

const running: AppProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((a) => a.stop()));
});

async function start(opts: Parameters<typeof startApp>[0] = {}) {
  const app = await startApp(opts);
  running.push(app);
  return app;
}

describe("data survives a restart", () => {
  it("keeps users and the session secret across a restart", async () => {
    // Other tests get an already migrated PostgreSQL database; this first start migrates an empty one itself.
    const first = await start({ databaseUrl: testDbMode() === "postgres" ? await createTestDatabase({ empty: true }) : undefined });
    const { jar } = await testLogin(first.url, "keeper@example.com");
    const before = await getSession(first.url, jar);
    expect(before?.jwt.isNewUser).toBe(true);
    expect(await first.stop()).toBe(0);
    running.length = 0;

    const second = await start({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    // The old cookie still works: same secret (generated into DATA_DIR, or AUTH_SECRET with PostgreSQL).
    const oldCookie = await fetch(`${second.url}/api/auth/session`, { headers: { cookie: jar.header() } });
    expect(((await oldCookie.json()) as { user?: { email: string } }).user?.email).toBe("keeper@example.com");
    const again = await testLogin(second.url, "keeper@example.com");
    const after = await getSession(second.url, again.jar);
    expect(after?.user.id).toBe(before?.user.id);
    expect(after?.jwt.isNewUser).toBe(false);
  }, SERVER_TEST_MS);
});

describe("test login walls", () => {
  it("never signs into an account created through Google", async () => {
    const dataDir = tempDataDir();
    const databaseUrl = testDbMode() === "postgres" ? await createTestDatabase() : undefined;
    await withDatabase({ dataDir, databaseUrl }, async (db) => {
      const [u] = await db.insert(users).values({ email: "real@example.com", createdVia: "google" }).returning();
      await db.insert(accounts).values({ userId: u!.id, type: "oauth", provider: "google", providerAccountId: "g-123" });
    });
    const app = await start({ dataDir, databaseUrl });
    const res = await testLogin(app.url, "Real@Example.com");
    expect(res.status).toBe(401);
    expect(decodeURIComponent(res.url ?? "")).toContain("This account cannot use the test login provider");
    expect(await getSession(app.url, res.jar)).toBeNull();
  }, SERVER_TEST_MS);

  it("is off with AUTH_TEST_LOGIN=0 even on a loopback APP_URL", async () => {
    const app = await start({ env: { AUTH_TEST_LOGIN: "0" } });
    const providers = (await (await fetch(`${app.url}/api/auth/providers`)).json()) as Record<string, unknown>;
    expect(Object.keys(providers)).not.toContain("test-login");
    const res = await testLogin(app.url, "someone@example.com");
    expect(await getSession(app.url, res.jar)).toBeNull();
  }, SERVER_TEST_MS);

  it("warns in the log while it is on", async () => {
    const app = await start();
    expect(app.output()).toContain("test-login provider is ON");
  }, SERVER_TEST_MS);
});

describe("configuration errors", () => {
  it("refuses to start with DATABASE_URL but no AUTH_SECRET, naming the variable", async () => {
    const { child, output, ready } = spawnServer({
      PORT: "0",
      DATA_DIR: tempDataDir(),
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
      AUTH_SECRET: "",
    });
    await expect(ready).rejects.toThrow();
    expect(child.exitCode).toBe(1);
    expect(output()).toContain("AUTH_SECRET is required when DATABASE_URL is set");
  });
});
