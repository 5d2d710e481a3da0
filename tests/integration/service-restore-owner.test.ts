import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeOtherUser, runAs, SKIP_OTHER_USER as SKIP, stopOtherUsersProcesses, type OtherUser } from './support/other-user.js';
import { API_KEY_LINE, BASE_URL_LINE, buildBundle, call, runToEnd, stopAll } from './support/service-process.js';

/*
 * Backup and restore run as root on the service user's folder (issue 41, item 2), as a systemd
 * install does it (`sudo node …/cli.js restore …`, a backup from root's cron): the files they
 * make stay the folder owner's, so the service, started again as that user, opens its database.
 * Before, the restored database was root's and 0600 and the unit looped on "Unable to open
 * connection … 14".
 *
 * It needs root (to make a second user, and to be the root that restores): a throwaway system
 * user is made here and removed at the end. Not root: skipped, with the reason printed.
 */

if (SKIP) console.warn(`[service-restore-owner] skipped: ${SKIP}.`);

let user: OtherUser;
let cli: string;
let top: string;

beforeAll(() => {
  if (SKIP) return;
  user = makeOtherUser('ldk-restore');
  cli = buildBundle('service-restore-owner');
  // The user must reach its folder: a 0755 parent (mkdtemp makes 0700).
  top = mkdtempSync(join(tmpdir(), 'linkdeck-owner-'));
  chmodSync(top, 0o755);
});
afterEach(() => {
  stopAll();
  stopOtherUsersProcesses();
});
afterAll(() => {
  if (SKIP) return;
  if (top) rmSync(top, { recursive: true, force: true });
  user?.remove();
});

describe('backup and restore run as root keep the data folder owner\'s files', () => {
  it.skipIf(SKIP !== null)('a backup made by root is the user\'s; restored by root, the service starts again as the user and has its links', { timeout: 120_000 }, async () => {
    const dataDir = join(top, 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    chownSync(dataDir, user.uid, user.gid);

    // The service as its user: the first start, one link, a clean stop.
    const first = runAs(user, cli, ['--port', '0', '--data', dataDir]);
    const [, url] = await first.line(BASE_URL_LINE);
    const [, key] = await first.line(API_KEY_LINE);
    expect((await call(`${url}/api/url/add`, key as string, 'POST', { url: 'https://example.com/kept', custom: 'kept' })).status).toBe(200);
    first.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });

    // As root, the way the docs write it: a backup, then a restore into the user's folder.
    const backups = join(top, 'backups');
    mkdirSync(backups, { mode: 0o755 });
    const backup = join(backups, 'linkdeck.db');
    const made = await runToEnd(cli, ['backup', '--data', dataDir, '--to', backup]);
    expect(made.code, made.stderr).toBe(0);
    expect(statSync(backup).uid, 'the backup file\'s owner').toBe(user.uid);
    const restored = await runToEnd(cli, ['restore', '--from', backup, '--data', dataDir]);
    expect(restored.code, restored.stderr).toBe(0);
    for (const name of readdirSync(dataDir)) expect(statSync(join(dataDir, name)).uid, `${name}'s owner`).toBe(user.uid);

    // The user's service opens the restored database: the link and the key are there.
    const again = runAs(user, cli, ['--port', '0', '--data', dataDir]);
    const [, url2] = await again.line(BASE_URL_LINE);
    expect((await fetch(`${url2}/kept`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/kept');
    expect((await call(`${url2}/api/urls?limit=10`, key as string)).status).toBe(200);
    again.kill('SIGTERM');
    expect(await again.exited).toEqual({ code: 0, signal: null });
  });
});
