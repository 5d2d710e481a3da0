import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'libsql';
import type { MirrorLinkPage, MirrorLinkQuery } from '../shared/models.js';
import { serviceDate } from '../backend/mirror/dates.js';
import { queryLinks } from '../backend/mirror/link-query.js';
import { MIGRATIONS } from '../backend/mirror/schema.js';
import { Sql } from '../backend/mirror/sqlite.js';
import { readState } from '../backend/mirror/sync-state.js';
import { commandLineAddress } from '../backend/command-line/address.js';
import { collectPages } from './link-query-options.js';

/*
 * The quick way for `find` and `list` while the app is not running: the profile's mirror opened
 * read-only and asked the links view's own SQL (link-query.ts: FTS5 for words, the sort's index
 * for the order), without opening the backend, the keychain, the sync or the in-memory index.
 * Reading is not writing: the data folder is not claimed (a reader never disturbs the writer).
 * Anything unusual (no profiles file, an older mirror needing a migration) → null, and the
 * command takes the full path (session.ts), which migrates under the claim.
 */

/** The parts of profiles.json this read needs (the backend's reader validates it whole). */
interface ProfilesFile {
  currentProfileId: string | null;
  profiles: { id: string; name: string; baseUrl: string }[];
}

export interface DirectPage {
  page: MirrorLinkPage;
  profileName: string;
}

/** Whether something answers on the data folder's socket (the app, or a command working on its own). */
export function ownerAnswers(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(commandLineAddress(dataDir).path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface NamedFilters {
  channel?: string;
  campaign?: string;
}

/** The page, or null when this quick read cannot answer (the caller opens a session). */
export async function readLinksDirect(
  dataDir: string,
  profileWanted: string | undefined,
  query: MirrorLinkQuery,
  named: NamedFilters,
  want: number | null,
): Promise<DirectPage | null> {
  let file: ProfilesFile;
  try {
    file = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as ProfilesFile;
  } catch {
    return null;
  }
  if (!Array.isArray(file.profiles)) return null;
  const wanted = profileWanted?.trim().toLowerCase();
  const profile =
    wanted === undefined
      ? file.profiles.find((p) => p.id === file.currentProfileId)
      : (file.profiles.find((p) => p.id === wanted) ??
        file.profiles.find((p) => p.name.toLowerCase() === wanted));
  if (!profile || !/^[a-f0-9]{8,64}$/.test(profile.id)) return null;
  let sql: Sql;
  try {
    sql = new Sql(
      new Database(join(dataDir, 'profiles', profile.id, 'linkdeck-mirror.db'), {
        readonly: true,
        fileMustExist: true,
      }),
    );
  } catch {
    return null;
  }
  try {
    if (
      Number(sql.get<{ user_version: number }>('PRAGMA user_version')?.user_version) !==
      MIGRATIONS.length
    )
      return null;
    const filters = { ...query.filters };
    for (const [field, table] of [
      ['channel', 'channels'],
      ['campaign', 'campaigns'],
    ] as const) {
      const name = named[field];
      if (name === undefined) continue;
      if (name.trim().toLowerCase() === 'none') {
        filters[field] = 'none';
        continue;
      }
      const row = sql.get<{ id: number }>(
        `SELECT id FROM ${table} WHERE id = ? OR lower(name) = lower(?) ORDER BY id = ? DESC LIMIT 1`,
        [Number(name) || -1, name.trim(), Number(name) || -1],
      );
      // Unknown name: the session's lookup says so in words, with the names there are.
      if (!row) return null;
      filters[field] = row.id;
    }
    const now = serviceDate(Date.now());
    const syncedAt = readState<number>(sql, 'synced:links') ?? null;
    const page = await collectPages(
      (q) => ({ ...queryLinks(sql, q, now), source: 'mirror', syncedAt }),
      { ...query, filters },
      want,
    );
    return { page, profileName: profile.name };
  } finally {
    sql.db.close();
  }
}
