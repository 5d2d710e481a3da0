import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import { startService, type RunningService } from '../../electron/service/start.js';
import { createUserIn } from '../../electron/service/users.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';
import { runServiceCli } from '../support/service-cli-process.js';

/*
 * Issue 42, items 2–4 and 7: two service nodes on one real PostgreSQL database. What one node
 * changes the other serves (the change feed), one alias and one key's budget hold across both,
 * and a node killed with SIGKILL under redirect load loses no acknowledged link and at most
 * ~1.1 s of its clicks while the other keeps serving. Every wait ends on a real signal: a printed
 * line, an answer that changed, a count reached, an exit.
 */

const missing = postgresMissingReason();
/**
 * How long a test waits for a change made on A to be served by B before failing: a failure
 * bound, far below the change feed's 60 s time-to-live (CHANGE_FEED_TTL_MS), so a pass means
 * the notification carried the change, not the safety net.
 */
const SEEN_WITHIN_MS = 10_000;
/** The per-address page limit off: the tests send many redirects from one address. */
const NO_ADDRESS_LIMITS = { pagesPerMinute: 0, badKeysPerMinute: 0, passwordPostsPerMinute: 0 };

let cluster: PostgresCluster | undefined;
beforeAll(async () => {
  if (!missing) cluster = await startPostgresCluster();
}, 120_000);
afterAll(() => cluster?.stop());

async function redirectTarget(base: string, alias: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(`${base}/${alias}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

/** Asks B until `seen` holds (the real signal), failing past SEEN_WITHIN_MS; answers how long it took. */
async function servedWithin(ask: () => Promise<boolean>, what: string): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await ask()) return performance.now() - start;
    if (performance.now() - start > SEEN_WITHIN_MS) throw new Error(`B did not serve ${what} within ${SEEN_WITHIN_MS} ms`);
  }
}

function api(base: string, key: string) {
  return async <T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const res = await fetch(base + path, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as T };
  };
}

describe.skipIf(skipBecause(missing !== undefined, `two service nodes on PostgreSQL: ${missing}`))('two service nodes on one PostgreSQL', () => {
  describe('in one process', () => {
    let a: RunningService;
    let b: RunningService;
    let key: string;
    let database: string;
    const delays: number[] = [];
    beforeAll(async () => {
      database = await (cluster as PostgresCluster).createDatabase();
      const options = { database, port: 0, rateLimit: 30, addressLimits: NO_ADDRESS_LIMITS, log: () => undefined };
      a = await startService(options);
      b = await startService(options);
      key = a.firstApiKey as string;
    }, 60_000);
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      // Typical delays, for docs/architecture.md (printed, not asserted: no timed tests).
      if (delays.length) console.log(`change on A served by B after (ms): ${delays.map((d) => d.toFixed(1)).join(', ')}`);
    });

    it('a link created, edited and deleted on A is served so by B', { timeout: 60_000 }, async () => {
      const onA = api(a.url, key);
      // B remembers that the alias does not exist yet (a miss it keeps for a second).
      expect((await redirectTarget(b.url, 'shared-one')).status).toBe(404);
      const created = await onA<{ error: number; id: number }>('POST', '/api/url/add', { url: 'https://example.com/first', custom: 'shared-one' });
      expect(created.status).toBe(200);
      delays.push(await servedWithin(async () => (await redirectTarget(b.url, 'shared-one')).location === 'https://example.com/first', 'the new link'));

      // B now holds the link in its cache: only the change feed can tell it about the edit.
      expect((await redirectTarget(b.url, 'shared-one')).location).toBe('https://example.com/first');
      const edited = await onA('PUT', `/api/url/${created.json.id}/update`, { url: 'https://example.com/second' });
      expect(edited.status).toBe(200);
      delays.push(await servedWithin(async () => (await redirectTarget(b.url, 'shared-one')).location === 'https://example.com/second', 'the edit'));

      const deleted = await onA('DELETE', `/api/url/${created.json.id}/delete`);
      expect(deleted.status).toBe(200);
      delays.push(await servedWithin(async () => (await redirectTarget(b.url, 'shared-one')).status === 404, 'the delete'));
    });

    it('the same alias created on both nodes at once: exactly one wins, the other is told it is taken', { timeout: 60_000 }, async () => {
      for (let round = 0; round < 5; round++) {
        const alias = `both-${round}`;
        const answers = await Promise.all([
          api(a.url, key)<{ error: number; message?: string }>('POST', '/api/url/add', { url: 'https://example.com/a', custom: alias }),
          api(b.url, key)<{ error: number; message?: string }>('POST', '/api/url/add', { url: 'https://example.com/b', custom: alias }),
        ]);
        expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
        const refused = answers.find((x) => x.status === 409);
        expect(refused?.json.message).toMatch(new RegExp(`^The alias "${alias}" is already taken on .+\\. Choose another custom alias\\.$`));
        const pool = new pg.Pool({ connectionString: database, max: 1 });
        try {
          expect((await pool.query('SELECT count(*)::int AS n FROM links WHERE alias = $1', [alias])).rows[0].n).toBe(1);
        } finally {
          await pool.end();
        }
      }
    });

    it("one key's 30-a-minute budget is spent across both nodes: the 31st is refused wherever it lands", { timeout: 60_000 }, async () => {
      // A key of its own, so the other cases' requests do not count against this budget.
      const pool = createPool(database, { max: 1 });
      const { apiKey } = await createUserIn(new PostgresStore(pool), 'budget@example.com');
      await pool.end();
      const statuses: number[] = [];
      // Alternating nodes, 15 requests on each: each node alone is at half its budget.
      for (let i = 0; i < 30; i++) statuses.push((await api(i % 2 ? b.url : a.url, apiKey)('GET', '/api/account')).status);
      expect(statuses).toEqual(Array(30).fill(200));
      const [onA, onB] = await Promise.all([api(a.url, apiKey)('GET', '/api/account'), api(b.url, apiKey)('GET', '/api/account')]);
      expect([onA.status, onB.status]).toEqual([429, 429]);
    });
  });

  describe('as child processes, one killed with SIGKILL under redirect load', () => {
    it('loses no acknowledged link, at most ~1.1 s of its clicks, and the other node serves throughout', { timeout: 180_000 }, async () => {
      const database = await (cluster as PostgresCluster).createDatabase();
      const args = ['--database', database, '--port', '0', '--rate-limit', '0', '--page-limit', '0'];
      const nodeA = runServiceCli(args);
      const [, baseA] = await nodeA.line(/^Base URL: (http:\/\/127\.0\.0\.1:\d+)$/);
      const [, key] = await nodeA.line(/^API key: ([A-Za-z0-9_-]{20,})$/);
      const nodeB = runServiceCli(args);
      const [, baseB] = await nodeB.line(/^Base URL: (http:\/\/127\.0\.0\.1:\d+)$/);
      try {
        for (const base of [baseA, baseB]) expect((await fetch(`${base}/readyz`)).status).toBe(200);
        const target = await api(baseA as string, key as string)<{ id: number }>('POST', '/api/url/add', { url: 'https://example.com/load', custom: 'load' });
        expect(target.status).toBe(200);

        // Redirect load on both nodes (4 clients each), and links created on A meanwhile.
        const acknowledged = { a: 0, b: 0 };
        const failedOnB: string[] = [];
        let stop = false;
        let aKilledAt = 0;
        let aStartedAt = performance.now();
        const countWaiters = new Set<() => void>();
        const tick = () => countWaiters.forEach((wake) => wake());
        const whenCount = (node: 'a' | 'b', n: number) =>
          new Promise<void>((done) => {
            const check = () => {
              if (acknowledged[node] < n) return;
              countWaiters.delete(check);
              done();
            };
            countWaiters.add(check);
            check();
          });
        const client = async (node: 'a' | 'b') => {
          const base = node === 'a' ? (baseA as string) : (baseB as string);
          while (!stop && !(node === 'a' && aKilledAt)) {
            try {
              const res = await redirectTarget(base, 'load');
              if (res.status === 302 || res.status === 301) acknowledged[node]++;
              else if (node === 'b') failedOnB.push(`status ${res.status}`);
            } catch (error) {
              if (node === 'b') failedOnB.push(String(error));
            }
            tick();
          }
        };
        const ackedLinks: { id: number; alias: string }[] = [];
        const creator = async () => {
          for (let i = 0; !aKilledAt; i++) {
            try {
              const res = await api(baseA as string, key as string)<{ id: number }>('POST', '/api/url/add', { url: `https://example.com/made/${i}`, custom: `made-${i}` });
              if (res.status === 200) ackedLinks.push({ id: res.json.id, alias: `made-${i}` });
            } catch {
              // The node was killed mid-request: not acknowledged.
            }
          }
        };
        aStartedAt = performance.now();
        const clients = [...Array(4)].flatMap(() => [client('a'), client('b')]);
        const creating = creator();
        // Killed once it has acknowledged a fair number of redirects and some links.
        await whenCount('a', 400);
        aKilledAt = performance.now();
        nodeA.kill('SIGKILL');
        const aRedirectsBeforeKill = acknowledged.a;
        await nodeA.exited;
        // B keeps serving after A is gone.
        await whenCount('b', acknowledged.b + 400);
        stop = true;
        await Promise.all([...clients, creating]);

        expect(failedOnB).toEqual([]);
        expect(ackedLinks.length).toBeGreaterThan(0);
        // A graceful stop of B writes its buffered clicks; A's are gone with it.
        nodeB.kill('SIGTERM');
        expect(await nodeB.exited).toBe(0);

        const pool = new pg.Pool({ connectionString: database, max: 1 });
        try {
          const ids = (await pool.query('SELECT id FROM links')).rows.map((r: { id: number }) => r.id);
          for (const link of ackedLinks) expect(ids).toContain(link.id);
          const clicks = (await pool.query('SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [target.json.id])).rows[0].n as number;
          const acked = acknowledged.a + acknowledged.b;
          // A's clicks in 1.1 s at the rate it answered them: what the kill may lose.
          const aRate = aRedirectsBeforeKill / ((aKilledAt - aStartedAt) / 1000);
          const mayLose = Math.ceil(aRate * 1.1);
          console.log(`kill -9 under load: ${acked} redirects acknowledged (A ${acknowledged.a}, B ${acknowledged.b}), ${clicks} clicks recorded, at most ${mayLose} may be lost (A at ${aRate.toFixed(0)}/s), ${ackedLinks.length} links acknowledged`);
          expect(clicks).toBeGreaterThanOrEqual(acked - mayLose);
          // No click counted twice: at most the acknowledged ones and the 4 A had in flight.
          expect(clicks).toBeLessThanOrEqual(acked + 4);
        } finally {
          await pool.end();
        }
      } finally {
        nodeA.kill('SIGKILL');
        nodeB.kill('SIGKILL');
      }
    });
  });
});

