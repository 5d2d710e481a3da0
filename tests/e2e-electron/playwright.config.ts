import { defineConfig } from '@playwright/test';

// The Electron smoke test: Playwright drives the real app (main process, preload, windows).
// It needs the Electron binary and a built app (`npx electron-vite build`); without the binary
// every test reports itself skipped with the reason.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e-electron',
  fullyParallel: false,
  workers: 1,
  // As in tests/e2e: one retry on CI, reported as flaky by name; none locally.
  retries: process.env['CI'] ? 1 : 0,
  timeout: 120_000,
});
