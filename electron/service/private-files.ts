import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

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

function narrow(path: string, mode: number, what: string): void {
  const current = statSync(path).mode & 0o777;
  if ((current & ~mode) === 0) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    const octal = (m: number) => m.toString(8).padStart(4, '0');
    throw new Error(
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
