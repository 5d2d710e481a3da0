#!/usr/bin/env node
// `npm test`: every check the project has, in order, each run to the end even when an earlier
// one fails, then one closing line `N passed, N failed, N skipped` computed from the runners'
// JSON reports (CI reads that line, not the runners' own summaries).
// A check step without its own test count (typecheck, lint, audit, build) counts as one test.
// A test that passed only on a retry (retries are on where CI is set) counts as passed, and the
// summary names it on a `flaky:` line; a test that failed is named on a `failed:` line with the
// first line of its error (CI keeps only the end of the output, where the summary is).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureBrowser } from './tools/ensure-browser.mjs';
import { failedPlaywright, failedVitest, flakyPlaywright, flakyVitest, skipReasons } from './tools/report-names.mjs';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'tests/.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/**
 * A package's command, run by this Node from the script its package.json names: node_modules/.bin
 * holds shell scripts, and on Windows .cmd shims that spawnSync cannot start without a shell.
 */
function bin(pkg, command = pkg.split('/').pop()) {
  const dir = join(root, 'node_modules', pkg);
  try {
    const { bin: entries } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return [process.execPath, join(dir, typeof entries === 'string' ? entries : entries[command])];
  } catch {
    return [join(root, 'node_modules/.bin', command)]; // not installed: the step fails, saying so
  }
}
const only = process.argv.slice(2); // e.g. `npm test -- unit integration`

/** Whether a program is on the PATH (the wrappers below are Linux tools; Windows has none of them). */
const have = (tool) => process.platform !== 'win32' && spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;

/** Integration tests get a private D-Bus session with an unlocked gnome-keyring when the machine has one. */
const keychainSession = () => have('dbus-run-session') && have('gnome-keyring-daemon');
function keychainWrapped(cmd) {
  if (!keychainSession()) return cmd;
  return ['dbus-run-session', '--', 'bash', join(root, 'tests/integration/keychain-session.sh'), ...cmd];
}

/** Electron needs a display: on Linux without one, run it under xvfb-run when the machine has it. */
const needsXvfb = () => process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
function displayWrapped(cmd) {
  return needsXvfb() && have('xvfb-run') ? ['xvfb-run', '-a', ...cmd] : cmd;
}

const vitest = (project) => ({
  name: project,
  cmd: [...bin('vitest'), 'run', '--config', 'tests/vitest.config.ts', '--project', project,
    '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, project + '.json')}`,
    '--reporter=./tests/tools/vitest-flaky-reporter.ts'],
  env: { LINKDECK_FLAKY_REPORT: join(reports, project + '.flaky.json') },
  count: () => countVitest(join(reports, project + '.json')),
  flaky: () => flakyVitest(join(reports, project + '.flaky.json')),
  failures: () => failedVitest(join(reports, project + '.json'), root),
});

// Without a browser the end-to-end tests cannot run: get one, or stop with what to install.
if (!only.length || only.includes('e2e')) {
  const missing = ensureBrowser(root);
  if (missing) {
    console.log(missing);
    console.log('0 passed, 1 failed, 0 skipped');
    process.exit(1);
  }
}

const steps = [
  { name: 'typecheck', cmd: [...bin('vue-tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', cmd: [...bin('eslint'), '.'] },
  // The GitHub workflow against GitHub's schemas (action-validator).
  { name: 'workflows', cmd: [...bin('tsx'), 'tests/tools/lint-workflows.ts'] },
  // Electronegativity over the Electron code; fails on a HIGH or MEDIUM finding without a waiver.
  { name: 'audit', cmd: [...bin('tsx'), 'tests/tools/audit-electron.ts'] },
  vitest('unit'),
  {
    ...vitest('integration'),
    wrap: keychainWrapped,
    note: () => (keychainSession() ? null
      : 'without a private keychain session (dbus-run-session and gnome-keyring-daemon are not on this machine)'),
  },
  // The service's suites again on PostgreSQL (issue 42); skipped with the reason where it cannot run.
  vitest('integration-postgres'),
  { name: 'build', cmd: [...bin('electron-vite'), 'build'] },
  {
    name: 'e2e',
    when: () => hasFiles(join(root, 'tests/e2e'), '.spec.ts') || 'no end-to-end specs yet',
    cmd: [...bin('@playwright/test', 'playwright'), 'test', '--config', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, 'e2e.json'), PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    count: () => countPlaywright(join(reports, 'e2e.json')),
    flaky: () => flakyPlaywright(join(reports, 'e2e.json')),
    failures: () => failedPlaywright(join(reports, 'e2e.json')),
  },
  {
    // Runs wherever the Electron binary exists; elsewhere its tests report themselves skipped, with the reason.
    name: 'electron',
    cmd: [...bin('@playwright/test', 'playwright'), 'test', '--config', 'tests/e2e-electron/playwright.config.ts', '--reporter=list,json'],
    wrap: displayWrapped,
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: join(reports, 'electron.json'), PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'electron.json') },
    count: () => countPlaywright(join(reports, 'electron.json')),
    flaky: () => flakyPlaywright(join(reports, 'electron.json')),
    failures: () => failedPlaywright(join(reports, 'electron.json')),
    note: () => [needsXvfb() && !have('xvfb-run') ? 'no display and no xvfb-run on this machine' : null,
      skipReasons(join(reports, 'electron.json'))].filter(Boolean).join('; ') || null,
  },
];

function hasFiles(dir, suffix) {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith(suffix));
}

function countVitest(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A test file that fails to load has no assertion results: count it as a failure.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles, skipped: r.numPendingTests + r.numTodoTests };
}

function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
}

const total = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const ready = step.when ? step.when() : true;
  if (ready !== true) {
    lines.push(`${step.name}: skipped (${ready})`);
    continue;
  }
  console.log(`\n━━ ${step.name} ━━`);
  const cmd = step.wrap ? step.wrap(step.cmd) : step.cmd;
  const run = spawnSync(cmd[0], cmd.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (run.error) console.error(`${step.name}: could not start ${cmd[0]}: ${run.error.message}`);
  const counted = step.count ? step.count() : null;
  const ok = run.status === 0;
  const c = counted ?? { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  // A runner that exits non-zero without reporting a failed test still failed.
  if (!ok && c.failed === 0) c.failed = 1;
  total.passed += c.passed;
  total.failed += c.failed;
  total.skipped += c.skipped;
  const note = step.note ? step.note() : null;
  const flaky = step.flaky ? step.flaky() : [];
  lines.push(`${step.name}: ${ok ? 'ok' : 'FAILED'} (${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${flaky.length ? `, ${flaky.length} flaky` : ''})${note ? ` — ${note}` : ''}`);
  for (const name of flaky) lines.push(`flaky: ${step.name} › ${name}`);
  for (const name of step.failures && c.failed ? step.failures() : []) lines.push(`failed: ${step.name} › ${name}`);
}

console.log('\n━━ summary ━━');
for (const line of lines) console.log(line);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
