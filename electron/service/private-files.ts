import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/**
 * Data folders 0700 and data files 0600: the databases and settings files hold the user's
 * links, password hashes, key hashes and profile names, which other accounts on the machine
 * must not read. A folder or file that already existed with a wider mode is narrowed; when
 * that is not allowed (someone else owns it) the app refuses to use it and says why.
 *
 * Skipped on Windows: it has no mode bits (chmod only toggles read-only); a user's data lives
 * under their profile folder, which its access-control list already keeps to them.
 */

const skip = (platform: NodeJS.Platform) => platform === 'win32';

/** A data folder or file this user may not use as it is; the message says what to do. */
export class DataFolderError extends Error {}

function narrow(path: string, mode: number, what: string): void {
  const current = statSync(path).mode & 0o777;
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    const octal = (m: number) => m.toString(8).padStart(4, '0');
    const owner = statSync(path).uid;
    const me = typeof process.getuid === 'function' ? process.getuid() : owner;
    if (owner !== me) {
      // Only the owner (or root) may change the mode: the fix is the owner, not chmod (in the
      // container image the service runs as uid 1000 on a volume or bind mount root made).
      const gid = typeof process.getgid === 'function' ? process.getgid() : 0;
      throw new DataFolderError(
        `The ${what} ${path} belongs to another user (uid ${owner}), not to the user this runs as (uid ${me}), so its mode (${octal(current)}) cannot be narrowed to ${octal(mode)}. ` +
          `Give it to this user (chown -R ${me}:${gid} "${path}") or choose another folder.`,
        { cause: error },
      );
    }
    throw new DataFolderError(
      `The ${what} ${path} can be read by other users of this computer (mode ${octal(current)}), and its mode could not be changed to ${octal(mode)}: ${(error as Error).message}. ` +
        `Change it yourself (chmod ${mode.toString(8)} "${path}") or choose another folder.`,
      { cause: error },
    );
  }
}

/** Creates `dir` (and its parents) if needed, and makes it 0700 either way. */
export function privateDir(dir: string, platform: NodeJS.Platform = process.platform): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!skip(platform)) narrow(dir, 0o700, 'data folder');
}

/**
 * Makes a SQLite file 0600 before it is opened: creates it empty with that mode when missing
 * (SQLite opens an empty file as a new database, and gives its -wal and -shm files the mode of
 * the database file), and narrows the mode of an existing file and its -wal, -shm and -journal.
 */
export function privateDatabaseFile(file: string, platform: NodeJS.Platform = process.platform): void {
  if (skip(platform)) return;
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(path)) narrow(path, 0o600, 'data file');
  }
}

/**
 * The owner a file made in `dir` must have, when it is not the process's own: run as root
 * (`sudo node cli.js restore …`, a backup from root's cron) on a folder another user owns (the
 * systemd unit's /var/lib/linkdeck, a container's volume), a file root creates there would be
 * root's, 0600, and the service, running as the folder's owner, could no longer open it
 * ("Unable to open connection … 14"). null when nothing needs changing.
 */
export function folderOwner(dir: string): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const { uid, gid } = statSync(dir);
  return uid === 0 ? null : { uid, gid };
}

/** Gives each existing path to `owner` (from folderOwner); nothing when owner is null. */
export function giveTo(owner: { uid: number; gid: number } | null, paths: string[]): void {
  if (!owner) return;
  for (const path of paths) if (existsSync(path)) chownSync(path, owner.uid, owner.gid);
}
