import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { migratePostgres } from '../../electron/service/database/migrate.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import type { Click } from '../../electron/service/redirect/click-recorder.js';
import { FLUSH_SIZE } from '../../electron/service/redirect/click-recorder.js';
import { PostgresClickRecorder } from '../../electron/service/redirect/postgres-click-recorder.js';
import { createUserWork } from '../../electron/service/users.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * The PostgreSQL click recorder against a real server (issue 42, item 4 on one node): the same
 * database state the SQLite recorders leave for the same clicks (service-redirect-recorders.test.ts:
 * one row per click, the counters (link_counts) matching, a deleted link's clicks dropped), a buffer written on
 * its own timer without a flush, everything written on close, and two recorders (two nodes)
 * counting the same links at once without losing or doubling a click; and back-pressure: a
 * writer slower than the clicks (a row lock held by another connection) makes new clicks wait
 * for room instead of piling up or being dropped.
 */

const missing = postgresMissingReason();
let cluster: PostgresCluster | undefined;
beforeAll(async () => {
  if (!missing) cluster = await startPostgresCluster();
}, 120_000);
afterAll(() => cluster?.stop());

const click = (linkId: number, i: number): Click => ({
  linkId,
  at: 1_700_000_000_000 + i,
  country: i % 2 ? 'DE' : '',
  referrer: i % 3 ? 'www.facebook.com' : '',
  browser: 'Firefox',
  os: 'Linux',
  device: 'linux',
  visitor: `visitor-"quoted"-${i % 5}`,
});

async function freshDb(): Promise<{ pool: pg.Pool; store: PostgresStore; links: number[] }> {
  const pool = createPool(await (cluster as PostgresCluster).createDatabase());
  await migratePostgres(pool, 'test');
  const store = new PostgresStore(pool);
  const user = await store.run(createUserWork('clicks@localhost'));
  const links: number[] = [];
  for (const alias of ['one', 'two', 'three']) {
    const { rows } = await pool.query<{ id: number }>(
      'INSERT INTO links (user_id, alias, long_url, created_at, updated_at) VALUES ($1, $2, $3, 0, 0) RETURNING id',
      [user.id, alias, `https://example.com/${alias}`],
    );
    links.push((rows[0] as { id: number }).id);
  }
  return { pool, store, links };
}

async function state(pool: pg.Pool) {
  const rows = (await pool.query('SELECT link_id, at, country, referrer, browser, os, device, visitor FROM clicks ORDER BY at')).rows.map((c: Record<string, unknown>) => [
    c['link_id'], c['at'], c['country'], c['referrer'], c['browser'], c['os'], c['device'], c['visitor'],
  ]);
  const counts = (await pool.query<{ id: number; clicks: number }>('SELECT link_id AS id, clicks FROM link_counts ORDER BY link_id')).rows.map((r) => [r.id, r.clicks]);
  return { rows, counts };
}

describe.skipIf(skipBecause(missing !== undefined, `the PostgreSQL click recorder: ${missing}`))('the PostgreSQL click recorder', () => {
  it('writes one row per click and the same count on the link, skipping deleted links, as the SQLite recorders do', async () => {
    const { pool, store, links } = await freshDb();
    const recorder = new PostgresClickRecorder(store);
    for (let i = 0; i < 2500; i++) recorder.record(click(links[i % 3] as number, i));
    await pool.query('DELETE FROM links WHERE id = $1', [links[2]]);
    await recorder.flush();
    const result = await state(pool);
    // The figures of service-redirect-recorders.test.ts for the same clicks on SQLite.
    expect(result.rows).toHaveLength(2500 - 833);
    expect(result.counts).toEqual([
      [links[0], 834],
      [links[1], 833],
    ]);
    expect(result.rows[1]).toEqual([links[1], 1_700_000_000_001, 'DE', 'www.facebook.com', 'Firefox', 'Linux', 'linux', 'visitor-"quoted"-1']);
    expect(await recorder.counts()).toMatchObject({ buffered: 0, written: 2500, dropped: 0, failing: false, waiting: 0 });
    await recorder.close();
    await pool.end();
  });

  it('writes a buffer on its own timer, without a flush, and what is left on close', async () => {
    const { pool, store, links } = await freshDb();
    const recorder = new PostgresClickRecorder(store);
    recorder.record(click(links[0] as number, 1));
    // The signal: the row itself (the timer writes it; nothing here asks it to).
    await vi.waitFor(async () => expect((await state(pool)).counts[0]).toEqual([links[0], 1]), { timeout: 10_000, interval: 20 });
    recorder.record(click(links[1] as number, 2));
    await recorder.close();
    expect((await state(pool)).counts).toEqual([
      [links[0], 1],
      [links[1], 1],
      [links[2], 0],
    ]);
    await pool.end();
  });

  it('counts every click of two nodes writing the same links at once', async () => {
    const { pool, links } = await freshDb();
    const nodes = [new PostgresClickRecorder(new PostgresStore(pool)), new PostgresClickRecorder(new PostgresStore(pool))];
    // Interleaved, in opposite link orders: each node's batches touch every link.
    for (let i = 0; i < 6000; i++) {
      (nodes[0] as PostgresClickRecorder).record(click(links[i % 3] as number, i));
      (nodes[1] as PostgresClickRecorder).record(click(links[2 - (i % 3)] as number, 10_000 + i));
    }
    await Promise.all(nodes.map((n) => n.flush()));
    const { rows, counts } = await state(pool);
    expect(rows).toHaveLength(12_000);
    expect(counts).toEqual(links.map((id) => [id, 4000]));
    await Promise.all(nodes.map((n) => n.close()));
    await pool.end();
  });

  it('makes clicks wait for room while the writer is held up, holding no more than its bound, dropping none', async () => {
    const { pool, store, links } = await freshDb();
    const recorder = new PostgresClickRecorder(store);
    // Another connection holds the first link's counter row: the batch's UPDATE waits for it.
    const locker = await pool.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT link_id FROM link_counts WHERE link_id = $1 FOR UPDATE', [links[0]]);
    let maxOver = -Infinity;
    // What the redirect routes do (routes.ts): wait for room when full, then record the click.
    const visit = async (i: number) => {
      if (recorder.full) await recorder.room();
      recorder.record(click(links[i % 3] as number, i));
      maxOver = Math.max(maxOver, recorder.held - recorder.bound);
    };
    const total = 3 * FLUSH_SIZE;
    const visits = Array.from({ length: total }, (_, i) => visit(i));
    // The signal: the batch in flight is stuck on the lock and the rest are waiting.
    await vi.waitFor(async () => expect((await recorder.counts()).waiting).toBe(total - FLUSH_SIZE), { timeout: 10_000, interval: 20 });
    expect(await recorder.counts()).toMatchObject({ buffered: FLUSH_SIZE, written: 0, dropped: 0, failing: false });
    expect(recorder.held).toBeLessThanOrEqual(recorder.bound);
    expect((await state(pool)).rows).toHaveLength(0);
    await locker.query('COMMIT');
    locker.release();
    // Every waiting click gets its turn once the batch lands.
    await Promise.all(visits);
    await recorder.flush();
    expect(maxOver).toBeLessThanOrEqual(0);
    const { rows, counts } = await state(pool);
    expect(rows).toHaveLength(total);
    expect(counts).toEqual(links.map((id) => [id, FLUSH_SIZE]));
    expect(await recorder.counts()).toEqual({ buffered: 0, written: total, dropped: 0, failing: false, waiting: 0, waited: total - FLUSH_SIZE });
    await recorder.close();
    await pool.end();
  });

  it('lets the next request through when those let through before it add no click (unknown aliases)', async () => {
    const { pool, store, links } = await freshDb();
    // A fixed bound of one batch: the measured one would grow with the first batch's rate.
    const recorder = new PostgresClickRecorder(store, { bound: FLUSH_SIZE });
    const locker = await pool.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT link_id FROM link_counts WHERE link_id = $1 FOR UPDATE', [links[0]]);
    const visit = async (i: number, records: boolean) => {
      if (recorder.full) await recorder.room();
      if (records) recorder.record(click(links[i % 3] as number, i));
    };
    const first = Array.from({ length: FLUSH_SIZE }, (_, i) => visit(i, true));
    // A whole batch's room taken by requests that record nothing, then one that records.
    const unknown = Array.from({ length: FLUSH_SIZE }, (_, i) => visit(FLUSH_SIZE + i, false));
    const last = visit(2 * FLUSH_SIZE, true);
    await vi.waitFor(async () => expect((await recorder.counts()).waiting).toBe(FLUSH_SIZE + 1), { timeout: 10_000, interval: 20 });
    await locker.query('COMMIT');
    locker.release();
    await Promise.all([...first, ...unknown, last]);
    await recorder.close();
    expect((await state(pool)).rows).toHaveLength(FLUSH_SIZE + 1);
    await pool.end();
  });
});
