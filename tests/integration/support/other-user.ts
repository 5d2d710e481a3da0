import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

/*
 * A second, non-root user for the tests of what happens between root and the service's own user
 * (a restore run as root, a folder the service cannot write): a throwaway system user, made with
 * useradd and removed with userdel. Only root can make one: SKIP_OTHER_USER says why not.
 */

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasTools = ['useradd', 'userdel', 'setpriv'].every((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0);

export const SKIP_OTHER_USER = !isRoot
  ? 'not running as root: making a second user (and acting as root on its folder) needs root'
  : !hasTools
    ? 'useradd, userdel or setpriv is missing (apt-get install passwd util-linux)'
    : null;

export interface OtherUser {
  name: string;
  uid: number;
  gid: number;
  remove(): void;
}

export function makeOtherUser(prefix: string): OtherUser {
  const name = `${prefix}-${process.pid}`;
  const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', '--user-group', name], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`useradd ${name} failed: ${made.stderr}`);
  const id = (flag: string) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  return { name, uid: id('-u'), gid: id('-g'), remove: () => void spawnSync('userdel', [name]) };
}

const children = new Set<ReturnType<typeof spawn>>();

/** Kills what a test left running (call from afterEach). */
export function stopOtherUsersProcesses(): void {
  for (const child of children) child.kill('SIGKILL');
}

/**
 * `node <cli> …args` as `user` (setpriv: no PAM, no shell, no login), with its stdout lines:
 * `line` waits for a printed line, `exited` for the exit (every wait ends on the process).
 */
export function runAs(user: OtherUser, cli: string, args: string[]) {
  const child = spawn('setpriv', ['--reuid', String(user.uid), '--regid', String(user.gid), '--clear-groups', process.execPath, cli, ...args], {
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const lines: string[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      done({ code, signal });
    }),
  );
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (text) => lines.push(text));
  const line = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((found, failed) => {
      const check = () => {
        for (const text of lines) {
          const m = pattern.exec(text);
          if (m) return void found(m);
        }
      };
      check();
      reader.on('line', check);
      void exited.then(({ code }) => failed(new Error(`the service exited (code ${code}) before printing ${pattern}; stdout: ${JSON.stringify(lines)}; stderr: ${stderr}`)));
    });
  return { line, lines, exited, stderr: () => stderr, kill: (signal: NodeJS.Signals) => child.kill(signal) };
}
