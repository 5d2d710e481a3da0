/**
 * What the command line says when a command fails for a reason outside the command itself: the
 * data folder this user cannot write, a port another program holds. One sentence each, naming
 * the flag or the command that fixes it (issue 41): never the bare EACCES, "attempt to write a
 * readonly database" or Node's EADDRINUSE text.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';

interface SystemError {
  code?: string;
  message?: string;
  path?: string;
  address?: string;
  port?: number;
  /** Which listener failed (start.ts tags it): the service's port or the metrics one. */
  listener?: 'service' | 'metrics';
}

/** A sentence for a port already taken, naming the flag that chose it; null for other errors. */
export function portInUse(error: unknown): string | null {
  const e = error as SystemError;
  if (e.code !== 'EADDRINUSE') return null;
  const where = e.address && e.port !== undefined ? `${e.address.includes(':') ? `[${e.address}]` : e.address}:${e.port}` : 'That port';
  return e.listener === 'metrics'
    ? `${where} (--metrics-listen) is already in use by another program: choose another address with --metrics-listen.`
    : `${where} is already in use by another program: choose another port with --port.`;
}

/**
 * A sentence for a data folder this user cannot write (permissions, a read-only mount, files
 * another user made), or null for other errors.
 */
export function unwritableFolder(error: unknown, dataDir: string): string | null {
  const e = error as SystemError;
  const dir = resolve(dataDir);
  const text = `${e.code ?? ''} ${e.message ?? ''}`;
  const inFolder = !e.path || resolve(e.path) === dir || resolve(e.path).startsWith(dir + sep);
  const denied = ['EACCES', 'EPERM', 'EROFS'].includes(e.code ?? '') && inFolder;
  const sqlite = /readonly database|unable to open (the )?(database|connection)|SQLITE_(READONLY|CANTOPEN)/i.test(text);
  if (!denied && !sqlite) return null;
  const me = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const group = typeof process.getgid === 'function' ? process.getgid() : undefined;
  const owner = existsSync(dir) ? statSync(dir).uid : undefined;
  const readOnly = e.code === 'EROFS' ? ' (it is on a read-only file system)' : '';
  const chown = `chown -R ${me}:${group} "${dir}"`;
  const fixes =
    me === undefined
      ? 'Choose a folder this user can write with --data.'
      : owner !== undefined && owner !== me
        ? `Run the command as the folder's owner (uid ${owner}: sudo -u '#${owner}' …), give the folder to this user (${chown}), or choose another folder with --data.`
        : `Give the folder and its files to this user (${chown}), or choose another folder with --data.`;
  return `The data folder ${dir} or a file in it cannot be written by this user${me === undefined ? '' : ` (uid ${me})`}${readOnly}. ${fixes}`;
}

/** "1 link", "2 links": English plurals through Intl, the service's messages being English. */
export function count(n: number, one: string, other: string): string {
  return `${n.toLocaleString('en-US')} ${new Intl.PluralRules('en-US').select(n) === 'one' ? one : other}`;
}
