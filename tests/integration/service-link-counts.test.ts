import Database from 'libsql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE, openDatabase, type Db } from '../../electron/service/db.js';
import { builderFor, type EngineKind } from '../../electron/service/database/dialects.js';
import { migratePostgres, migrateSqlite } from '../../electron/service/database/migrate.js';
import { migrations } from '../../electron/service/database/migrations.js';
import { createPool } from '../../electron/service/database/postgres.js';
import type { Build } from '../../electron/service/database/work.js';
import { listStatements, type ListQuery } from '../../electron/service/links/link-list-query.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * Issue 42: a link's click counter lives in link_counts (schema 7), a narrow row a link, so a
 * click batch no longer rewrites the wide links row and every index of links. What must hold on
 * both engines: an older database's counts move over exactly (links.clicks and its index gone);
 * every link has its counter however it is inserted, and loses it with the link; and the list
 * sorted by clicks is still a walk of an index that stops after a page (the A/B that dropped
 * links_user_clicks made it a sort of every link: 7 → 123 ms, docs/benchmarks.md).
 */

const BEFORE = 6; // the last schema with links.clicks
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-counts-'));
  dirs.push(dir);
  return dir;
};

/** The SQL and values of a statement as `kind` runs it. */
function compiled(build: Build<unknown>, kind: EngineKind): { sql: string; parameters: unknown[] } {
  const made = build(builderFor(kind), kind);
  const query = 'compile' in made ? made.compile() : made;
  return { sql: query.sql, parameters: [...query.parameters] };
}

const firstPage = (order: ListQuery['order'], q = ''): ListQuery => ({ paging: { page: 1, limit: 100, offset: 0 }, order, q });

/** Links of user 1 whose counts are i * 7 % 1000, and as many of user 2: the sort has work to skip. */
function seedSqlite(db: Db | InstanceType<typeof Database>, perUser: number): void {
  db.prepare("INSERT INTO users (email, username, api_key_hash, created_at) VALUES ('a@x.y', 'a', 'h1', 1), ('b@x.y', 'b', 'h2', 1)").run();
  const insert = db.prepare('INSERT INTO links (user_id, alias, long_url, created_at, updated_at) VALUES (?, ?, ?, 0, 0)');
  db.transaction(() => {
    for (let i = 0; i < perUser * 2; i++) insert.run((i % 2) + 1, `a${i}`, `https://example.com/${i}`);
  })();
}

describe('link counters in their own table, SQLite', () => {
  it('moves the counts of a database made before (schema 6) and drops links.clicks with its index', () => {
    const dir = tempDir();
    const old = new Database(join(dir, DB_FILE));
    migrateSqlite(old, dir, BEFORE);
    seedSqlite(old, 3);
    old.prepare('UPDATE links SET clicks = id * 10 + 1').run();
    old.close();

    const db = openDatabase(dir); // brings it up to date
    try {
      const version = db.pragma('user_version', { simple: true }) as number | { user_version: number };
      expect(typeof version === 'number' ? version : version.user_version).toBe(migrations.length);
      expect(db.prepare('SELECT link_id, user_id, clicks FROM link_counts ORDER BY link_id').raw(true).all()).toEqual([
        [1, 1, 11],
        [2, 2, 21],
        [3, 1, 31],
        [4, 2, 41],
        [5, 1, 51],
        [6, 2, 61],
      ]);
      expect(db.prepare("SELECT name FROM pragma_table_info('links') WHERE name = 'clicks'").all()).toEqual([]);
      const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%clicks'").pluck(true).all() as string[]).sort();
      expect(indexes).toEqual(['link_counts_user_clicks']);
    } finally {
      db.close();
    }
  });

  it('gives every link a counter, however it is inserted, and drops it with the link', () => {
    const db = openDatabase(tempDir());
    try {
      seedSqlite(db, 2);
      expect(db.prepare('SELECT link_id, user_id, clicks FROM link_counts ORDER BY link_id').raw(true).all()).toEqual([
        [1, 1, 0],
        [2, 2, 0],
        [3, 1, 0],
        [4, 2, 0],
      ]);
      db.prepare('DELETE FROM links WHERE id = 3').run();
      db.prepare('DELETE FROM users WHERE id = 2').run();
      expect(db.prepare('SELECT link_id FROM link_counts ORDER BY link_id').pluck(true).all()).toEqual([1]);
    } finally {
      db.close();
    }
  });

  it('lists by clicks by walking the counters index, with or without a keyword: no sort of the links', () => {
    const db = openDatabase(tempDir());
    try {
      seedSqlite(db, 500);
      db.prepare('UPDATE link_counts SET clicks = link_id * 7 % 1000').run();
      for (const query of [firstPage('click'), firstPage('click', 'example'), firstPage('date')]) {
        const { sql, parameters } = compiled(listStatements('sqlite', 1, query).page, 'sqlite');
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]).map((r) => r.detail).join('\n');
        expect(plan, `${query.order} ${query.q}`).toContain(query.order === 'click' ? 'link_counts_user_clicks' : 'links_user_listed');
        expect(plan, `${query.order} ${query.q}`).not.toContain('TEMP B-TREE');
      }
      // And the page is what the counters say, most first, then the newest.
      const { sql, parameters } = compiled(listStatements('sqlite', 1, firstPage('click')).page, 'sqlite');
      const got = (db.prepare(sql).all(...parameters) as { id: number; clicks: number }[]).map((r) => [r.id, r.clicks]);
      const want = (db.prepare('SELECT link_id, clicks FROM link_counts WHERE user_id = 1 ORDER BY clicks DESC, link_id DESC LIMIT 100').raw(true).all() as number[][]);
      expect(got).toEqual(want);
      expect(got).toHaveLength(100);
    } finally {
      db.close();
    }
  });
});

const missing = postgresMissingReason();

describe.skipIf(skipBecause(missing !== undefined, `link counters on PostgreSQL: ${missing}`))('link counters in their own table, PostgreSQL', () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());

  async function seedPostgres(pool: pg.Pool, perUser: number): Promise<void> {
    await pool.query("INSERT INTO users (email, username, api_key_hash, created_at) VALUES ('a@x.y', 'a', 'h1', 1), ('b@x.y', 'b', 'h2', 1)");
    await pool.query(
      `INSERT INTO links (user_id, alias, long_url, created_at, updated_at)
       SELECT (i % 2) + 1, 'a' || i, 'https://example.com/' || i, 0, 0 FROM generate_series(0, $1::int - 1) AS i`,
      [perUser * 2],
    );
  }

  it('moves the counts of a database made before (schema 6) and drops links.clicks with its index', async () => {
    const pool = createPool(await cluster.createDatabase());
    try {
      await migratePostgres(pool, 'old', BEFORE);
      await seedPostgres(pool, 3);
      await pool.query('UPDATE links SET clicks = id * 10 + 1');
      await migratePostgres(pool, 'new');
      expect((await pool.query('SELECT version FROM linkdeck_schema')).rows).toEqual([{ version: migrations.length }]);
      const { rows } = await pool.query({ text: 'SELECT link_id, user_id, clicks FROM link_counts ORDER BY link_id', rowMode: 'array' });
      expect(rows).toEqual([
        [1, 1, 11],
        [2, 2, 21],
        [3, 1, 31],
        [4, 2, 41],
        [5, 1, 51],
        [6, 2, 61],
      ]);
      expect((await pool.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'links' AND column_name = 'clicks'")).rows).toEqual([]);
      expect((await pool.query("SELECT indexname FROM pg_indexes WHERE indexname LIKE '%clicks' ORDER BY 1")).rows).toEqual([{ indexname: 'link_counts_user_clicks' }]);
      // Room on each page for the rows' next versions (docs/benchmarks.md: measured, not HOT).
      expect((await pool.query("SELECT reloptions FROM pg_class WHERE relname = 'link_counts'")).rows).toEqual([{ reloptions: ['fillfactor=70'] }]);
    } finally {
      await pool.end();
    }
  });

  it('gives every link a counter, however it is inserted, and drops it with the link', async () => {
    const pool = createPool(await cluster.createDatabase());
    try {
      await migratePostgres(pool, 'db');
      await seedPostgres(pool, 2);
      const counters = async () => (await pool.query({ text: 'SELECT link_id, user_id, clicks FROM link_counts ORDER BY link_id', rowMode: 'array' })).rows;
      expect(await counters()).toEqual([
        [1, 1, 0],
        [2, 2, 0],
        [3, 1, 0],
        [4, 2, 0],
      ]);
      await pool.query('DELETE FROM links WHERE id = 3');
      await pool.query('DELETE FROM users WHERE id = 2');
      expect(await counters()).toEqual([[1, 1, 0]]);
    } finally {
      await pool.end();
    }
  });

  it('lists by clicks by walking the counters index at 20,000 links a user: no sort of the links', { timeout: 60_000 }, async () => {
    const pool = createPool(await cluster.createDatabase());
    try {
      await migratePostgres(pool, 'db');
      await seedPostgres(pool, 20_000);
      await pool.query('UPDATE link_counts SET clicks = link_id * 7 % 1000');
      await pool.query('ANALYZE');
      for (const query of [firstPage('click'), firstPage('date')]) {
        const { sql, parameters } = compiled(listStatements('postgres', 1, query).page, 'postgres');
        const plan = (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, parameters)).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, query.order).toMatch(query.order === 'click' ? /Index (Only )?Scan using link_counts_user_clicks/ : /Index (Only )?Scan (Backward )?using links_/);
        expect(plan, query.order).not.toMatch(/Sort/);
      }
      const { sql, parameters } = compiled(listStatements('postgres', 1, firstPage('click')).page, 'postgres');
      const got = (await pool.query<{ id: number; clicks: number }>(sql, parameters)).rows.map((r) => [r.id, Number(r.clicks)]);
      const want = (await pool.query({ text: 'SELECT link_id, clicks FROM link_counts WHERE user_id = 1 ORDER BY clicks DESC, link_id DESC LIMIT 100', rowMode: 'array' })).rows.map((r: unknown[]) => [r[0], Number(r[1])]);
      expect(got).toEqual(want);
      expect(got).toHaveLength(100);
    } finally {
      await pool.end();
    }
  });
});
