import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { migratePostgres } from '../../electron/service/database/migrate.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import { DomainResolver, HOST_TTL_MS } from '../../electron/service/redirect/domain-resolver.js';
import { LinkResolver } from '../../electron/service/redirect/link-resolver.js';
import { createUserWork } from '../../electron/service/users.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * The redirect caches on PostgreSQL (issue 42): hits answered synchronously from the cache, a
 * miss read through the store (fetch) and kept, the prewarm, the invalidation seam the change
 * feed calls (invalidate(linkId)), and the domains held in memory and trusted for HOST_TTL_MS
 * of the service clock.
 */

const missing = postgresMissingReason();
let cluster: PostgresCluster | undefined;
let pool: pg.Pool;
let store: PostgresStore;
let userId: number;
beforeAll(async () => {
  if (missing) return;
  cluster = await startPostgresCluster();
  pool = createPool(await cluster.createDatabase());
  await migratePostgres(pool, 'test');
  store = new PostgresStore(pool);
  userId = (await store.run(createUserWork('resolvers@localhost'))).id;
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await cluster?.stop();
});

const addLink = async (alias: string, url: string, domainId = 0) =>
  (
    (
      await pool.query<{ id: number }>(
        'INSERT INTO links (user_id, domain_id, alias, long_url, created_at, updated_at) VALUES ($1, $2, $3, $4, 0, 0) RETURNING id',
        [userId, domainId, alias, url],
      )
    ).rows[0] as { id: number }
  ).id;

describe.skipIf(skipBecause(missing !== undefined, `the redirect caches on PostgreSQL: ${missing}`))('the redirect caches on PostgreSQL', () => {
  it('answers a hit synchronously, reads a miss through the store and keeps it, and drops it when told the link changed', async () => {
    const id = await addLink('pg-one', 'https://example.com/one');
    const links = new LinkResolver(store);
    expect(links.synchronous).toBe(false);
    // Not cached yet: resolve() never reads the database itself here.
    expect(links.resolve(0, 'pg-one')).toBeNull();
    expect((await links.fetch(0, 'pg-one'))?.location).toBe('https://example.com/one');
    expect(links.resolve(0, 'pg-one')?.id).toBe(id);

    await pool.query('UPDATE links SET long_url = $1 WHERE id = $2', ['https://example.com/changed', id]);
    // Until told, the cache answers what it holds; the change feed's call drops it.
    expect(links.resolve(0, 'pg-one')?.location).toBe('https://example.com/one');
    links.invalidate(id);
    expect(links.resolve(0, 'pg-one')).toBeNull();
    expect((await links.lookup(0, 'pg-one'))?.location).toBe('https://example.com/changed');
  });

  it('remembers a missing alias only until a link changes, and reads a link made meanwhile', async () => {
    const links = new LinkResolver(store);
    expect(await links.fetch(0, 'pg-later')).toBeNull();
    const id = await addLink('pg-later', 'https://example.com/later');
    expect(await links.fetch(0, 'pg-later')).toBeNull();
    links.invalidate(id);
    expect((await links.fetch(0, 'pg-later'))?.id).toBe(id);
  });

  it('keeps nothing from a read that a change overtook', async () => {
    const id = await addLink('pg-race', 'https://example.com/before');
    const links = new LinkResolver(store);
    const reading = links.fetch(0, 'pg-race');
    links.invalidate(id);
    expect((await reading)?.id).toBe(id);
    expect(links.resolve(0, 'pg-race')).toBeNull();
  });

  it('prewarms every link, in batches, before the first visit', async () => {
    for (let i = 0; i < 25; i++) await addLink(`pg-warm-${i}`, `https://example.com/warm/${i}`);
    const links = new LinkResolver(store);
    const { rows } = await pool.query<{ n: number }>('SELECT COUNT(*) AS n FROM links');
    expect(await links.prewarm({ batch: 10 })).toBe(Number(rows[0]?.n));
    expect(links.resolve(0, 'pg-warm-7')?.location).toBe('https://example.com/warm/7');
  });

  it('holds the domains in memory, trusted for HOST_TTL_MS of the service clock, and reads them again when told', async () => {
    let now = 1_000_000;
    const domains = new DomainResolver(store, () => now);
    expect(domains.freshUntil).toBe(Number.NEGATIVE_INFINITY);
    await domains.start();
    try {
      expect(domains.lookup('go.example.test', now)).toBeNull();
      const { rows } = await pool.query<{ id: number }>(
        "INSERT INTO domains (user_id, domain, host, redirect_root, redirect_404, created_at) VALUES ($1, 'https://go.example.test', 'go.example.test', 'https://example.test/home', '', 0) RETURNING id",
        [userId],
      );
      // Within the time limit the last read holds; past it, current() reads again first.
      expect(domains.current('go.example.test', now)).toBeNull();
      now += HOST_TTL_MS;
      expect(await domains.current('go.example.test', now)).toEqual({ id: rows[0]?.id, redirectRoot: 'https://example.test/home', redirect404: '' });
      await pool.query("UPDATE domains SET redirect_root = 'https://example.test/new' WHERE host = 'go.example.test'");
      // This node changed it: the next answer waits for a new read.
      domains.invalidate();
      expect(now >= domains.freshUntil).toBe(true);
      expect((await domains.current('go.example.test', now))?.redirectRoot).toBe('https://example.test/new');
    } finally {
      domains.stop();
    }
  });
});
