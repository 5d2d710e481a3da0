import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissingReason } from '../support/postgres-cluster.js';
import { startTestService, TEST_ENGINE, type TestService } from '../support/service.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * Which engine the service suites run on in this project (tests/vitest.config.ts runs them twice:
 * `integration` on SQLite, `integration-postgres` on PostgreSQL). Checked from the database
 * itself, so a parametrisation that silently fell back to SQLite fails here.
 */
const missing = TEST_ENGINE === 'postgres' ? postgresMissingReason() : undefined;

describe.skipIf(skipBecause(missing !== undefined, `the service suites on PostgreSQL: ${missing}`))(`the service suites' engine (${TEST_ENGINE})`, () => {
  let s: TestService;
  beforeAll(async () => {
    s = await startTestService();
  });
  afterAll(() => s?.close());

  it('runs the test service on the engine the project names, with its schema made', async () => {
    expect(s.engine).toBe(TEST_ENGINE);
    const [row] = await s.sql<{ version: string }>(TEST_ENGINE === 'postgres' ? 'SELECT version() AS version' : 'SELECT sqlite_version() AS version');
    expect(row?.version).toMatch(TEST_ENGINE === 'postgres' ? /^PostgreSQL 1[5-9]/ : /^3\.\d+/);
    const [users] = await s.sql<{ n: number }>('SELECT COUNT(*) AS n FROM users');
    expect(Number(users?.n)).toBe(1);
    const r = await s.api('GET', '/api/account');
    expect(r.status).toBe(200);
  });
});
