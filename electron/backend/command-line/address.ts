import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Where the app listens for `linkdeck` commands on a data folder, and where it keeps the
 * connection token. One address per data folder: the same folder always gives the same address,
 * so "is Linkdeck running on this folder?" is "does something answer there?".
 *
 * - Unix: a socket in the data folder (the folder is 0700, the socket is made 0600), so only the
 *   same user can connect. A socket path has a length limit (104 bytes on macOS, 108 on Linux):
 *   for a data folder that deep it goes into a 0700 folder of the user's own under the temp dir,
 *   named by a hash of the data folder.
 * - Windows: a named pipe named by a hash of the data folder and the user name. Node (libuv)
 *   creates it with the default security descriptor: full control for the creator, SYSTEM and
 *   Administrators, read-only for everyone else, so another user cannot send a request; the
 *   token file (in the user's profile folder, which its ACL keeps to them) is checked as well.
 *   Sources: Microsoft's "Named Pipe Security and Access Rights" (the default descriptor), and
 *   libuv's win/pipe.c, whose bind calls CreateNamedPipeW with NULL security attributes unless
 *   listen() asks for readableAll/writableAll, which we never do. Read, not tried on Windows here.
 */
export interface CommandLineAddress {
  /** What net.Server#listen and net.connect take. */
  path: string;
  /** A random token, rewritten by each owner; every request carries it. */
  tokenFile: string;
  /** The folder the socket lives in (made 0700), on Unix. */
  dir: string | null;
}

export const SOCKET_NAME = 'linkdeck-cli.sock';
export const TOKEN_NAME = 'linkdeck-cli.token';
/** The shorter of the two platform limits, less a margin for the terminating NUL. */
const MAX_SOCKET_PATH = 100;

export function commandLineAddress(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
): CommandLineAddress {
  const dir = resolve(dataDir);
  const tokenFile = join(dir, TOKEN_NAME);
  const hash = createHash('sha256').update(dir).digest('hex').slice(0, 24);
  if (platform === 'win32') {
    const user = safeUser();
    return { path: `\\\\.\\pipe\\linkdeck-${user}-${hash}`, tokenFile, dir: null };
  }
  const inDir = join(dir, SOCKET_NAME);
  if (Buffer.byteLength(inDir) <= MAX_SOCKET_PATH) return { path: inDir, tokenFile, dir };
  const uid = process.getuid?.() ?? 0;
  const short = join(tmpdir(), `linkdeck-${uid}`);
  return { path: join(short, `${hash}.sock`), tokenFile, dir: short };
}

function safeUser(): string {
  try {
    return userInfo()
      .username.replace(/[^A-Za-z0-9_.-]/g, '_')
      .slice(0, 40);
  } catch {
    return 'user';
  }
}

/** Reads the owner's token (every request carries it); null while there is none yet. */
export function readToken(address: CommandLineAddress): string | null {
  try {
    return readFileSync(address.tokenFile, 'utf8').trim() || null;
  } catch {
    return null;
  }
}
