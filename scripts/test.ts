/**
 * `npm test`: type-check, lint, unit, integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), browser.
 * Every step runs; the run fails if any step fails. Steps run side by side, as many at once as the machine has cores
 * (at least two: the integration steps spend much of their time waiting for the servers they start); the longest go
 * first so the short ones fill the gaps. `npm test -- unit lint` runs only the steps whose names start so.
 * Ends with each step's slowest files, one summary line a step, the number of tests run and the CPU time used.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { ROOT, ensureBuild } from "./build-state";
import { type FileDuration } from "./file-durations-reporter";

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string }[] }[];
};
type Step = { name: string; cmd: string[]; env?: Record<string, string>; vitest?: boolean };
type Outcome = { ok: boolean; seconds: number; passed: number; failed: number; lines: string[]; slowest: string[]; names: string[] };

const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
// The order is the order of the summary; they start longest first (STARTING_ORDER).
const steps: Step[] = [
  { name: "type-check", cmd: [bin("tsc"), "--noEmit", "-p", "."] },
  { name: "lint", cmd: [bin("eslint"), "."] },
  { name: "unit", cmd: [bin("vitest"), "run", "--project", "unit"], vitest: true },
  { name: "integration (PGlite)", cmd: [bin("vitest"), "run", "--project", "integration"], env: { TEST_DB: "pglite" }, vitest: true },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: "integration (PostgreSQL)",
    cmd: [bin("vitest"), "run", "--project", "integration"],
    env: { TEST_DB: "postgres" },
    vitest: true,
  });
} else {
  console.log("[test] TEST_DATABASE_URL is not set: the PostgreSQL pass of the integration suite will not run.");
}
steps.push({ name: "browser", cmd: [bin("vitest"), "run", "--project", "browser"], vitest: true });

// Longest first (measured on the 2-core CI machine), so that the last step to start is a short one. The two cores are
// the limit: the browser step (two files at a time) goes after the PostgreSQL pass, so that once the PGlite pass ends
// it has both cores, rather than beside the PGlite pass from the start, which slowed both (1,230 s for PGlite).
const STARTING_ORDER = ["integration (PGlite)", "integration (PostgreSQL)", "browser", "unit", "lint", "type-check"];
const SLOWEST_SHOWN = 15;

const only = process.argv.slice(2);
const selected = only.length ? steps.filter((s) => only.some((o) => s.name.startsWith(o))) : steps;
const atOnce = Number(process.env.TEST_STEPS_AT_ONCE) || Math.max(2, os.availableParallelism());

// The summary is what CI shows last: name each failure there, so a red run says which test without the whole log.
function failedTestsOf(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(ROOT, file.name);
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const test of failedTests) lines.push(`       ✗ ${where} › ${test.fullName}`);
    if (file.status === "failed" && failedTests.length === 0) lines.push(`       ✗ ${where}: ${(file.message ?? "failed").split("\n")[0]}`);
  }
  return lines;
}

/** Where the time goes: a step's slowest files by wall time (set-up, imports, hooks and tests). */
function slowestFiles(durationsFile: string): string[] {
  if (!fs.existsSync(durationsFile)) return [];
  const durations = JSON.parse(fs.readFileSync(durationsFile, "utf8")) as FileDuration[];
  return durations
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_SHOWN)
    .map((d) => `${d.seconds.toFixed(1).padStart(7)}s  ${path.relative(ROOT, d.file)} (${d.tests} tests)`);
}

/** CPU seconds (user + system) of this process's finished children and theirs, from /proc (Linux; null elsewhere). */
function childrenCpuSeconds(): number | null {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of stat (cutime, cstime), counted from the state (field 3), in clock ticks of 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "test-report-"));

/** Runs one step with its output prefixed by its name when steps run side by side, and reads its reports. */
async function runStep(step: Step, index: number, prefixed: boolean): Promise<Outcome> {
  const report = path.join(tmp, `report-${index}.json`);
  const durations = path.join(tmp, `durations-${index}.json`);
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`, `--reporter=${path.join(ROOT, "scripts", "file-durations-reporter.ts")}`];
  const args = step.vitest ? [...step.cmd.slice(1), ...reporters] : step.cmd.slice(1);
  console.log(`\n[test] ── ${step.name} ── started`);
  const started = Date.now();
  const child = spawn(step.cmd[0]!, args, {
    cwd: ROOT,
    stdio: ["ignore", prefixed ? "pipe" : "inherit", prefixed ? "pipe" : "inherit"],
    env: { ...process.env, ...step.env, FILE_DURATIONS_OUT: durations },
  });
  if (prefixed) {
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${step.name}] ${line}`));
    }
  }
  const status = await new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const seconds = (Date.now() - started) / 1000;
  console.log(`[test] ── ${step.name} ── ended (exit ${status}, ${seconds.toFixed(1)} s)`);
  const outcome: Outcome = { ok: status === 0, seconds, passed: 0, failed: 0, lines: [], slowest: [], names: [] };
  if (!step.vitest) {
    if (!outcome.ok) outcome.failed = 1;
    return outcome;
  }
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8")) as VitestReport;
    outcome.passed = json.numPassedTests;
    outcome.failed = json.numFailedTests;
    if (json.numTotalTests === 0) {
      outcome.ok = false;
      outcome.failed += 1;
      outcome.lines.push("       no tests ran");
    }
    outcome.lines.push(...failedTestsOf(json));
    for (const file of json.testResults ?? []) {
      // Two tests of a file may share a name (it.each): the n-th of a name is its own test.
      const seen = new Map<string, number>();
      for (const t of file.assertionResults ?? []) {
        const nth = (seen.get(t.fullName) ?? 0) + 1;
        seen.set(t.fullName, nth);
        outcome.names.push(`${path.relative(ROOT, file.name)} › ${t.fullName} #${nth}`);
      }
    }
  }
  outcome.slowest = slowestFiles(durations);
  return outcome;
}

/** Runs the steps, at most `atOnce` at a time, longest first; outcomes in the steps' order. */
async function runAll(): Promise<Outcome[]> {
  const queue = [...selected.keys()].sort((a, b) => rank(selected[a]!) - rank(selected[b]!));
  const outcomes: Outcome[] = [];
  const prefixed = Math.min(atOnce, selected.length) > 1;
  const lane = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) outcomes[next] = await runStep(selected[next]!, next, prefixed);
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
  return outcomes;
}
function rank(step: Step): number {
  const at = STARTING_ORDER.indexOf(step.name);
  return at === -1 ? STARTING_ORDER.length : at;
}

// Build once up front so the integration and browser suites start from the same production build.
if (selected.some((s) => s.name.startsWith("integration") || s.name === "browser")) {
  console.log("[test] checking the production build…");
  ensureBuild();
}
const cpuBefore = childrenCpuSeconds();
const started = Date.now();
const outcomes = await runAll();
const cpuAfter = childrenCpuSeconds();

console.log("\n[test] where the time went");
for (const [i, step] of selected.entries()) {
  if (!step.vitest) continue;
  console.log(`  ${step.name}: the ${SLOWEST_SHOWN} slowest files`);
  for (const line of outcomes[i]!.slowest) console.log(`    ${line}`);
}
console.log("\n[test] summary");
for (const [i, step] of selected.entries()) {
  const o = outcomes[i]!;
  const counts = step.vitest ? ` (${o.passed} passed, ${o.failed} failed)` : "";
  console.log(`  ${o.ok ? "ok  " : "FAIL"} ${step.name}${counts} ${o.seconds.toFixed(1)}s`);
  for (const line of o.lines) console.log(`  ${line}`);
}
const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
const cpu = cpuBefore !== null && cpuAfter !== null ? `, ${(cpuAfter - cpuBefore).toFixed(0)} s of CPU` : "";
console.log(`  steps: ${((Date.now() - started) / 1000).toFixed(1)} s wall (${atOnce} at once)${cpu}`);
// A test of both integration passes runs twice and counts twice in "run"; "distinct" counts it once.
const distinct = new Set(outcomes.flatMap((o) => o.names)).size;
console.log(`tests: ${passed} passed, ${failed} failed (${passed + failed} run, ${distinct} distinct)`);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
