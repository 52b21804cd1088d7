// A Vitest reporter for `.ci/run`: one JSON line per test file (wall time including its imports,
// unlike the built-in JSON reporter) in $CI_VITEST_TIMES, read by .ci/timing-report.mjs.
import { appendFileSync } from 'node:fs';

export default class FileTimesReporter {
  onTestModuleEnd(testModule) {
    const output = process.env.CI_VITEST_TIMES;
    if (output === undefined) return;
    const diagnostic = testModule.diagnostic();
    const ms =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration;
    const entry = {
      file: testModule.moduleId,
      project: testModule.project.name,
      ms,
      tests: [...testModule.children.allTests()].length,
    };
    appendFileSync(output, `${JSON.stringify(entry)}\n`);
  }
}
