import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandLineAddress } from '../../electron/backend/command-line/address.js';
import { DataDirBusy } from '../../electron/backend/command-line/app-backend.js';
import { claimForApp } from '../../electron/backend/command-line/app-door.js';
import { RetryElsewhere } from '../../electron/backend/command-line/client.js';
import { claimDataDir, type Door } from '../../electron/backend/command-line/door.js';
import { SHARED_MESSAGES } from '../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../electron/shared/i18n/translate.js';
import { errorRefOf } from '../../electron/shared/keyed-error.js';
import { renderMessage } from '../../electron/shared/message-ref.js';
import { skipBecause } from '../support/skip-reason.js';
import { runCli } from './support/cli-harness.js';

const WINDOWS = process.platform === 'win32';

/**
 * The data folder's door (electron/backend/command-line): one owner per folder, found by
 * everyone else, recovered when its owner died, closed to other users, and the app waiting for
 * a command that works on its own to finish.
 */
describe('the data folder door', () => {
  let dataDir: string;
  const doors: Door[] = [];
  const address = () => commandLineAddress(dataDir);
  const claim = (owner: 'app' | 'cli' = 'cli') =>
    claimDataDir({ address: address(), owner, version: 'test' });
  async function own(owner: 'app' | 'cli' = 'cli'): Promise<Door> {
    const c = await claim(owner);
    if (!('door' in c)) throw new Error('expected to own the folder');
    doors.push(c.door);
    return c.door;
  }

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-door-'));
  });
  afterEach(async () => {
    for (const door of doors.splice(0)) await door.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the folder to the first process; the next one reaches it and its router', async () => {
    const door = await own('cli');
    door.serve({
      dispatch: async (channel, arg, profile) => ({ ok: true, value: { channel, arg, profile } }),
    });
    const second = await claim('cli');
    if (!('running' in second)) throw new Error('the second claim should find the owner');
    expect(second.hello).toMatchObject({ owner: 'cli', pid: process.pid });
    expect(await second.running.call('links:list', { q: 'x' }, 'abc123ab')).toEqual({
      ok: true,
      value: { channel: 'links:list', arg: { q: 'x' }, profile: 'abc123ab' },
    });
    second.running.close();
  });

  it.skipIf(
    skipBecause(WINDOWS, 'the mode check: Windows has no mode bits (the pipe has its default ACL)'),
  )('makes the socket and its token readable by this user only', async () => {
    await own();
    expect(statSync(address().path).mode & 0o777).toBe(0o600);
    expect(statSync(address().tokenFile).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o077).toBe(0);
  });

  it('refuses a request without the token, and runs nothing', async () => {
    const door = await own();
    const ran: string[] = [];
    door.serve({ dispatch: async (channel) => (ran.push(channel), { ok: true, value: null }) });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(address().path, () =>
        socket.write(
          `${JSON.stringify({ id: 1, token: 'guess', op: 'call', channel: 'links:delete', arg: { id: 1 } })}\n`,
        ),
      );
      socket.once('data', (d) => (resolve(d.toString()), socket.destroy()));
      socket.once('error', reject);
    });
    expect(JSON.parse(answer)).toMatchObject({
      id: 1,
      result: { ok: false, error: { code: 'unauthorized' } },
    });
    expect(ran).toEqual([]);
  });

  it.skipIf(
    skipBecause(WINDOWS, 'the killed owner: a named pipe goes with its process on Windows, nothing is left behind'),
  )('takes over a socket left by a process that was killed', async () => {
    // A process that listens on the folder's address and is killed: its socket file stays.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `require('net').createServer().listen(${JSON.stringify(address().path)}, () => console.log('listening'))`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    expect(statSync(address().path).isSocket()).toBe(true);

    const door = await own();
    expect(door.owner).toBe('cli');
  });

  it('never takes a starting owner (its token not written yet) for a dead one', async () => {
    const door = await own();
    door.serve({ dispatch: async () => ({ ok: true, value: 'owner' }) });
    // As between an owner's listen and its token write: no token to present.
    rmSync(address().tokenFile);
    await expect(claimDataDir({ address: address(), owner: 'cli', version: 'test', attempts: 3 })).rejects.toThrow(/does not answer/);
    expect(statSync(address().path).isSocket()).toBe(true);
  });

  it('says an owner that never answers in the person’s language: the window’s start (DataDirBusy), npm start and the command line', async () => {
    const door = await own();
    door.serve({ dispatch: async () => ({ ok: true, value: 'owner' }) });
    rmSync(address().tokenFile);
    const error = await claimDataDir({ address: address(), owner: 'cli', version: 'test', attempts: 2 }).catch((e: unknown) => e);
    // What electron/main/index.ts and electron/web/launch.ts render: the ref DataDirBusy carries.
    const ref = new DataDirBusy((error as Error).message, { cause: error }).ref;
    expect(ref).toEqual(errorRefOf(error));
    expect(ref?.key).toMatch(/^errors\.commandLine\.ownerSilent/);
    const german = renderMessage(ref!, createTranslator('de', SHARED_MESSAGES));
    expect(german).toContain(`Ein anderes Linkdeck belegt ${address().path}, antwortet aber nicht`);
    expect(german).not.toMatch(/does not answer/);
  });

  it('says it on the command line’s error output in German under LANG=de_DE.UTF-8 (the real `linkdeck` bundle)', { timeout: 180_000 }, async () => {
    const door = await own();
    door.serve({ dispatch: async () => ({ ok: true, value: 'owner' }) });
    rmSync(address().tokenFile);
    const run = await runCli(dataDir, ['list'], { env: { LANG: 'de_DE.UTF-8' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`Ein anderes Linkdeck belegt ${address().path}, antwortet aber nicht`);
    expect(run.stderr).not.toMatch(/does not answer/);
  });

  it('tells a call that arrives while the owner closes to ask again, without running it', async () => {
    const door = await own();
    let release: () => void = () => {};
    const ran: string[] = [];
    door.serve({
      dispatch: async (channel) => {
        ran.push(channel);
        if (channel === 'slow') await new Promise<void>((resolve) => (release = resolve));
        return { ok: true, value: channel };
      },
    });
    const c = await claim();
    if (!('running' in c)) throw new Error('expected the owner');
    const slow = c.running.call('slow');
    await expect.poll(() => ran).toEqual(['slow']);
    const closing = door.close();
    // Under way: it finishes. New: told to retry, not run.
    await expect(c.running.call('late')).rejects.toBeInstanceOf(RetryElsewhere);
    release();
    expect(await slow).toEqual({ ok: true, value: 'slow' });
    c.running.close();
    await closing;
    doors.splice(0);
    expect(ran).toEqual(['slow']);
  });

  it('lets the app wait for a command working on its own, then opens the folder', async () => {
    const command = await own('cli');
    command.serve({ dispatch: async () => ({ ok: true, value: null }) });
    const events: string[] = [];
    const app = claimForApp({
      dataDir,
      version: 'test',
      log: () => {},
      onWait: () => events.push('waiting'),
    }).then((door) => {
      events.push('app owns the folder');
      return door;
    });
    await expect.poll(() => events).toEqual(['waiting']);
    events.push('command closes');
    await command.close();
    doors.splice(0);
    doors.push(await app);
    expect(events).toEqual(['waiting', 'command closes', 'app owns the folder']);
    expect(doors[0]!.owner).toBe('app');
  });

  it('refuses a second app on the same folder in words', async () => {
    await own('app');
    await expect(claimForApp({ dataDir, version: 'test', log: () => {} })).rejects.toThrow(
      /already running on .* \(process \d+\)/,
    );
  });

  it('keeps a data folder too deep for a socket path under the temp folder, still private', () => {
    const deep = join(dataDir, 'x'.repeat(120));
    const a = commandLineAddress(deep, 'linux');
    expect(Buffer.byteLength(a.path)).toBeLessThanOrEqual(104);
    expect(a.path.startsWith(tmpdir())).toBe(true);
    expect(commandLineAddress(deep, 'linux').path).toBe(a.path);
    expect(a.tokenFile).toBe(join(deep, 'linkdeck-cli.token'));
    expect(commandLineAddress(dataDir, 'win32').path).toMatch(/^\\\\\.\\pipe\\linkdeck-/);
  });
});
