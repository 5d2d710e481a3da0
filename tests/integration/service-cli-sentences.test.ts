import Database from 'libsql';
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../electron/service/db.js';
import { makeOtherUser, runAs, SKIP_OTHER_USER, stopOtherUsersProcesses, type OtherUser } from './support/other-user.js';
import { API_KEY_LINE, BASE_URL_LINE, buildBundle, runService, runToEnd, stopAll } from './support/service-process.js';

/*
 * The bundled command line's failures as a self-hoster meets them (issue 41, items 4 and 5):
 * one sentence on stderr naming the flag or the command that fixes it, exit code 2; and a first
 * start that fails on a taken port leaves no user behind, so the next start prints the key.
 */

let cli: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdeck-sentences-'));
  dirs.push(dir);
  return dir;
};
const blockers: Server[] = [];
/** A port another program holds. */
async function takenPort(): Promise<number> {
  const blocker = createServer();
  blockers.push(blocker);
  await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
  return (blocker.address() as { port: number }).port;
}

beforeAll(() => {
  cli = buildBundle('service-cli-sentences');
});
afterEach(() => {
  stopAll();
  stopOtherUsersProcesses();
});
afterAll(() => {
  for (const blocker of blockers) blocker.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The first line of stderr, the code 2, nothing on stdout. */
async function refused(args: string[]) {
  const result = await runToEnd(cli, args);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toEqual([]);
  return result.stderr.split('\n')[0] as string;
}

describe('a first start that fails keeps no user back (item 4)', () => {
  it('with the port taken: a sentence naming --port, no user made; the next start makes the first user and prints its key', { timeout: 90_000 }, async () => {
    const dataDir = tempDir();
    const port = await takenPort();
    expect(await refused(['--port', String(port), '--data', dataDir])).toBe(`127.0.0.1:${port} is already in use by another program: choose another port with --port.`);
    const keys = await runToEnd(cli, ['keys', '--data', dataDir]);
    expect(keys.code, keys.stderr).toBe(0);
    expect(keys.stdout).toEqual([]);

    const service = runService(cli, ['--port', '0', '--data', dataDir]);
    await service.line(BASE_URL_LINE);
    await service.line(API_KEY_LINE);
    service.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
  });

  it('with the metrics port taken: the sentence names --metrics-listen, and no user is made', { timeout: 90_000 }, async () => {
    const dataDir = tempDir();
    const port = await takenPort();
    expect(await refused(['--port', '0', '--data', dataDir, '--metrics-listen', `127.0.0.1:${port}`])).toBe(
      `127.0.0.1:${port} (--metrics-listen) is already in use by another program: choose another address with --metrics-listen.`,
    );
    expect((await runToEnd(cli, ['keys', '--data', dataDir])).stdout).toEqual([]);
  });
});

describe('usage mistakes are sentences (item 5)', () => {
  it('an unknown flag, a flag without its value, a switch given a value', { timeout: 90_000 }, async () => {
    const dataDir = tempDir();
    expect(await refused(['--data', dataDir, '--bogus'])).toBe('--bogus is not a flag of the link service: the flags it knows are listed below.');
    expect(await refused(['--data', dataDir, '--port'])).toBe('--port needs a value: --port <port>.');
    expect(await refused(['--data', dataDir, '--metrics=yes'])).toBe('--metrics takes no value: give it alone to switch it on.');
  });

  it('a database made by a newer Linkdeck is refused with a sentence, and left as it was', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    expect((await runToEnd(cli, ['user', 'add', '--data', dataDir, '--email', 'ana@example.com'])).code).toBe(0);
    const db = new Database(join(dataDir, DB_FILE));
    db.pragma('user_version = 9999');
    db.close();
    expect(await refused(['--port', '0', '--data', dataDir])).toMatch(
      /^The database in .* was made by a newer Linkdeck \(schema 9999; this one knows up to \d+\): run that version again, or restore the backup made before the upgrade\.$/,
    );
    const after = new Database(join(dataDir, DB_FILE), { readonly: true });
    // libsql answers the pragma as a number or as a row, depending on its version.
    const row = after.pragma('user_version', { simple: true }) as { user_version?: number } | number;
    expect(typeof row === 'number' ? row : row.user_version).toBe(9999);
    after.close();
  });

  it('"restore" counts in words: 1 link, 1 user', { timeout: 90_000 }, async () => {
    const dataDir = tempDir();
    const made = await runToEnd(cli, ['user', 'add', '--data', dataDir, '--email', 'ana@example.com']);
    expect(made.code, made.stderr).toBe(0);
    const backup = join(tempDir(), 'one.db');
    expect((await runToEnd(cli, ['backup', '--data', dataDir, '--to', backup])).code).toBe(0);
    const restored = await runToEnd(cli, ['restore', '--from', backup, '--data', tempDir()]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout[0]).toMatch(/: 0 links, 1 user\.$/);
  });
});

if (SKIP_OTHER_USER) console.warn(`[service-cli-sentences] the folder-permission cases are skipped: ${SKIP_OTHER_USER}.`);

describe('a data folder this user cannot use (item 5)', () => {
  let user: OtherUser;
  let top: string;
  beforeAll(() => {
    if (SKIP_OTHER_USER) return;
    user = makeOtherUser('ldk-folder');
    top = tempDir();
    chmodSync(top, 0o755);
  });
  afterAll(() => user?.remove());

  it.skipIf(SKIP_OTHER_USER !== null)("a folder root owns (a container's volume): the advice is chown to the service's user, not chmod", { timeout: 60_000 }, async () => {
    const dataDir = join(top, 'root-owned');
    mkdirSync(dataDir, { mode: 0o755 });
    const run = runAs(user, cli, ['keys', '--data', dataDir]);
    expect((await run.exited).code, run.stderr()).toBe(2);
    expect(run.stderr().trim()).toBe(
      `The data folder ${dataDir} belongs to another user (uid 0), not to the user this runs as (uid ${user.uid}), so its mode (0755) cannot be narrowed to 0700. ` +
        `Give it to this user (chown -R ${user.uid}:${user.gid} "${dataDir}") or choose another folder.`,
    );
  });

  it.skipIf(SKIP_OTHER_USER !== null)('a database file root made in the user\'s folder: a sentence with the chown, exit 2', { timeout: 60_000 }, async () => {
    const source = tempDir();
    expect((await runToEnd(cli, ['user', 'add', '--data', source, '--email', 'ana@example.com'])).code).toBe(0);
    const dataDir = join(top, 'user-owned');
    mkdirSync(dataDir, { mode: 0o700 });
    chownSync(dataDir, user.uid, user.gid);
    // As a restore did before issue 41: root's file, 0600, in the user's folder.
    copyFileSync(join(source, DB_FILE), join(dataDir, DB_FILE));
    chmodSync(join(dataDir, DB_FILE), 0o600);
    const run = runAs(user, cli, ['--port', '0', '--data', dataDir]);
    expect((await run.exited).code, run.stderr()).toBe(2);
    expect(run.stderr().trim()).toBe(
      `The data folder ${dataDir} or a file in it cannot be written by this user (uid ${user.uid}). ` +
        `Give the folder and its files to this user (chown -R ${user.uid}:${user.gid} "${dataDir}"), or choose another folder with --data.`,
    );
  });
});
