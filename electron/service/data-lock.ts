/**
 * "A service runs on this data folder", known from a lock the running service holds, not from a
 * pid file: the service keeps an exclusive SQLite lock on linkdeck-service.lock for as long as it
 * runs, and the operating system drops it when the process ends however it ends (kill -9, a
 * crash, a container stopped). So nothing goes stale, and it works across containers that share
 * the folder, where process ids mean nothing.
 *
 * Used to refuse a second service on the same folder and a restore under a running service.
 */
import Database from 'libsql';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { folderOwner, giveTo, privateDatabaseFile, privateDir } from './private-files.js';

export const LOCK_FILE = 'linkdeck-service.lock';

export interface DataLock {
  release(): void;
}

const isBusy = (error: unknown) => /SQLITE_BUSY|database is locked/i.test(`${(error as { code?: string }).code ?? ''} ${(error as Error).message}`);

/** Takes the folder's lock, or answers null when a running service (or a restore) holds it. */
export function takeDataLock(dataDir: string): DataLock | null {
  privateDir(dataDir);
  const file = join(dataDir, LOCK_FILE);
  privateDatabaseFile(file);
  // Made by root on the service user's folder (a restore), the lock must stay the user's to take.
  giveTo(folderOwner(dataDir), [file]);
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 0');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (isBusy(error)) return null;
    throw error;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

/** Whether a service runs on `dataDir` now (its lock is held). */
export function serviceRunsOn(dataDir: string): boolean {
  if (!existsSync(join(dataDir, LOCK_FILE))) return false;
  const lock = takeDataLock(dataDir);
  lock?.release();
  return lock === null;
}

export function runningServiceMessage(dataDir: string): string {
  return `A Linkdeck service is running on ${dataDir}: stop it first (for example systemctl stop linkdeck-service, or docker compose stop).`;
}
