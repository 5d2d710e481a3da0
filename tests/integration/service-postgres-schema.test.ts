import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSqlite } from '../../electron/service/database/migrate.js';
import { migratePostgres } from '../../electron/service/database/migrate.js';
import { migrations } from '../../electron/service/database/migrations.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { TABLE_ORDER } from '../../electron/service/database/tables.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

const missing = postgresMissingReason();

/** Columns of every table as SQLite has them after the migrations: the reference for PostgreSQL. */
function sqliteColumns(): Record<string, string[]> {
  const db = new Database(':memory:');
  migrateSqlite(db, 'memory');
  const out: Record<string, string[]> = {};
  for (const table of TABLE_ORDER) {
    out[table] = (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((r) => r.name).sort();
  }
  db.close();
  return out;
}

describe.skipIf(skipBecause(missing !== undefined, missing ?? ''))('one migration history on PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('makes the same tables and columns as on SQLite, once, when two nodes start together', async () => {
    const url = await cluster.createDatabase();
    const a = createPool(url);
    const b = createPool(url);
    try {
      // Two nodes migrating at the same moment: the advisory lock lets one run each entry.
      await Promise.all([migratePostgres(a, 'a'), migratePostgres(b, 'b')]);
      const { rows: version } = await a.query('SELECT version FROM linkdeck_schema');
      expect(version).toEqual([{ version: migrations.length }]);
      const { rows } = await a.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'linkdeck_schema'`,
      );
      const pgColumns: Record<string, string[]> = {};
      for (const r of rows) (pgColumns[r.table_name] ??= []).push(r.column_name);
      for (const t of Object.keys(pgColumns)) pgColumns[t]!.sort();
      expect(pgColumns).toEqual(sqliteColumns());
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('keeps the rules in the database: e-mail without case, one alias per host, avatar tokens, times as numbers', async () => {
    const url = await cluster.createDatabase();
    const pool = createPool(url);
    try {
      await migratePostgres(pool, 'db');
      const user = await pool.query<{ id: number; avatar_token: string; created_at: number }>(
        `INSERT INTO users (email, username, api_key_hash, created_at) VALUES ('Ann@Example.com', 'ann', 'h1', 1764300000000) RETURNING id, avatar_token, created_at`,
      );
      const row = user.rows[0]!;
      expect(row.avatar_token).toMatch(/^[0-9a-f]{32}$/);
      expect(row.created_at).toBe(1764300000000);
      await expect(
        pool.query(`INSERT INTO users (email, username, api_key_hash, created_at) VALUES ('ann@example.COM', 'x', 'h2', 1)`),
      ).rejects.toMatchObject({ code: '23505' });
      await pool.query(`INSERT INTO links (user_id, alias, long_url, created_at, updated_at) VALUES ($1, 'x', 'https://a', 1, 1)`, [row.id]);
      await expect(
        pool.query(`INSERT INTO links (user_id, alias, long_url, created_at, updated_at) VALUES ($1, 'x', 'https://b', 1, 1)`, [row.id]),
      ).rejects.toMatchObject({ code: '23505' });
      // A second start finds nothing to do.
      await migratePostgres(pool, 'db');
    } finally {
      await pool.end();
    }
  });
});
