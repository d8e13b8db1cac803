import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureTestBuild, freePort, tempDataDir } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-request";

/** `npm run demo` works end to end with no internet: stand-in, app, seeded owner, a site of every type. */
describe("npm run demo", () => {
  it("starts the stand-in and the app, seeds every site type and prints their URLs, which answer", async () => {
    ensureTestBuild();
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve(import.meta.dirname, "../../scripts/demo.ts")], {
      env: { ...process.env, PORT: String(port), DATA_DIR: tempDataDir("demo-"), DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    try {
      const started = Date.now();
      while (!out.includes("Demo ready") && Date.now() - started < 90_000) {
        if (child.exitCode !== null) throw new Error(`demo exited:\n${out}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(out).toContain("Demo ready");
      const urls = [...out.matchAll(/^\s+(\w+)\s+(http:\/\/\S+)$/gm)].map((m) => [m[1]!, m[2]!] as const);
      expect(urls.map(([type]) => type)).toEqual(["blog", "changelog", "roadmap", "docs", "docsv2", "help_desk", "simple"]);
      for (const [, url] of urls) {
        const u = new URL(url);
        const res = await rawRequest(`http://127.0.0.1:${port}${u.pathname}`, { host: u.host });
        expect(res.status, url).toBe(200);
      }
      // The docs in two languages: the Japanese twin under /ja/, with the switcher.
      const docs = new URL(urls.find(([type]) => type === "docs")![1]);
      const ja = await rawRequest(`http://127.0.0.1:${port}/ja/`, { host: docs.host });
      expect(ja.status).toBe(200);
      expect(ja.body).toContain("Lumen ドキュメント");
      expect(ja.body).toContain('class="language-switcher"');
      const signin = await fetch(`http://localhost:${port}/signin`);
      expect(await signin.text()).toContain("test login");
    } finally {
      child.kill("SIGTERM");
    }
  }, 180_000);
});
