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
          setupFiles: ['tests/support/vue-i18n-setup.ts'],
          // A failure bound, not an expectation (tests wait on the app's signals, not on times):
          // a component test takes up to ~5.5 s, Vitest's default bound, on a loaded 2-core
          // machine with a cold transform cache.
          testTimeout: 30_000,
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
