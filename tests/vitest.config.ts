import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { postgresMissingReason } from './support/postgres-cluster.js';

const root = resolve(import.meta.dirname, '..');
// On CI a failed test runs once more: one that passes then counts as passed, and tests/run-all.mjs
// names it as flaky (through tests/tools/vitest-flaky-reporter.ts). Locally a failure is a failure.
const retry = process.env['CI'] ? 1 : 0;

/*
 * The service's integration and conformance suites on PostgreSQL (issue 42): the same files in
 * a second project that sets LINKDECK_TEST_ENGINE=postgres, so tests/support/service.ts starts
 * every test service on a fresh database in one throwaway cluster (postgres-global-setup.ts).
 * service-engine.test.ts checks the engine each project runs on, and is what reports the
 * PostgreSQL project skipped, with the reason, where PostgreSQL cannot run.
 */
const POSTGRES_SUITES = [
  'service-engine',
  'service-spec-examples',
  'service-core',
  'service-links-crud',
  'service-links-list',
  'service-links-stats',
  'service-redirects',
  'service-redirect-stats',
  'service-redirect-campaigns',
  'service-campaigns',
  'service-channels',
  'service-domains',
  'service-pixels',
  'service-qr-codes',
  'service-account',
  'service-limits',
  'service-metrics',
].map((name) => `tests/integration/${name}.test.ts`);
const postgresMissing = postgresMissingReason();

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
      {
        extends: true,
        test: {
          name: 'integration-postgres',
          include: postgresMissing ? POSTGRES_SUITES.slice(0, 1) : POSTGRES_SUITES,
          environment: 'node',
          env: { LINKDECK_TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry,
        },
      },
    ],
  },
});
