/**
 * `migrate --to postgres://… --data <dir>`: copies a SQLite service's database into an empty
 * PostgreSQL database, exactly: every table of the migration history (users with their key
 * hashes, links, clicks, channels, campaigns, domains, pixels, QR codes, splash and overlay
 * pages, settings such as the visitor salt, idempotency records), every row with its id, so
 * that API keys, short URLs, statistics and clients' mirrors (which know links by id) carry on.
 *
 * Refused while a service runs on the folder (its data lock), and into a database that holds
 * anything: rows in the service's tables, or tables that are not the service's. The copy is one
 * PostgreSQL transaction: it commits whole or leaves the target as it was (its schema made, no
 * rows), so running it again after a failure is safe. Big tables (clicks) are read row by row
 * from SQLite and written in multi-row INSERTs, so memory stays flat whatever their size.
 * Identity sequences are then set past the highest id SQLite ever gave (sqlite_sequence keeps
 * the ids of deleted rows, which are never reused), so the next link gets a new id.
 */
import pg from 'pg';
import { resolve } from 'node:path';
import { hasDatabase } from './backup.js';
import { runningServiceMessage, takeDataLock } from './data-lock.js';
import { openDatabase, type Db } from './db.js';
import { ApiError } from './errors.js';
import { migratePostgres } from './database/migrate.js';
import { createPool, redactedUrl } from './database/postgres.js';
import { TABLE_ORDER } from './database/tables.js';

export interface CopiedTable {
  table: string;
  rows: number;
}

/** Parameters per INSERT stay well below PostgreSQL's 65,535; rows per INSERT at most this. */
const MAX_ROWS_PER_INSERT = 1000;
const MAX_PARAMETERS = 30_000;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rows the target's engine makes itself when their parent row is copied: a link's counter
 * (link_counts, made at 0 by a trigger on links, migrations.ts entry 7). The copied row takes
 * its place, with the source's count.
 */
const MADE_WITH_PARENT: Partial<Record<string, string>> = {
  link_counts: ' ON CONFLICT (link_id) DO UPDATE SET user_id = EXCLUDED.user_id, clicks = EXCLUDED.clicks',
};

export async function migrateToPostgres(dataDir: string, url: string, onTable?: (copied: CopiedTable) => void): Promise<CopiedTable[]> {
  const where = resolve(dataDir);
  if (!hasDatabase(dataDir)) throw new ApiError(400, `There is no service database in ${where}: check --data. Nothing was copied.`);
  const lock = takeDataLock(dataDir);
  if (!lock) throw new ApiError(409, `${runningServiceMessage(where)} A copy made meanwhile would miss the clicks written after it. Nothing was copied.`);
  const db = openDatabase(dataDir); // brings the file up to this build's schema, as PostgreSQL's will be
  const pool = createPool(url, { max: 1 });
  const target = redactedUrl(url);
  try {
    await refuseForeignTables(pool, target);
    await migratePostgres(pool, target);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await refuseRows(client, target);
      const copied: CopiedTable[] = [];
      // One snapshot of the SQLite file for the whole copy.
      db.exec('BEGIN');
      try {
        for (const table of tablesOf(db)) {
          const rows = await copyTable(db, client, table);
          await setSequence(db, client, table);
          copied.push({ table, rows });
          onTable?.({ table, rows });
        }
      } finally {
        db.exec('COMMIT');
      }
      await client.query('COMMIT');
      return copied;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
    db.close();
    lock.release();
  }
}

/** The file's tables in copy order (parents first); a table this build does not know is refused, not skipped. */
function tablesOf(db: Db): string[] {
  const present = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck(true).all() as string[]).filter(
    (name) => !name.includes('_fts'), // full-text index tables, if a build makes them: derived, not data
  );
  const known = new Set<string>(TABLE_ORDER);
  const unknown = present.filter((t) => !known.has(t));
  if (unknown.length > 0) throw new ApiError(400, `The database has tables this Linkdeck does not know (${unknown.join(', ')}): update it first. Nothing was copied.`);
  return TABLE_ORDER.filter((t) => present.includes(t));
}

async function refuseForeignTables(pool: pg.Pool, target: string): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name <> 'linkdeck_schema' AND NOT (table_name = ANY($1)) ORDER BY 1`,
    [TABLE_ORDER as readonly string[]],
  );
  if (rows.length > 0) {
    throw new ApiError(
      400,
      `${target} is not empty: it holds tables that are not Linkdeck's (${rows.map((r) => r.name).join(', ')}). Copy into a new database (createdb linkdeck). Nothing was copied.`,
    );
  }
}

async function refuseRows(client: pg.PoolClient, target: string): Promise<void> {
  const counts = TABLE_ORDER.map((t) => `SELECT '${t}' AS name, count(*)::int AS n FROM ${ident(t)}`).join(' UNION ALL ');
  const { rows } = await client.query<{ name: string; n: number }>(counts);
  const filled = rows.filter((r) => r.n > 0);
  if (filled.length > 0) {
    throw new ApiError(
      400,
      `${target} is not empty (${filled.map((r) => `${r.name}: ${r.n}`).join(', ')}): migrate copies into an empty database only, so nothing there is overwritten or mixed. Use a new database (createdb linkdeck). Nothing was copied.`,
    );
  }
}

async function copyTable(db: Db, client: pg.PoolClient, table: string): Promise<number> {
  const columns = (db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck(true).all(table) as string[]);
  const { rows: pgColumns } = await client.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [table],
  );
  const theirs = new Set(pgColumns.map((c) => c.name));
  const missing = columns.filter((c) => !theirs.has(c));
  if (missing.length > 0) throw new ApiError(500, `PostgreSQL's ${table} has no column ${missing.join(', ')}: the two schemas differ. Nothing was copied.`);
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns.length)));
  const head = `INSERT INTO ${ident(table)} (${columns.map(ident).join(', ')}) VALUES `;
  const tail = MADE_WITH_PARENT[table] ?? '';
  let batch: unknown[][] = [];
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const values: unknown[] = [];
    const tuples = batch.map((row) => `(${row.map((v) => (values.push(v), `$${values.length}`)).join(', ')})`);
    try {
      await client.query(head + tuples.join(', ') + tail, values);
    } catch (error) {
      throw new ApiError(500, `Copying ${table} failed after ${total} rows (${(error as Error).message}). Nothing was copied: the target was left empty.`);
    }
    total += batch.length;
    batch = [];
  };
  // Row by row from SQLite (a statement's iterator): a million clicks never sit in memory at once.
  const select = db.prepare(`SELECT ${columns.map(ident).join(', ')} FROM ${ident(table)} ORDER BY rowid`).raw(true);
  for (const row of select.iterate() as IterableIterator<unknown[]>) {
    batch.push(row);
    if (batch.length >= perInsert) await flush();
  }
  await flush();
  return total;
}

/** Past the highest id SQLite ever gave in `table` (its identity column; none for link_pixels, settings, …). */
async function setSequence(db: Db, client: pg.PoolClient, table: string): Promise<void> {
  const { rows } = await client.query<{ seq: string | null }>(
    `SELECT pg_get_serial_sequence($1, 'id') AS seq FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'id'`,
    [table],
  );
  const sequence = rows[0]?.seq;
  if (!sequence) return;
  // (libsql's pluck applies to all(), not get(): the rows are read as objects.)
  const highest = (db.prepare(`SELECT max(id) AS n FROM ${ident(table)}`).get() as { n: number | null }).n;
  const hasSequences = db.prepare("SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined;
  const everGiven = hasSequences ? ((db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(table) as { seq: number } | undefined)?.seq ?? 0) : 0;
  const last = Math.max(highest ?? 0, everGiven);
  if (last > 0) await client.query('SELECT setval($1, $2, true)', [sequence, last]);
}
