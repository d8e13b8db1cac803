import fs from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/**
 * A vitest reporter that writes each test file's wall time — environment, import, hooks and tests, which is where a
 * file that starts servers spends it — to the JSON file named by FILE_DURATIONS_OUT, for `npm test`'s slowest-files list.
 */
export type FileDuration = { file: string; seconds: number; tests: number };

export default class FileDurationsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const out = process.env.FILE_DURATIONS_OUT;
    if (!out) return;
    const durations: FileDuration[] = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return { file: module.moduleId, seconds: ms / 1000, tests: [...module.children.allTests()].length };
    });
    fs.writeFileSync(out, JSON.stringify(durations));
  }
}
