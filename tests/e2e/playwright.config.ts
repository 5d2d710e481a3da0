import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// The browser: CHROMIUM_PATH when set; else Debian's Chromium where it is installed (these
// machines, which cannot download a browser); else the Chromium of `npx playwright install
// chromium` (macOS, Windows; the GitHub workflow sets CHROMIUM_PATH to it on every OS).
// The flags keep it quiet on a closed network and let it run as root in CI.
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const chromium =
  process.env['CHROMIUM_PATH'] || (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results',
  fullyParallel: false,
  workers: 1,
  // On CI a test gets one retry: one that passes on it is counted as passed and named as flaky in
  // the summary of tests/run-all.mjs. Locally a failure is a failure.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  // How long an assertion waits for the page to show a state: a failure bound, not an
  // expectation. Playwright's default 5 s was a fast machine's: under load, saving a UTM
  // template (a file written and synced) took longer to be said.
  expect: { timeout: 20_000 },
  use: {
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
});
