import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { freePort, tempDataDir } from "./app-server";

export type CaddyBalancer = {
  url: string;
  port: number;
  /** The generated Caddyfile (the one in docs/operations.md, plus the test-only pinned routes). */
  caddyfile: string;
  output(): string;
  stop(): Promise<void>;
};

/** Debian's caddy, or a clear failure: the cluster suite runs in npm test's PostgreSQL pass and needs it. */
export function caddyPath(): string {
  const found = (spawnSync("/bin/sh", ["-c", "command -v caddy"], { encoding: "utf8" }).stdout ?? "").trim();
  if (!found) {
    throw new Error("The cluster suite needs Caddy as its load balancer: install it (`apt-get install -y caddy`; .ci/run does) and run the tests again.");
  }
  return found;
}

/** Header a test sets to send a request to one named process (through Caddy all the same). */
export const PIN_HEADER = "x-test-upstream";
/** Header Caddy adds to every answer: the process (host:port) that served it. */
export const SERVED_BY_HEADER = "x-served-by";

/**
 * The Caddyfile of docs/operations.md ("Behind Caddy") — round robin across the processes, a failed one skipped
 * while another answers — plus, for tests only, a route per process chosen by PIN_HEADER so a test can say
 * "through A" and "served by B".
 */
export function clusterCaddyfile(port: number, upstreams: Record<string, number>, dataDir: string): string {
  const all = Object.values(upstreams).map((p) => `127.0.0.1:${p}`).join(" ");
  const pinned = Object.entries(upstreams)
    .map(([name, p]) => `\t@${name} header ${PIN_HEADER} ${name}\n\thandle @${name} {\n\t\treverse_proxy 127.0.0.1:${p} {\n\t\t\theader_down ${SERVED_BY_HEADER} {http.reverse_proxy.upstream.hostport}\n\t\t}\n\t}\n`)
    .join("");
  return `{
\tadmin off
\tauto_https off
\tstorage file_system ${dataDir}
}

http://:${port} {
\tbind 127.0.0.1
${pinned}\thandle {
\t\treverse_proxy ${all} {
\t\t\tlb_policy round_robin
\t\t\tlb_try_duration 5s
\t\t\tfail_duration 30s
\t\t\theader_down ${SERVED_BY_HEADER} {http.reverse_proxy.upstream.hostport}
\t\t}
\t}
}
`;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Caddy on a loopback port (chosen beforehand, so the processes' APP_URL can name it) in front of `upstreams`. */
export async function startCaddy(port: number, upstreams: Record<string, number>): Promise<CaddyBalancer> {
  const binary = caddyPath();
  const dir = tempDataDir("caddy-");
  const caddyfile = clusterCaddyfile(port, upstreams, path.join(dir, "data"));
  const config = path.join(dir, "Caddyfile");
  fs.writeFileSync(config, caddyfile);
  let out = "";
  // Its own HOME and XDG dirs: Caddy writes nothing outside the temp directory.
  const child: ChildProcess = spawn(binary, ["run", "--config", config, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, "data"), XDG_CONFIG_HOME: path.join(dir, "config") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const started = Date.now();
  while (!(await accepts(port))) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${out}`);
    if (Date.now() - started > 15_000) throw new Error(`caddy did not listen on ${port} within 15 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://localhost:${port}`,
    port,
    caddyfile,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

export { freePort };
