import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../electron/service/database/errors.js';
import { migratePostgres } from '../../electron/service/database/migrate.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import { all, q, run, transaction, type Work } from '../../electron/service/database/work.js';
import { createUserIn } from '../../electron/service/users.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * Issue 42: a transaction inside a transaction on PostgreSQL is a SAVEPOINT (database/store.ts).
 * Without it a failed statement in the inner one (a unique violation the outer work catches, as
 * link-store.ts does when a random alias was taken meanwhile) aborts the whole outer transaction:
 * PostgreSQL refuses every later statement ("current transaction is aborted") and loses it all.
 */

const missing = postgresMissingReason();

describe.skipIf(skipBecause(missing !== undefined, `savepoints on PostgreSQL: ${missing}`))('nested transactions on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let store: PostgresStore;
  let userId: number;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const pool = createPool(await cluster.createDatabase());
    await migratePostgres(pool, 'test');
    store = new PostgresStore(pool);
    await createUserIn(store, 'nested@example.com');
    userId = ((await store.run(all(q<{ id: number }>('SELECT id FROM users'))))[0] as { id: number }).id;
  }, 120_000);
  afterAll(async () => {
    await store?.pool.end();
    await cluster?.stop();
  });

  const insertLink = (alias: string) =>
    transaction(function* () {
      yield* run(q('INSERT INTO links (user_id, domain_id, alias, long_url, title, created_at, updated_at) VALUES (?, 0, ?, ?, ?, 0, 0)', userId, alias, `https://example.com/${alias}`, alias));
    });

  it('a unique violation caught inside an outer transaction rolls back only the inner one; the outer one goes on and commits', async () => {
    await store.run(insertLink('taken'));
    const outcome = await store.run(
      transaction(function* (): Work<string> {
        yield* insertLink('before');
        try {
          yield* insertLink('taken'); // violates UNIQUE(domain_id, alias)
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          yield* insertLink('drawn-again'); // what a random alias does: draw again
          return 'retried';
        }
        return 'not refused';
      }),
    );
    expect(outcome).toBe('retried');
    const aliases = (await store.run(all(q<{ alias: string }>('SELECT alias FROM links ORDER BY alias')))).map((r) => r.alias);
    expect(aliases).toEqual(['before', 'drawn-again', 'taken']);
  });

  it('an inner failure the outer work does not catch still rolls back everything', async () => {
    await expect(
      store.run(
        transaction(function* () {
          yield* insertLink('outer-only');
          yield* transaction(function* () {
            yield* insertLink('inner-ok');
            yield* insertLink('taken');
          });
        }),
      ),
    ).rejects.toSatisfy(isUniqueViolation);
    const aliases = (await store.run(all(q<{ alias: string }>("SELECT alias FROM links WHERE alias IN ('outer-only', 'inner-ok')")))).map((r) => r.alias);
    expect(aliases).toEqual([]);
  });

  it('savepoints nest: the innermost rolled back, the two around it kept', async () => {
    await store.run(
      transaction(function* () {
        yield* insertLink('level-1');
        yield* transaction(function* () {
          yield* insertLink('level-2');
          try {
            yield* transaction(function* () {
              yield* insertLink('level-3');
              yield* insertLink('taken');
            });
          } catch (error) {
            if (!isUniqueViolation(error)) throw error;
          }
        });
      }),
    );
    const aliases = (await store.run(all(q<{ alias: string }>("SELECT alias FROM links WHERE alias LIKE 'level-%' ORDER BY alias")))).map((r) => r.alias);
    expect(aliases).toEqual(['level-1', 'level-2']);
  });
});
