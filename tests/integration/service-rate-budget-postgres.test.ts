import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../electron/service/database/migrate.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import { RateLimiter, type RateDecision } from '../../electron/service/rate-limit.js';
import { createRateBudget, PostgresRateLimiter } from '../../electron/service/rate-limit-postgres.js';
import { createUserWork } from '../../electron/service/users.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * The per-key budget of the API across nodes: two limiters, each on its own pool (two nodes),
 * on one real PostgreSQL database spend one key's 30 requests a minute together.
 */

const missing = postgresMissingReason();
const T0 = 1_764_300_000_000;

describe.skipIf(skipBecause(missing !== undefined, missing ?? ''))('the API budget shared through PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  async function twoNodes() {
    const url = await cluster.createDatabase();
    const poolA = createPool(url);
    const poolB = createPool(url);
    await migratePostgres(poolA, 'test');
    const a = new PostgresStore(poolA);
    const b = new PostgresStore(poolB);
    const user = await a.run(createUserWork('budget@example.com', T0));
    const other = await a.run(createUserWork('other@example.com', T0));
    return { a, b, user: user.id, other: other.id, close: () => Promise.all([poolA.end(), poolB.end()]) };
  }

  it('two nodes asking at once for one key: exactly 30 allowed between them, every count given once', async () => {
    const db = await twoNodes();
    try {
      let now = T0;
      const clock = () => now;
      const nodeA = createRateBudget(db.a, 30, clock);
      const nodeB = createRateBudget(db.b, 30, clock);
      expect(nodeA).toBeInstanceOf(PostgresRateLimiter);
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? nodeA : nodeB).take(db.user)));
      const allowed = answers.filter((d) => d.allowed);
      expect(allowed).toHaveLength(30);
      // Each allowed request got its own place in the window: 29 left, 28 left, … 0 left.
      expect(allowed.map((d) => d.remaining).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
      for (const refused of answers.filter((d) => !d.allowed)) {
        expect(refused).toEqual({ allowed: false, limit: 30, remaining: 0, reset: Math.ceil((T0 + 60_000) / 1000), retryAfter: 60 });
      }
      // Another key has its own budget.
      expect(await nodeB.take(db.other)).toMatchObject({ allowed: true, remaining: 29 });
      // A minute after the window began, a new one: the other node is allowed again.
      now = T0 + 60_000;
      expect(await nodeB.take(db.user)).toMatchObject({ allowed: true, remaining: 29, reset: Math.ceil((T0 + 120_000) / 1000) });
      expect(await nodeA.take(db.user)).toMatchObject({ allowed: true, remaining: 28 });
    } finally {
      await db.close();
    }
  });

  it('answers what the in-memory limiter answers, request by request (same fixed windows)', async () => {
    const db = await twoNodes();
    try {
      let now = T0;
      const clock = () => now;
      const shared = new PostgresRateLimiter(db.a, 3, clock);
      const local = new RateLimiter(3, clock);
      const steps = [0, 1_000, 2_000, 3_000, 59_999, 60_000, 60_500, 61_000, 61_500, 200_000];
      const got: RateDecision[] = [];
      const want: RateDecision[] = [];
      for (const at of steps) {
        now = T0 + at;
        got.push(await shared.take(db.user));
        want.push(local.take(db.user));
      }
      expect(got).toEqual(want);
      expect(got.map((d) => d.allowed)).toEqual([true, true, true, false, false, true, true, true, false, true]);
    } finally {
      await db.close();
    }
  });

  it('with the limit off (0), allows every request and writes nothing', async () => {
    const db = await twoNodes();
    try {
      const off = new PostgresRateLimiter(db.a, 0, () => T0);
      for (let i = 0; i < 5; i++) expect((await off.take(db.user)).allowed).toBe(true);
      const rows = await db.b.pool.query('SELECT count(*)::int AS n FROM rate_windows');
      expect(rows.rows[0]).toEqual({ n: 0 });
    } finally {
      await db.close();
    }
  });
});
