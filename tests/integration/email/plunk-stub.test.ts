import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "../../helpers/app-server";

/** The Plunk stand-in as developers start it: `npm run plunk-stub -- --port P`, over HTTP. */

const ROOT = path.resolve(import.meta.dirname, "../../..");

describe("npm run plunk-stub", () => {
  it("starts on the port, checks the key and the payload, records requests, fails on demand, resets", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "tools/plunk-stub/cli.ts"), "--port", String(port), "--key", "sk_dev"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = "";
        child.stdout!.on("data", (c: Buffer) => {
          out += c.toString();
          if (out.includes("Plunk stand-in on")) resolve();
        });
        child.on("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      const post = (p: string, body: unknown, key = "sk_dev") =>
        fetch(`${base}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}` }, body: JSON.stringify(body) });

      const ok = await post("/v1/send", { to: "a@example.com", subject: "Hi", body: "<p>Hi</p>" });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ success: true, emails: [{ contact: { email: "a@example.com" } }] });
      const badKey = await post("/v1/send", { to: "a@example.com", subject: "Hi", body: "x" }, "sk_other");
      expect(badKey.status).toBe(401);
      expect(await badKey.json()).toMatchObject({ code: 401, error: "Unauthorized", message: "Incorrect Bearer token specified" });
      const invalid = await post("/v1/track", { event: "", email: "not-an-email" });
      expect(invalid.status).toBe(422);
      expect(((await invalid.json()) as { message: string }).message).toContain("email");

      expect((await post("/__stub/faults", { status: 500, message: "Boom", times: 1 })).status).toBe(200);
      const failed = await post("/v1/track", { event: "SignUp", email: "a@example.com" });
      expect(failed.status).toBe(500);
      expect(await failed.json()).toMatchObject({ message: "Boom" });
      expect((await post("/v1/track", { event: "SignUp", email: "a@example.com" })).status).toBe(200);

      const recorded = (await (await fetch(`${base}/__stub/requests`)).json()) as { endpoint: string; authorization: string }[];
      expect(recorded.map((r) => [r.endpoint, r.authorization])).toEqual([
        ["send", "Bearer sk_dev"],
        ["send", "Bearer sk_other"],
        ["track", "Bearer sk_dev"],
        ["track", "Bearer sk_dev"],
        ["track", "Bearer sk_dev"],
      ]);
      await post("/__stub/reset", {});
      expect(await (await fetch(`${base}/__stub/requests`)).json()).toEqual([]);
    } finally {
      child.kill("SIGTERM");
    }
  });
});
