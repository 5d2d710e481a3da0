import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

const root = resolve(import.meta.dirname, '..');
// On CI a failed test runs once more: one that passes then counts as passed, and tests/run-all.mjs
// names it as flaky (through tests/tools/vitest-flaky-reporter.ts). Locally a failure is a failure.
const retry = process.env['CI'] ? 1 : 0;

// Two projects: fast unit tests (node, or happy-dom for components) and integration tests
// that start real servers, SQLite files and the keychain (run one file at a time per worker).
export default defineConfig({
  root,
  plugins: [vue()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          retry,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
    ],
  },
});
