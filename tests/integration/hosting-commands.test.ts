import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envName, FLAGS } from '../../electron/service/cli-options.js';
import { makeOtherUser, runAs, SKIP_OTHER_USER, stopOtherUsersProcesses, type OtherUser } from './support/other-user.js';
import { API_KEY_LINE, BASE_URL_LINE, buildBundle, call, ROOT, runService, stopAll } from './support/service-process.js';

/*
 * The commands docs/hosting.md gives a self-hoster (issue 41, item 8), run as written: read from
 * the page (and from resources/deploy/linkdeck-backup.service), with only the paths changed to a
 * temporary folder and the bundle built here. `sudo -u linkdeck` runs as a throwaway non-root user
 * when this runs as root (as on the server), and as this user otherwise; `sudo` alone runs as
 * this user. The environment-variable table is checked against the flags the service reads.
 */

const hosting = readFileSync(join(ROOT, 'docs/hosting.md'), 'utf8');
const backupUnit = readFileSync(join(ROOT, 'resources/deploy/linkdeck-backup.service'), 'utf8');
const CLI = '/opt/linkdeck/out/service/cli.js';

/** The page's command lines that start with `prefix` (in ```sh blocks and in the cron block). */
const docLines = (prefix: string) => hosting.split('\n').filter((line) => line.startsWith(prefix));
const docLine = (prefix: string, containing: string) => {
  const found = docLines(prefix).filter((line) => line.includes(containing));
  if (found.length !== 1) throw new Error(`docs/hosting.md has ${found.length} lines starting with "${prefix}" and holding "${containing}", not one.`);
  return found[0] as string;
};

let cli: string;
let top: string;
let dataDir: string;
let backups: string;
let user: OtherUser | undefined;

beforeAll(() => {
  cli = buildBundle('hosting-commands');
  top = mkdtempSync(join(tmpdir(), 'linkdeck-hosting-'));
  chmodSync(top, 0o755);
  dataDir = join(top, 'lib/linkdeck');
  backups = join(top, 'lib/linkdeck-backups');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(backups, { mode: 0o700 });
  chmodSync(join(top, 'lib'), 0o755);
  if (!SKIP_OTHER_USER) {
    user = makeOtherUser('ldk-hosting');
    for (const dir of [dataDir, backups]) chownSync(dir, user.uid, user.gid);
  }
});
afterEach(() => {
  stopAll();
  stopOtherUsersProcesses();
});
afterAll(() => {
  if (top) rmSync(top, { recursive: true, force: true });
  user?.remove();
});
if (SKIP_OTHER_USER) console.warn(`[hosting-commands] "sudo -u linkdeck" lines run as this user: ${SKIP_OTHER_USER}.`);

/** A documented line with this machine's paths; `sudo -u linkdeck` as the service's user. */
function localize(line: string): string {
  const asUser = user ? `setpriv --reuid ${user.uid} --regid ${user.gid} --clear-groups ` : '';
  return line
    .replaceAll('/var/lib/linkdeck-backups', backups)
    .replaceAll('/var/lib/linkdeck', dataDir)
    .replaceAll(CLI, cli)
    .replace(/^sudo -u linkdeck node /, `${asUser}${process.execPath} `)
    .replace(/^sudo node /, `${process.execPath} `)
    .replace(/^(\/bin\/sh -c '[^']*)exec \/usr\/bin\/node /, `$1exec ${process.execPath} `)
    .replace(/(&& |^)node /g, `$1${process.execPath} `)
    .replace(/\s+#.*$/, '');
}

/** Runs a documented shell line; its output and exit code. */
function sh(line: string, asServiceUser = false) {
  const command = localize(line);
  const args = asServiceUser && user ? ['setpriv', '--reuid', String(user.uid), '--regid', String(user.gid), '--clear-groups', 'sh', '-c', command] : ['sh', '-c', command];
  const run = spawnSync(args[0] as string, args.slice(1), { encoding: 'utf8', env: { ...process.env, NODE_NO_WARNINGS: '1' } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, command };
}

/** The service as the systemd unit runs it (its user, this folder). */
const startService = () => (user ? runAs(user, cli, ['--port', '0', '--data', dataDir]) : runService(cli, ['--port', '0', '--data', dataDir]));

/** Waits until the wall clock's second changes (the backup names carry the time to the second). */
async function nextSecond() {
  const now = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === now) await new Promise((tick) => setTimeout(tick, 20));
}

const backupFiles = () => readdirSync(backups).filter((name) => /^linkdeck-.*\.db$/.test(name)).sort();

describe('docs/hosting.md, as a self-hoster runs it', () => {
  it('names the runtime packages the build writes into out/service/package.json, all of them', () => {
    const built = Object.keys((JSON.parse(readFileSync(join(dirname(cli), 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    const named = /the only packages it needs, at the versions the lockfile pins\. The build prints them: \*\*([^*]+)\*\* \((\w+)\)/.exec(hosting.replace(/\s+/g, ' '));
    expect(named?.[1]?.split(', ')).toEqual(built);
    expect(named?.[2]).toBe(['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][built.length]);
  });

  it('lists every LINKDECK_* variable the service reads, and no other', () => {
    const documented = [...hosting.matchAll(/^\| `(LINKDECK_[A-Z_]+)` \| `--([a-z-]+)/gm)].map((m): [string, string] => [m[1] as string, m[2] as string]);
    const read = Object.entries(FLAGS).filter(([, f]) => 'env' in f && f.env).map(([name]): [string, string] => [envName(name), name]);
    expect(new Map(documented)).toEqual(new Map(read));
  });

  it('first user and key recovery, backups (by hand, the timer\'s unit, the cron line, retention), upgrade backup, restore as root', { timeout: 240_000 }, async () => {
    // The first start (as the unit does it): the first user, you@localhost, and its key.
    const first = startService();
    const [, url] = await first.line(BASE_URL_LINE);
    const [, firstKey] = await first.line(API_KEY_LINE);
    expect((await call(`${url}/api/url/add`, firstKey as string, 'POST', { url: 'https://example.com/docs', custom: 'docs' })).status).toBe(200);

    const keys = sh(docLine('sudo -u linkdeck node', ' keys '));
    expect(keys.code, keys.stderr).toBe(0);
    expect(keys.stdout).toMatch(/^1\tyou@localhost\t/m);
    const reset = sh(docLine('sudo -u linkdeck node', ' user reset-key '));
    expect(reset.code, reset.stderr).toBe(0);
    const newKey = /^API key: (\S+)$/m.exec(reset.stdout)?.[1] as string;
    expect((await call(`${url}/api/account`, newKey)).status).toBe(200);
    expect((await call(`${url}/api/account`, firstKey as string)).status).toBe(401);
    const added = sh(docLine('sudo -u linkdeck node', ' user add '));
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^API key: \S+$/m);

    // Backups while the service runs: by hand, then the timer's unit, then the cron line, each
    // in a later second (a second run of the day must not meet the first one's file).
    const byHand = sh(docLine('sudo -u linkdeck node', ' backup --data /var/lib/linkdeck --to /var/lib/linkdeck-backups/linkdeck-$(date'));
    expect(byHand.code, byHand.stderr).toBe(0);
    await nextSecond();
    // Old backups for the retention: 20 days old goes, 10 days old stays.
    for (const [name, days] of [['linkdeck-old.db', 20], ['linkdeck-recent.db', 10]] as const) {
      const file = join(backups, name);
      writeFileSync(file, '');
      if (user) chownSync(file, user.uid, user.gid);
      const then = new Date(Date.now() - days * 86_400_000);
      utimesSync(file, then, then);
    }
    const unitLine = (key: string) => (new RegExp(`^${key}=(.*)$`, 'm').exec(backupUnit)?.[1] as string).replaceAll('%%', '%');
    const timer = sh(unitLine('ExecStart'), true);
    expect(timer.code, timer.stderr).toBe(0);
    expect(sh(unitLine('ExecStartPost'), true).code).toBe(0);
    expect(existsSync(join(backups, 'linkdeck-old.db'))).toBe(false);
    expect(existsSync(join(backups, 'linkdeck-recent.db'))).toBe(true);
    await nextSecond();
    // The cron line: without its schedule and user, and with cron's \% read as %.
    const cron = /^17 3 \* \* \* linkdeck (.*)$/m.exec(hosting)?.[1] as string;
    expect(cron, 'the cron line').toBeDefined();
    const cronRun = sh(cron.replaceAll('\\%', '%'), true);
    expect(cronRun.code, cronRun.stderr).toBe(0);
    const made = backupFiles().filter((name) => /^linkdeck-\d{4}-\d\d-\d\dT\d{6}\.db$/.test(name));
    expect(made).toHaveLength(3);

    const beforeUpgrade = sh(docLine('sudo -u linkdeck node', '/before-upgrade-$(date'));
    expect(beforeUpgrade.code, beforeUpgrade.stderr).toBe(0);

    // Restore (the service stopped first, as the page says), run with `sudo`: root on a server.
    first.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const restoreLine = docLine('sudo node', ' restore ').replace(/linkdeck-2026-11-28T031700\.db/, made[0] as string);
    const restored = sh(restoreLine);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/: 1 link, 2 users\.$/m);
    const again = startService();
    const [, url2] = await again.line(BASE_URL_LINE);
    expect((await fetch(`${url2}/docs`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/docs');
    // The backup was made after the reset: the new key is the one restored.
    expect((await call(`${url2}/api/account`, newKey)).status).toBe(200);
    again.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  });
});
