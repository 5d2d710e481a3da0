import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChangeFeed, linkChangedWork, publishDomainChanged, publishLinkChanged, type ChangeFeed } from '../../electron/service/database/change-feed.js';
import { migratePostgres } from '../../electron/service/database/migrate.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import { q, run, transaction } from '../../electron/service/database/work.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * The change feed between nodes on a real PostgreSQL: two feeds (two nodes) on one database.
 * Every wait ends on an event the feed delivers (a notification, a reset), never on a timer.
 */

const missing = postgresMissingReason();

/** What a node's handlers heard, with a way to wait for the next matching event. */
function recorder() {
  const events: string[] = [];
  // Each waiter answers whether it is satisfied now (and then resolves its promise).
  let waiters: (() => boolean)[] = [];
  const push = (e: string) => {
    events.push(e);
    waiters = waiters.filter((done) => !done());
  };
  return {
    events,
    handlers: {
      onLinkChanged: (id: number) => push(`link:${id}`),
      onDomainChanged: (id: number) => push(`domain:${id}`),
      onReset: () => push('reset'),
    },
    /** Resolves when `event` has been heard `times` times in all. */
    heard(event: string, times = 1) {
      const count = () => events.filter((e) => e === event).length;
      return new Promise<void>((resolve) => {
        const done = () => (count() >= times ? (resolve(), true) : false);
        if (!done()) waiters.push(done);
      });
    },
  };
}

describe.skipIf(skipBecause(missing !== undefined, missing ?? ''))('the change feed (LISTEN/NOTIFY) between nodes', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  async function twoNodes(options: { ttlMs?: number } = {}) {
    const url = await cluster.createDatabase();
    const poolA = createPool(url);
    const poolB = createPool(url);
    await migratePostgres(poolA, 'test');
    const a = recorder();
    const b = recorder();
    const feeds: ChangeFeed[] = [createChangeFeed(poolA, a.handlers, options), createChangeFeed(poolB, b.handlers, options)];
    await Promise.all(feeds.map((f) => f.ready));
    return {
      store: new PostgresStore(poolA),
      poolB,
      a,
      b,
      feedB: feeds[1] as ChangeFeed,
      async close() {
        await Promise.all(feeds.map((f) => f.close()));
        await Promise.all([poolA.end(), poolB.end()]);
      },
    };
  }

  it('a change published on one node reaches the other, after a reset at the start', async () => {
    const n = await twoNodes();
    try {
      expect(n.b.events).toEqual(['reset']);
      await publishLinkChanged(n.store, 42);
      await publishDomainChanged(n.store, 3);
      await n.b.heard('domain:3');
      expect(n.b.events).toEqual(['reset', 'link:42', 'domain:3']);
      // The publishing node hears itself too (its caches were dropped already; twice is harmless).
      await n.a.heard('domain:3');
    } finally {
      await n.close();
    }
  });

  it('a change published inside a transaction is heard only if it commits', async () => {
    const n = await twoNodes();
    try {
      await expect(
        n.store.run(
          transaction(function* () {
            yield* run(q('SELECT 1'));
            yield* linkChangedWork(1);
            throw new Error('the change failed');
          }),
        ),
      ).rejects.toThrow('the change failed');
      await n.store.run(
        transaction(function* () {
          yield* linkChangedWork(2);
        }),
      );
      await n.b.heard('link:2');
      // Notifications arrive in commit order: had link 1 been sent, it would be here first.
      expect(n.b.events).toEqual(['reset', 'link:2']);
    } finally {
      await n.close();
    }
  });

  it('a killed listening connection is made again, every cache dropped, and changes heard again', async () => {
    const n = await twoNodes();
    try {
      const pid = n.feedB.backendPid();
      expect(pid).toBeTypeOf('number');
      const killed = await n.poolB.query<{ done: boolean }>('SELECT pg_terminate_backend($1) AS done', [pid]);
      expect(killed.rows[0]?.done).toBe(true);
      await n.b.heard('reset', 2);
      expect(n.feedB.listening).toBe(true);
      expect(n.feedB.backendPid()).not.toBe(pid);
      await publishLinkChanged(n.store, 7);
      await n.b.heard('link:7');
      expect(n.b.events).toEqual(['reset', 'reset', 'link:7']);
    } finally {
      await n.close();
    }
  });

  it('drops every cache on the period the caller sets (the time-to-live safety net)', async () => {
    const n = await twoNodes({ ttlMs: 20 });
    try {
      await n.b.heard('reset', 3);
      expect(n.b.events.filter((e) => e !== 'reset')).toEqual([]);
    } finally {
      await n.close();
    }
    expect(n.feedB.listening).toBe(false);
  });
});
