/**
 * A Vitest reporter that lists the tests that passed only on a retry (`retry` is 1 on CI, see
 * tests/vitest.config.ts), for tests/run-all.mjs to name them in its summary. Vitest's JSON
 * reporter counts such a test as passed and says nothing of its retries.
 *
 * Writes `{ flaky: [{ project, file, name, retries }] }` to the file named by
 * LINKDECK_FLAKY_REPORT (a reporter given by path on the command line gets no options); without
 * it, does nothing.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface FlakyTest {
  project: string;
  /** Relative to the project root, with forward slashes. */
  file: string;
  /** Its describe blocks and title, joined with ' > '. */
  name: string;
  retries: number;
}

export default class FlakyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const output = process.env['LINKDECK_FLAKY_REPORT'];
    if (!output) return;
    const flaky: FlakyTest[] = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (!diagnostic?.flaky) continue;
        flaky.push({
          project: test.project.name,
          file: testModule.relativeModuleId.replace(/\\/g, '/'),
          name: test.fullName,
          retries: diagnostic.retryCount,
        });
      }
    }
    writeFileSync(output, JSON.stringify({ flaky }, null, 2));
  }
}
