import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, startApp, freePort, type AppProcess } from "../helpers/app-server";

// PGlite only (this file is excluded from the PostgreSQL pass): one process owns a data directory.
let app: AppProcess | undefined;
afterAll(async () => {
  await app?.stop();
});

// Each test starts servers inside the test: on a loaded machine that alone can pass the default 30 s.
describe("PGlite data directory lock", { timeout: 120_000 }, () => {
  it("refuses a second process on the same DATA_DIR with a clear message, and the first keeps serving", async () => {
    app = await startApp();
    const { child, output, ready } = spawnServer({ PORT: String(await freePort()), DATA_DIR: app.dataDir });
    await expect(ready).rejects.toThrow();
    expect(child.exitCode).toBe(1);
    expect(output()).toContain(`is in use by another process (pid ${app.child.pid})`);
    expect(output()).toContain("PGlite allows one process per data directory");
    const health = await fetch(`${app.url}/api/health`);
    expect(await health.json()).toMatchObject({ ok: true, db: "pglite" });
  });

  it("takes over a stale lock left by a process that died", async () => {
    const dataDir = app!.dataDir;
    await app!.stop();
    const fs = await import("node:fs");
    // A pid that cannot be alive (above pid_max on Linux).
    fs.writeFileSync(`${dataDir}/pglite.lock`, "4194305");
    app = await startApp({ dataDir });
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });
});
