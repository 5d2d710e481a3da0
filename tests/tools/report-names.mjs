// The names of the tests a runner's JSON report lists as skipped, flaky or failed, for the
// summary tests/run-all.mjs prints last (CI keeps only the end of the output).
// The reports' shapes are Vitest's `json` reporter (packages/vitest/src/node/reporters/json.ts:
// testResults[].assertionResults[] with ancestorTitles, title, status, failureMessages) and
// Playwright's (packages/playwright/src/reporters/json.ts: suites[].specs[].tests[] with status
// 'expected' | 'unexpected' | 'flaky' | 'skipped' and results[].error.message).
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** Every test of a Playwright JSON report, with the titles of the suites it is in (file first). */
export function playwrightTests(file) {
  const tests = [];
  const walk = (suite, titles) => {
    const path = [...titles, suite.title].filter(Boolean);
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) tests.push({ titles: [...path, spec.title], test });
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
  return tests;
}

/** The reasons skipped Playwright tests gave (their `skip` annotations), for the summary. */
export function skipReasons(file) {
  if (!existsSync(file)) return null;
  const reasons = new Set();
  for (const { test: t } of playwrightTests(file))
    for (const a of [...(t.annotations ?? []), ...(t.results ?? []).flatMap((r) => r.annotations ?? [])])
      if (a.type === 'skip' && a.description) reasons.add(a.description);
  return reasons.size ? [...reasons].join('; ') : null;
}

/** The tests that failed first and passed on a retry: `file › describe › title`, with their retries. */
export function flakyPlaywright(file) {
  if (!existsSync(file)) return [];
  return playwrightTests(file)
    .filter(({ test }) => test.status === 'flaky')
    .map(({ titles, test }) => {
      const retries = Math.max(0, ...(test.results ?? []).map((r) => r.retry ?? 0));
      return `${test.projectName ? `[${test.projectName}] ` : ''}${titles.join(' › ')} (passed on retry ${retries})`;
    });
}

/** The same from Vitest, which only tests/tools/vitest-flaky-reporter.ts reports. */
export function flakyVitest(file) {
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')).flaky.map(
    (t) => `${t.file} › ${t.name.split(' > ').join(' › ')} (passed on retry ${t.retries})`,
  );
}

/** An error's first line that says something, without terminal colours, at most 240 characters. */
export function firstLine(message) {
  const line = stripVTControlCharacters(String(message ?? '')).split('\n').map((l) => l.trim()).find(Boolean) ?? '';
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

/** The tests Vitest reports failed, and the files that failed to load: `file › describe › title — error`. */
export function failedVitest(file, root) {
  if (!existsSync(file)) return [];
  const failed = [];
  for (const f of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
    const name = f.name.startsWith(root) ? f.name.slice(root.length + 1).replace(/\\/g, '/') : f.name;
    const tests = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) failed.push(`${[name, ...(t.ancestorTitles ?? []), t.title].join(' › ')} — ${firstLine(t.failureMessages?.[0])}`);
    if (f.status === 'failed' && !(f.assertionResults ?? []).length) failed.push(`${name} — ${firstLine(f.message)}`);
  }
  return failed;
}

/** The same from a Playwright JSON report (its tests that ended other than expected, after retries). */
export function failedPlaywright(file) {
  if (!existsSync(file)) return [];
  return playwrightTests(file)
    .filter(({ test }) => test.status === 'unexpected')
    .map(({ titles, test }) => {
      const last = (test.results ?? []).at(-1);
      return `${test.projectName ? `[${test.projectName}] ` : ''}${titles.join(' › ')} — ${firstLine(last?.error?.message)}`;
    });
}

