import type Database from 'libsql';
import type pg from 'pg';
import { migrations, type Migration } from './migrations.js';

type SqliteDb = InstanceType<typeof Database>;

/** Thrown when the database was made by a newer Linkdeck than this one. */
export class NewerSchemaError extends Error {
  constructor(
    readonly version: number,
    where: string,
  ) {
    super(
      `The database in ${where} was made by a newer Linkdeck (schema ${version}; this one knows up to ${migrations.length}): run that version again, or restore the backup made before the upgrade.`,
    );
  }
}

/**
 * Brings a SQLite file up to date, synchronously (the service opens its file before anything
 * else runs): the compiled statements of each entry on libsql's connection, one transaction
 * per entry, `PRAGMA user_version` as the count. Answers whether anything ran. `upTo` stops
 * at an older version (tests make the databases of older releases with it).
 */
export function migrateSqlite(db: SqliteDb, where: string, upTo = migrations.length): boolean {
  const row = db.pragma('user_version', { simple: true }) as { user_version?: number } | number;
  let version = typeof row === 'number' ? row : (row.user_version ?? 0);
  // Going back after an upgrade: this build does not know the newer tables, so it must not write them.
  if (version > migrations.length) throw new NewerSchemaError(version, where);
  const from = version;
  for (; version < upTo; version++) {
    const migration = migrations[version] as Migration;
    if (migration.sqlitePragma) db.pragma(migration.sqlitePragma);
    db.transaction(() => {
      for (const q of migration.statements('sqlite')) db.prepare(q.sql).run(...(q.parameters as unknown[]));
      if (migration.rewrite) {
        const rows = db.prepare(migration.rewrite.rows('sqlite').sql).all() as Record<string, unknown>[];
        for (const r of rows) {
          const q = migration.rewrite.each('sqlite', r);
          db.prepare(q.sql).run(...(q.parameters as unknown[]));
        }
      }
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return version > from;
}

/** Any constant: the advisory lock every node takes while it migrates. */
const MIGRATION_LOCK = 0x4c44_4b31; // "LDK1"

/**
 * Brings a PostgreSQL database up to date. Nodes starting together take turns on an advisory
 * lock held for the transaction, so exactly one runs each entry and the others find it done;
 * PostgreSQL's DDL is transactional, so an entry that fails leaves nothing half made. `upTo`
 * as for SQLite (tests make the databases of older releases with it).
 */
export async function migratePostgres(pool: pg.Pool, where: string, upTo = migrations.length): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS linkdeck_schema (version integer NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM linkdeck_schema');
    let version = rows[0]?.version ?? 0;
    if (!rows[0]) await client.query('INSERT INTO linkdeck_schema (version) VALUES (0)');
    if (version > migrations.length) throw new NewerSchemaError(version, where);
    for (; version < upTo; version++) {
      const migration = migrations[version] as Migration;
      for (const q of migration.statements('postgres')) await client.query(q.sql, q.parameters as unknown[]);
      if (migration.rewrite) {
        const read = migration.rewrite.rows('postgres');
        const found = await client.query<Record<string, unknown>>(read.sql, read.parameters as unknown[]);
        for (const r of found.rows) {
          const q = migration.rewrite.each('postgres', r);
          await client.query(q.sql, q.parameters as unknown[]);
        }
      }
    }
    await client.query('UPDATE linkdeck_schema SET version = $1', [version]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
