import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The flags keep it quiet on a closed network
// and let it run as root in CI.
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
  use: {
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
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
