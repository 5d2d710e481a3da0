import Database from 'libsql';

export type RawDb = InstanceType<typeof Database>;
export type SqlValue = string | number | bigint | null | Buffer;
export type Row = Record<string, unknown>;

/**
 * A thin layer over one libsql connection:
 * - prepared statements are cached (libsql prepares anew on every `prepare`, which costs more
 *   than a small query itself);
 * - parameters always travel as one array (libsql reads a single `null` argument as named
 *   parameters and fails);
 * - transactions nest: the outer one commits, inner ones simply run, so a unit that is a
 *   transaction on its own can also be part of a bigger one (outbox write + mirror mark).
 */
export class Sql {
  private readonly cache = new Map<string, ReturnType<RawDb['prepare']>>();
  private depth = 0;

  constructor(readonly db: RawDb) {}

  private statement(text: string) {
    let stmt = this.cache.get(text);
    if (!stmt) {
      stmt = this.db.prepare(text);
      // Queries built from filters vary; keep the cache from growing without bound.
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(text, stmt);
    }
    return stmt;
  }

  all<T = Row>(text: string, params: readonly SqlValue[] = []): T[] {
    return this.statement(text).all([...params]) as T[];
  }

  get<T = Row>(text: string, params: readonly SqlValue[] = []): T | undefined {
    return (this.statement(text).get([...params]) ?? undefined) as T | undefined;
  }

  run(
    text: string,
    params: readonly SqlValue[] = [],
  ): { changes: number; lastInsertRowid: number } {
    const result = this.statement(text).run([...params]);
    return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
  }

  /** The single number a `SELECT COUNT(*) AS n …` (or any `AS n`) answers. */
  count(text: string, params: readonly SqlValue[] = []): number {
    const row = this.get<{ n: number | null }>(text, params);
    return Number(row?.n ?? 0);
  }

  exec(text: string): void {
    this.db.exec(text);
  }

  /** Runs `fn` in a transaction (IMMEDIATE: writers queue up front instead of failing midway). */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) {
      this.depth++;
      try {
        return fn();
      } finally {
        this.depth--;
      }
    }
    this.db.exec('BEGIN IMMEDIATE');
    this.depth = 1;
    try {
      const result = fn();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    } finally {
      this.depth = 0;
    }
  }

  close(): void {
    this.cache.clear();
    this.db.close();
  }
}

/**
 * Opens a profile's SQLite file. WAL lets the list views read while a sync page commits;
 * synchronous=FULL because the outbox lives here: a mutation the user typed must survive a
 * power cut once `enqueue` returns, not only a crash of the app.
 */
export function openSqlite(file: string): Sql {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return new Sql(db);
}
