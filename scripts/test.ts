/**
 * `npm test`: type-check, lint, unit, integration (PGlite, then PostgreSQL when TEST_DATABASE_URL is set), browser.
 * Every step runs; the run fails if any step fails. Ends with one summary line of test counts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, ensureBuild } from "./build-state";
import { type FileDuration } from "./file-durations-reporter";

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string }[] }[];
};
type Step = { name: string; cmd: string[]; env?: Record<string, string>; vitest?: boolean };

const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);
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

const only = process.argv.slice(2);
const selected = only.length ? steps.filter((s) => only.some((o) => s.name.startsWith(o))) : steps;

// Build once up front so the integration and browser suites start from the same production build.
if (selected.some((s) => s.name.startsWith("integration") || s.name === "browser")) {
  console.log("[test] checking the production build…");
  ensureBuild();
}

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

// Where the time goes: each step's slowest files by wall time (set-up, imports, hooks and tests), printed at the end.
const SLOWEST_SHOWN = 15;
function slowestFiles(durationsFile: string): string[] {
  if (!fs.existsSync(durationsFile)) return [];
  const durations = JSON.parse(fs.readFileSync(durationsFile, "utf8")) as FileDuration[];
  return durations
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, SLOWEST_SHOWN)
    .map((d) => `${d.seconds.toFixed(1).padStart(7)}s  ${path.relative(ROOT, d.file)} (${d.tests} tests)`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "test-report-"));
let passed = 0;
let failed = 0;
const results: string[] = [];
const slowest: string[] = [];
for (const [i, step] of selected.entries()) {
  console.log(`\n[test] ── ${step.name} ──`);
  const report = path.join(tmp, `report-${i}.json`);
  const durations = path.join(tmp, `durations-${i}.json`);
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`, `--reporter=${path.join(ROOT, "scripts", "file-durations-reporter.ts")}`];
  const args = step.vitest ? [...step.cmd.slice(1), ...reporters] : step.cmd.slice(1);
  const started = Date.now();
  const run = spawnSync(step.cmd[0]!, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...step.env, FILE_DURATIONS_OUT: durations } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts = "";
  if (step.vitest && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8")) as VitestReport;
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    counts = ` (${json.numPassedTests} passed, ${json.numFailedTests} failed)`;
    if (json.numTotalTests === 0) {
      failed += 1;
      counts += " — no tests ran";
    }
  }
  const ok = run.status === 0 && !counts.includes("no tests ran");
  if (!ok && !step.vitest) failed += 1;
  results.push(`${ok ? "ok  " : "FAIL"} ${step.name}${counts} ${seconds}s`);
  if (step.vitest && fs.existsSync(report)) results.push(...failedTestsOf(JSON.parse(fs.readFileSync(report, "utf8")) as VitestReport));
  if (step.vitest) slowest.push(`${step.name}: the ${SLOWEST_SHOWN} slowest files`, ...slowestFiles(durations).map((line) => `  ${line}`));
}

console.log("\n[test] where the time went");
for (const line of slowest) console.log(`  ${line}`);

console.log("\n[test] summary");
for (const line of results) console.log(`  ${line}`);
console.log(`tests: ${passed + failed} run, ${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.startsWith("FAIL")) ? 1 : 0);
