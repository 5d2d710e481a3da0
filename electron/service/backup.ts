import Database from 'libsql';
import { accessSync, chmodSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ApiError } from './errors.js';
import { DB_FILE, openDatabase } from './db.js';
import { folderOwner, giveTo } from './private-files.js';
import { redactedUrl } from './database/postgres.js';

/**
 * A consistent copy of the service's database while it runs: SQLite's `VACUUM INTO` reads one
 * snapshot (in WAL mode the running service keeps writing meanwhile) and writes a compact file
 * that opens on its own, without a -wal. The copy holds key hashes and click rows: it is made
 * 0600 (and, made by root, given to the data folder's owner), and checked (quick_check) before
 * it is reported as made.
 */
export function backupDatabase(dataDir: string, to: string): { file: string; bytes: number } {
  // Opening a folder without one would make a new, empty database and back that up.
  if (!hasDatabase(dataDir)) {
    throw new ApiError(400, `There is no service database in ${resolve(dataDir)} (no ${DB_FILE}): check --data. Nothing was written.`);
  }
  const file = resolve(to);
  if (existsSync(file)) throw new ApiError(400, `${file} already exists: choose a new file name, as a backup never overwrites one.`);
  if (!existsSync(dirname(file))) throw new ApiError(400, `The folder ${dirname(file)} does not exist.`);
  try {
    accessSync(dirname(file), constants.W_OK);
  } catch {
    throw new ApiError(400, `This user cannot write in ${dirname(file)}: give --to a file in a folder it can write, or run the backup as that folder's owner.`);
  }
  const db = openDatabase(dataDir);
  try {
    db.prepare('VACUUM INTO ?').run(file);
  } finally {
    db.close();
  }
  if (process.platform !== 'win32') chmodSync(file, 0o600);
  // Made by root (a cron job) from the service user's folder: the user can restore it as itself.
  giveTo(folderOwner(dataDir), [file]);
  const copy = new Database(file, { readonly: true });
  try {
    const row = copy.prepare('PRAGMA quick_check').get() as Record<string, unknown> | undefined;
    const verdict = row ? Object.values(row)[0] : undefined;
    if (verdict !== 'ok') throw new ApiError(500, `The backup ${file} did not pass SQLite's check (${String(verdict)}).`);
  } finally {
    copy.close();
  }
  return { file, bytes: statSync(file).size };
}

/** Whether `dataDir` holds a service database (a non-empty file: an empty one is a new database). */
export function hasDatabase(dataDir: string): boolean {
  const file = join(dataDir, DB_FILE);
  return existsSync(file) && statSync(file).size > 0;
}

/**
 * `backup` on PostgreSQL: refused, with the commands that do it. PostgreSQL's own pg_dump reads
 * one consistent snapshot while every node keeps running, and its custom format restores with
 * pg_restore, in parallel and selectively; a copy written by the service itself would be worse at
 * both. The command carries the URL without its password, so it runs as printed: pg_dump reads the
 * password from PGPASSWORD or ~/.pgpass, or asks for it.
 */
export function postgresBackupAdvice(url: string, to?: string): string {
  const file = to ?? `linkdeck-${new Date().toISOString().slice(0, 10)}.dump`;
  return [
    `backup copies the SQLite database of --data; this service keeps its data in PostgreSQL (${redactedUrl(url)}), which PostgreSQL's own pg_dump backs up consistently while every node runs:`,
    `  pg_dump --format=custom --file=${shellWord(file)} --dbname=${shellWord(withoutPassword(url))}`,
    'To put it back later (every node stopped), see "restore": pg_restore does it. Nothing was written.',
  ].join('\n');
}

/** A word the shell passes as it is (quoted when it holds anything but safe characters). */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The URL with its password left out (kept out of terminals and shell histories). */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, '@');
  }
}
