import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs tool script, without a declaration file
import { failedPlaywright, failedVitest } from '../../tools/report-names.mjs';

/**
 * The summary's `failed:` lines (CI keeps only the end of the output). The fixtures are real
 * reports: Vitest's `json` reporter and Playwright's, each run on a file with one failing and one
 * passing test (2026-11-29), trimmed of timings and, for Vitest, with the machine's root as /ROOT.
 */
const fixtures = join(import.meta.dirname, '../../fixtures/test-reports');

describe('the names of failed tests in the summary', () => {
  it('names a failed Vitest test by file, describe and title, with its error first line', () => {
    expect(failedVitest(join(fixtures, 'vitest-one-failed.json'), '/ROOT')).toEqual([
      'tests/unit/zz-tmp-fail.test.ts › outer › fails here — AssertionError: expected 2 to be 3 // Object.is equality',
    ]);
  });

  it('names a failed Playwright test the same way', () => {
    expect(failedPlaywright(join(fixtures, 'playwright-one-failed.json'))).toEqual([
      'a.spec.ts › group › fails — Error: expect(received).toBe(expected) // Object.is equality',
    ]);
  });

  it('names nothing where there is no report', () => {
    expect(failedVitest(join(fixtures, 'none.json'), '/ROOT')).toEqual([]);
    expect(failedPlaywright(join(fixtures, 'none.json'))).toEqual([]);
  });
});
