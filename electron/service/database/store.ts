import type Database from 'libsql';
import type pg from 'pg';
import { builderFor, type EngineKind } from './dialects.js';
import { all, compile, first, q, run, type Op, type Work } from './work.js';

type SqliteDb = InstanceType<typeof Database>;
type Statement = ReturnType<SqliteDb['prepare']>;

/**
 * Runs database work (work.ts) on one engine. `do` answers the work's value itself on SQLite
 * and a promise of it on PostgreSQL: callers that must stay synchronous on SQLite (the redirect
 * path) can look at it, everyone else awaits it.
 */
export interface Store {
  readonly kind: EngineKind;
  do<T>(work: Work<T>): T | Promise<T>;
  /** The same, always as a promise. */
  run<T>(work: Work<T>): Promise<T>;
}

/** One statement (SQL with `?` placeholders, work.ts's q) on a store, as a promise. */
export const one = <R>(store: Store, statement: string, ...params: unknown[]): Promise<R | undefined> => store.run(first(q<R>(statement, ...params)));
export const many = <R>(store: Store, statement: string, ...params: unknown[]): Promise<R[]> => store.run(all(q<R>(statement, ...params)));
/** Runs a statement; how many rows it changed. */
export const exec = (store: Store, statement: string, ...params: unknown[]): Promise<number> => store.run(run(q(statement, ...params)));

const MAX_STATEMENTS = 1000;

export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  private readonly k = builderFor('sqlite');
  // Compiled SQL is the same text for the same query shape: each is prepared once.
  private readonly statements = new Map<string, Statement>();

  constructor(readonly db: SqliteDb) {}

  do<T>(work: Work<T>): T {
    let step = work.next();
    while (!step.done) {
      let result: unknown;
      try {
        result = this.exec(step.value);
      } catch (error) {
        step = work.throw(error);
        continue;
      }
      step = work.next(result);
    }
    return step.value;
  }

  run<T>(work: Work<T>): Promise<T> {
    try {
      return Promise.resolve(this.do(work));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  private statement(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  private exec(op: Op): unknown {
    switch (op.type) {
      case 'kind':
        return this.kind;
      case 'tx':
        // IMMEDIATE: the click writer (another connection) may commit between a deferred
        // transaction's read and its write, which SQLite would then refuse.
        return this.db.inTransaction ? this.do(op.body()) : this.db.transaction(() => this.do(op.body())).immediate();
      case 'all': {
        const q = compile(op.build, this.k, this.kind);
        const s = this.statement(q.sql);
        const params = q.parameters as [object];
        if (s.reader) return s.all(...params);
        s.run(...params);
        return [];
      }
      case 'run': {
        const q = compile(op.build, this.k, this.kind);
        return this.statement(q.sql).run(...(q.parameters as [object])).changes;
      }
    }
  }
}

export class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  private readonly k = builderFor('postgres');

  constructor(readonly pool: pg.Pool) {}

  do<T>(work: Work<T>): Promise<T> {
    return this.drive(work, undefined);
  }

  run<T>(work: Work<T>): Promise<T> {
    return this.drive(work, undefined);
  }

  private async drive<T>(work: Work<T>, client: pg.PoolClient | undefined): Promise<T> {
    let step = work.next();
    while (!step.done) {
      let result: unknown;
      try {
        result = await this.exec(step.value, client);
      } catch (error) {
        step = work.throw(error);
        continue;
      }
      step = work.next(result);
    }
    return step.value;
  }

  /** Savepoint names in use per connection: a transaction inside a transaction nests one deeper. */
  private readonly depth = new WeakMap<pg.PoolClient, number>();

  /**
   * A transaction inside a transaction: a SAVEPOINT. On PostgreSQL any failed statement aborts
   * the whole transaction (SQLite fails only the statement), so a nested op whose failure the
   * outer work catches and recovers from (a random alias retried after a unique violation, say)
   * must roll back to its savepoint, or every later statement of the outer one is refused.
   */
  private async nested(op: Extract<Op, { type: 'tx' }>, client: pg.PoolClient): Promise<unknown> {
    const level = (this.depth.get(client) ?? 0) + 1;
    const name = `linkdeck_nested_${level}`;
    this.depth.set(client, level);
    try {
      await client.query(`SAVEPOINT ${name}`);
      try {
        const value = await this.drive(op.body(), client);
        await client.query(`RELEASE SAVEPOINT ${name}`);
        return value;
      } catch (error) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
        throw error;
      }
    } finally {
      this.depth.set(client, level - 1);
    }
  }

  private async exec(op: Op, client: pg.PoolClient | undefined): Promise<unknown> {
    switch (op.type) {
      case 'kind':
        return this.kind;
      case 'tx': {
        if (client) return this.nested(op, client);
        const own = await this.pool.connect();
        try {
          await own.query('BEGIN');
          const value = await this.drive(op.body(), own);
          await own.query('COMMIT');
          return value;
        } catch (error) {
          await own.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          own.release();
        }
      }
      case 'all': {
        const q = compile(op.build, this.k, this.kind);
        return (await (client ?? this.pool).query(q.sql, q.parameters as unknown[])).rows;
      }
      case 'run': {
        const q = compile(op.build, this.k, this.kind);
        return (await (client ?? this.pool).query(q.sql, q.parameters as unknown[])).rowCount ?? 0;
      }
    }
  }
}

const sqliteStores = new WeakMap<SqliteDb, SqliteStore>();

/** The store of a libsql connection (one per connection, so its statements are prepared once). */
export function sqliteStore(db: SqliteDb): SqliteStore {
  let store = sqliteStores.get(db);
  if (!store) {
    store = new SqliteStore(db);
    sqliteStores.set(db, store);
  }
  return store;
}
