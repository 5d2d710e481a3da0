import { join } from 'node:path';
import { privateDatabaseFile, privateDir } from '../../service/private-files.js';
import { systemClock } from '../scheduler/clock.js';
import { createMirror, type Mirror, type MirrorClock } from './mirror.js';
import { migrate } from './schema.js';
import { openSqlite, type Sql } from './sqlite.js';

/** The file, in the profile's data dir, that holds its mirror, sync state and outbox. */
export const PROFILE_DATA_FILE = 'linkdeck-mirror.db';

export interface ProfileData {
  /** The connection the mirror and the outbox share (one file: one transaction for both). */
  readonly sql: Sql;
  readonly mirror: Mirror;
  readonly file: string;
  /** Closes the file. Stop the sync and the outbox first. */
  close(): void;
}

export interface ProfileDataOptions {
  clock?: MirrorClock;
  /** The profile's base URL (its host is the host of short links without a branded domain). */
  baseUrl?: string;
}

/**
 * Opens (creating if needed) a profile's data file in its data dir (`accounts.dataDirFor(id)`)
 * and brings its schema up to date.
 */
export function openProfileData(dir: string, options: ProfileDataOptions = {}): ProfileData {
  privateDir(dir);
  const file = join(dir, PROFILE_DATA_FILE);
  privateDatabaseFile(file);
  const sql = openSqlite(file);
  try {
    migrate(sql);
  } catch (error) {
    sql.close();
    throw error;
  }
  const mirror = createMirror(sql, options.clock ?? systemClock, {
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
  });
  let closed = false;
  return {
    sql,
    mirror,
    file,
    close() {
      if (closed) return;
      closed = true;
      mirror.dispose();
      sql.close();
    },
  };
}
