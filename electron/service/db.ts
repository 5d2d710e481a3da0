import Database from 'libsql';
import { join } from 'node:path';
import { migrations, type Migration } from './migrations.js';
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
    migrate(db, dataDir);
  } catch (error) {
    db.close();
    throw error;
  }
  // Run as root on the service user's folder (restore, user add, …): the files stay the user's.
  giveTo(folderOwner(dataDir), [file, `${file}-wal`, `${file}-shm`]);
  return db;
}

function migrate(db: Db, dataDir: string): void {
  const row = db.pragma('user_version', { simple: true }) as { user_version?: number } | number;
  let version = typeof row === 'number' ? row : (row.user_version ?? 0);
  // Going back after an upgrade: this build does not know the newer tables, so it must not write them.
  if (version > migrations.length) {
    throw new DataFolderError(
      `The database in ${dataDir} was made by a newer Linkdeck (schema ${version}; this one knows up to ${migrations.length}): run that version again, or restore the backup made before the upgrade.`,
    );
  }
  const from = version;
  for (; version < migrations.length; version++) {
    const migration = migrations[version] as Migration;
    db.transaction(() => {
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  // Into the main file now: a migration that rewrote secrets (hashing clear API keys) must
  // not leave the old pages there until some later checkpoint.
  if (version > from) db.pragma('wal_checkpoint(TRUNCATE)');
}
