import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/service/db.js';
import { createPool } from '../../electron/service/database/postgres.js';
import { PostgresStore } from '../../electron/service/database/store.js';
import { TABLE_ORDER } from '../../electron/service/database/tables.js';
import { userIdForKeyWork } from '../../electron/service/users.js';
import { openFixtures } from '../support/service-fixtures.js';
import { startTestService } from '../support/service.js';
import { postgresMissingReason, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { skipBecause } from '../support/skip-reason.js';

/*
 * `linkdeck-service migrate --to postgres://…` as a self-hoster runs it (the CLI in a child
 * process), from a SQLite service whose data was made through its API, into a real PostgreSQL.
 * Every table is then compared row by row.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const missing = postgresMissingReason();

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/service/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1', LINKDECK_DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** Every row of `table`, columns in SQLite's order, sorted: the form both sides are compared in. */
function sqliteRows(db: Db, table: string): { columns: string[]; rows: string[] } {
  const columns = db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck(true).all(table) as string[];
  const rows = (db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`).raw(true).all() as unknown[][]).map((r) => JSON.stringify(r));
  return { columns, rows: rows.sort() };
}

async function postgresRows(pool: pg.Pool, table: string, columns: string[]): Promise<string[]> {
  const { rows } = await pool.query({ text: `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`, rowMode: 'array' });
  return (rows as unknown[][]).map((r) => JSON.stringify(r)).sort();
}

describe.skipIf(skipBecause(missing !== undefined, missing ?? ''))('migrate --to postgres://… (moving up from SQLite)', () => {
  let cluster: PostgresCluster;
  let dataDir: string;
  let firstKey: string;
  let secondKey: string;
  const scratch: string[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    // A service with a bit of everything, made through its API.
    // A SQLite folder, whatever engine the project runs the suites on: it is what is copied.
    const s = await startTestService({}, 'sqlite');
    const ok = async (method: string, path: string, body?: unknown, key?: string) => {
      const r = await s.api<{ error: number; id: number; message?: string }>(method, path, body, key ? { key } : {});
      expect(r.status, `${path}: ${r.text}`).toBe(200);
      return r.json;
    };
    const fx = await openFixtures(s);
    secondKey = (await fx.addUser('second@example.com')).key;
    // Overlays and splash pages are made on the service's website; the API only lists them.
    const now = Date.now();
    await fx.all("INSERT INTO overlays (user_id, type, name, config, created_at) VALUES (?, 'message', 'Sale banner', '{\"text\":\"20% off\"}', ?)", fx.firstUserId, now);
    await fx.all("INSERT INTO splash_pages (user_id, name, config, created_at) VALUES (?, 'Welcome', '{\"title\":\"Hi\"}', ?)", fx.firstUserId, now);
    fx.close();
    firstKey = s.key;
    const channel = await ok('POST', '/api/channel/add', { name: 'Spring', color: '#AABBCC', starred: true });
    const campaign = await ok('POST', '/api/campaign/add', { name: 'Launch', slug: 'launch', public: true });
    await ok('POST', '/api/domain/add', { domain: 'https://go.brand.test' });
    const pixel = await ok('POST', '/api/pixel/add', { type: 'gtmpixel', name: 'My GTM', tag: 'GTM-ABCDE' });
    const links: number[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await ok('POST', '/api/url/add', { url: `https://shop.example/${i}?q=é`, custom: `item-${i}`, campaign: campaign.id, pixels: [pixel.id], ...(i === 1 ? { password: 'open sesame' } : {}) });
      links.push(made.id);
    }
    await ok('POST', '/api/url/add', { url: 'https://theirs.example/', custom: 'theirs' }, secondKey);
    await s.api('POST', '/api/url/add', { url: 'https://once.example/', custom: 'once' }, { headers: { 'Idempotency-Key': 'retry-1' } });
    await ok('POST', `/api/channel/${channel.id}/assign/links/${links[0]}`);
    await ok('POST', '/api/qr/add', { type: 'link', data: 'https://menu.example/', name: 'Menu' });
    await ok('POST', '/api/qr/add', { type: 'text', data: 'Hello', name: 'Static' });
    // Deleted links, the newest among them: their ids must never be given again, on PostgreSQL either.
    await ok('DELETE', `/api/url/${links[3]}/delete`);
    const doomed = await ok('POST', '/api/url/add', { url: 'https://doomed.example/', custom: 'doomed' });
    await ok('DELETE', `/api/url/${doomed.id}/delete`);
    for (const alias of ['item-0', 'item-0', 'item-2', 'theirs']) {
      const r = await fetch(`${s.url}/${alias}`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', Referer: 'https://news.example/' } });
      expect(r.status).toBe(302);
    }
    dataDir = s.dataDir;
    // close() writes every buffered click; the folder stays (the test removes it at the end).
    await s.service.close();
    // More clicks than one INSERT carries, so the copy goes batch by batch.
    const db = openDatabase(dataDir);
    const insert = db.prepare("INSERT INTO clicks (link_id, at, country, referrer, browser, os, device, visitor) VALUES (?, ?, 'DE', '', 'Firefox', 'Linux', 'Desktop', ?)");
    db.transaction(() => {
      for (let i = 0; i < 2_500; i++) insert.run(links[i % 3], now - i * 1_000, `v${i % 97}`);
    })();
    db.close();
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
    for (const dir of [dataDir, ...scratch]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table exactly, says the counts, and the next id follows the highest ever given', { timeout: 120_000 }, async () => {
    const url = await cluster.createDatabase();
    const out = await cli(['migrate', '--data', dataDir, '--to', url]);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const db = openDatabase(dataDir);
    const pool = createPool(url);
    try {
      let total = 0;
      for (const table of TABLE_ORDER) {
        const { columns, rows } = sqliteRows(db, table);
        expect(await postgresRows(pool, table, columns), table).toEqual(rows);
        const n = rows.length;
        total += n;
        expect(out.stdout, table).toContain(`  ${table.padEnd(14)} ${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}\n`);
      }
      // There was something to compare in every table the API fills.
      for (const [table, least] of Object.entries({ users: 2, links: 5, link_counts: 5, clicks: 2_504, link_pixels: 3, qr_codes: 2, channels: 1, campaigns: 1, domains: 1, pixels: 1, overlays: 1, splash_pages: 1, idempotency: 1, settings: 1 })) {
        expect(sqliteRows(db, table).rows.length, table).toBeGreaterThanOrEqual(least);
      }
      // Counters that clicks raised (item-0 twice): the target's trigger made them at 0 with each
      // copied link, and the copy must have put the source's counts in their place.
      const counted = await pool.query<{ clicks: string }>("SELECT c.clicks FROM link_counts c JOIN links l ON l.id = c.link_id WHERE l.alias = 'item-0'");
      expect(counted.rows.map((r) => Number(r.clicks))).toEqual([2]);
      expect(out.stdout).toContain(`Copied ${total.toLocaleString('en-US')} rows in ${TABLE_ORDER.length} tables. ${resolve(dataDir)} keeps all its data (the way back).\n`);
      expect(out.stdout).toContain(`Start every node with --database ${url}`);
      // Keys work against PostgreSQL: their hashes came across.
      const store = new PostgresStore(pool);
      expect(await store.run(userIdForKeyWork(firstKey))).toBe(1);
      expect(await store.run(userIdForKeyWork(secondKey))).toBe(2);
      // The deleted link's id is not given again.
      const everGiven = (db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'links'").get() as { seq: number }).seq;
      expect(everGiven).toBeGreaterThan((db.prepare('SELECT max(id) AS n FROM links').get() as { n: number }).n);
      const next = await pool.query<{ id: number }>("INSERT INTO links (user_id, alias, long_url, created_at, updated_at) VALUES (1, 'after', 'https://after.example/', 0, 0) RETURNING id");
      expect(next.rows[0]?.id).toBe(everGiven + 1);
    } finally {
      db.close();
      await pool.end();
    }
  });

  it('refuses a target that holds anything, in a sentence, and leaves it as it was', { timeout: 120_000 }, async () => {
    const url = await cluster.createDatabase();
    expect((await cli(['migrate', '--data', dataDir, '--to', url])).code).toBe(0);
    const again = await cli(['migrate', '--data', dataDir, '--to', url]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      /is not empty \(users: 2, .*clicks: 2504.*\): migrate copies into an empty database only, so nothing there is overwritten or mixed\. Use a new database \(createdb linkdeck\)\. Nothing was copied\.\n$/,
    );
    const pool = new pg.Pool({ connectionString: url });
    try {
      expect((await pool.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual({ n: 2 });
      // Another application's database is refused before anything is made in it.
      const other = await cluster.createDatabase();
      const foreign = new pg.Pool({ connectionString: other });
      await foreign.query('CREATE TABLE invoices (id integer)');
      const refused = await cli(['migrate', '--data', dataDir, '--to', other]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("is not empty: it holds tables that are not Linkdeck's (invoices)");
      expect((await foreign.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0]).toEqual({ n: 1 });
      await foreign.end();
    } finally {
      await pool.end();
    }
  });

  it('copies in one transaction: a row PostgreSQL refuses leaves the target without a row, and says which table', { timeout: 120_000 }, async () => {
    const broken = mkdtempSync(join(tmpdir(), 'linkdeck-migrate-broken-'));
    scratch.push(broken);
    cpSync(dataDir, broken, { recursive: true });
    const db = openDatabase(broken);
    db.pragma('foreign_keys = OFF');
    // A click of a link that no longer exists: SQLite let it in with its checks off, PostgreSQL's foreign key refuses it.
    db.prepare("INSERT INTO clicks (link_id, at, visitor) VALUES (9999, 0, 'ghost')").run();
    db.close();
    const url = await cluster.createDatabase();
    const out = await cli(['migrate', '--data', broken, '--to', url]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^Copying clicks failed after \d+ rows \(.*foreign key.*\)\. Nothing was copied: the target was left empty\.\n$/);
    const pool = new pg.Pool({ connectionString: url });
    try {
      const counts = await pool.query<{ n: number }>(TABLE_ORDER.map((t) => `SELECT count(*)::int AS n FROM "${t}"`).join(' UNION ALL '));
      expect(counts.rows.every((r) => r.n === 0)).toBe(true);
    } finally {
      await pool.end();
    }
    // So it can simply run again once the row is dealt with.
  });

  it('refuses while a service runs on the folder, before touching the target', { timeout: 120_000 }, async () => {
    const running = await startTestService();
    try {
      const url = await cluster.createDatabase();
      const out = await cli(['migrate', '--data', running.dataDir, '--to', url]);
      expect(out.code).toBe(2);
      expect(out.stderr).toBe(
        `A Linkdeck service is running on ${resolve(running.dataDir)}: stop it first (for example systemctl stop linkdeck-service, or docker compose stop). A copy made meanwhile would miss the clicks written after it. Nothing was copied.\n`,
      );
      const pool = new pg.Pool({ connectionString: url });
      try {
        expect((await pool.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")).rows[0]).toEqual({ n: 0 });
      } finally {
        await pool.end();
      }
    } finally {
      await running.close();
    }
  });

  it('says what is wrong with the command: no --to, or a --to that is not PostgreSQL', async () => {
    const none = await cli(['migrate', '--data', dataDir]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^--to <postgres:\/\/…> is required: the empty PostgreSQL database to copy into\./);
    const file = await cli(['migrate', '--data', dataDir, '--to', '/tmp/copy.db']);
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/^--to takes a PostgreSQL URL \(postgres:\/\/user@host:5432\/linkdeck\), not "\/tmp\/copy\.db"\./);
  });
});
