/**
 * `restore --from <file> --data <dir>`: puts a backup in place of the service's database.
 *
 * Refused while a service runs on the folder (data-lock.ts; the restore holds that lock itself
 * meanwhile, so none starts halfway). The file is checked before anything is touched: SQLite's
 * quick_check, a Linkdeck service schema (user_version and its tables), not newer than this
 * build knows. The database it replaces is renamed, with its -wal, to
 * linkdeck-service.db.before-restore-<time> beside it, never deleted; the restored copy is
 * written under a temporary name and renamed into place, then brought up to this build's schema.
 */
import Database from 'libsql';
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hasDatabase, shellWord, withoutPassword } from './backup.js';
import { runningServiceMessage, takeDataLock } from './data-lock.js';
import { DB_FILE, openDatabase } from './db.js';
import { ApiError } from './errors.js';
import { migrations } from './database/migrations.js';
import { redactedUrl } from './database/postgres.js';

export interface Restored {
  links: number;
  users: number;
  /** Where the replaced database was kept (null when the folder had none). */
  kept: string | null;
}

/** Checks that `file` is a sound service database this build can open; answers its schema version. */
export function checkBackupFile(file: string): number {
  if (!existsSync(file) || !statSync(file).isFile()) throw new ApiError(400, `${file} does not exist or is not a file.`);
  let copy: InstanceType<typeof Database>;
  try {
    copy = new Database(file, { readonly: true });
  } catch (error) {
    throw new ApiError(400, `${file} cannot be opened as an SQLite database: ${(error as Error).message}.`);
  }
  try {
    let verdict: unknown;
    try {
      const row = copy.prepare('PRAGMA quick_check').get() as Record<string, unknown> | undefined;
      verdict = row ? Object.values(row)[0] : undefined;
    } catch (error) {
      verdict = (error as Error).message;
    }
    if (verdict !== 'ok') throw new ApiError(400, `${file} did not pass SQLite's check (${String(verdict)}): it was not restored.`);
    // libsql answers the pragma as a number or as a row, depending on its version (as db.ts reads it).
    const row = copy.pragma('user_version', { simple: true }) as { user_version?: number } | number;
    const version = typeof row === 'number' ? row : (row.user_version ?? 0);
    const tables = new Set(copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck(true).all() as string[]);
    if (version === 0 || !tables.has('links') || !tables.has('users')) {
      throw new ApiError(400, `${file} is not a Linkdeck service database (no links and users tables): it was not restored.`);
    }
    if (version > migrations.length) {
      throw new ApiError(
        400,
        `${file} was made by a newer Linkdeck (schema ${version}; this one knows up to ${migrations.length}): update this service first, then restore.`,
      );
    }
    return version;
  } finally {
    copy.close();
  }
}

export function restoreDatabase(dataDir: string, from: string): Restored {
  const source = resolve(from);
  checkBackupFile(source);
  const lock = takeDataLock(dataDir);
  if (!lock) throw new ApiError(409, `${runningServiceMessage(resolve(dataDir))} Nothing was restored.`);
  try {
    const target = join(dataDir, DB_FILE);
    const incoming = `${target}.restoring`;
    rmSync(incoming, { force: true });
    copyFileSync(source, incoming);
    if (process.platform !== 'win32') chmodSync(incoming, 0o600);
    let kept: string | null = null;
    if (hasDatabase(dataDir)) {
      kept = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      // With its -wal (recent writes not yet in the main file) and -shm, under the same new name.
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(target + suffix)) renameSync(target + suffix, kept + suffix);
    } else {
      for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
    }
    renameSync(incoming, target);
    // An older backup gets this build's schema now, not at the next start.
    const db = openDatabase(dataDir);
    try {
      const row = db.prepare('SELECT (SELECT COUNT(*) FROM links) AS links, (SELECT COUNT(*) FROM users) AS users').get() as { links: number; users: number };
      return { links: row.links, users: row.users, kept };
    } finally {
      db.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * `restore` on PostgreSQL: refused, with pg_restore's command for a pg_dump file (backup's
 * advice). --clean --if-exists replaces what the database holds; --single-transaction makes it
 * whole or nothing; --no-owner lets another role own the restored tables.
 */
export function postgresRestoreAdvice(url: string, from?: string): string {
  return [
    `restore puts a SQLite backup into --data; this service keeps its data in PostgreSQL (${redactedUrl(url)}). With every node stopped, restore a pg_dump file with PostgreSQL's own pg_restore:`,
    `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname=${shellWord(withoutPassword(url))} ${shellWord(from ?? 'linkdeck.dump')}`,
    'then start the nodes again. Nothing was restored.',
  ].join('\n');
}
