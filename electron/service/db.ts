import Database from 'libsql';
import { join } from 'node:path';
import { migrateSqlite, NewerSchemaError } from './database/migrate.js';
import { DataFolderError, folderOwner, giveTo, privateDatabaseFile, privateDir } from './private-files.js';

export type Db = InstanceType<typeof Database>;

export const DB_FILE = 'linkdeck-service.db';

/**
 * Opens (creating if needed) the service's SQLite file in dataDir and brings its schema up to
 * date. WAL lets redirects read while a click batch commits; synchronous=NORMAL is safe in WAL
 * (a power cut can lose the last transactions, never corrupt the file) and more than doubles
 * the click insert rate.
 */
export function openDatabase(dataDir: string): Db {
  privateDir(dataDir);
  const file = join(dataDir, DB_FILE);
  privateDatabaseFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    // Into the main file at once: a migration that rewrote secrets (hashing clear API keys)
    // must not leave the old pages there until some later checkpoint.
    if (migrateSqlite(db, dataDir)) db.pragma('wal_checkpoint(TRUNCATE)');
  } catch (error) {
    db.close();
    throw error instanceof NewerSchemaError ? new DataFolderError(error.message) : error;
  }
  // Run as root on the service user's folder (restore, user add, …): the files stay the user's.
  giveTo(folderOwner(dataDir), [file, `${file}-wal`, `${file}-shm`]);
  return db;
}
