import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import { cliBundle, runCli } from './support/cli-harness.js';

/**
 * The cron example of docs/cli.md, read from the page and run as cron runs it: /bin/sh, a bare
 * environment (HOME, PATH, no desktop session, no D-Bus, no LINKDECK_DATA_DIR), `\%` unescaped.
 */
function cronLine(): string {
  const page = readFileSync(join(import.meta.dirname, '../../docs/cli.md'), 'utf8');
  const line = page.split('\n').find((l) => /^0 6 1 \* \* /.test(l));
  if (!line) throw new Error('docs/cli.md has no cron line starting "0 6 1 * *"');
  // cron: the first five fields are the schedule; "%" ends the command, "\%" is a literal "%".
  return line.replace(/^(\S+\s+){5}/, '').replace(/\\%/g, '%');
}

describe('the cron example of docs/cli.md, without a desktop session', () => {
  let home: string;
  let bin: string;
  let remote: TestService;

  beforeAll(async () => {
    const bundle = await cliBundle();
    remote = await startTestService();
    home = mkdtempSync(join(tmpdir(), 'linkdeck-cron-home-'));
    bin = mkdtempSync(join(tmpdir(), 'linkdeck-cron-bin-'));
    writeFileSync(join(bin, 'linkdeck'), `#!/bin/sh\nexec "${process.execPath}" "${bundle}" "$@"\n`);
    chmodSync(join(bin, 'linkdeck'), 0o755);
  });
  afterAll(async () => {
    await remote.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(bin, { recursive: true, force: true });
  });

  it('syncs and writes the month CSV with the key from a file, as the page says', { timeout: 180_000 }, async () => {
    // The first run on the server, as "First run on a server" shows it.
    const dataDir = join(home, '.config', 'Linkdeck');
    const env = { HOME: home, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/linkdeck-test-bus' };
    const added = await runCli(dataDir, ['profiles', 'add', 'Team', '--url', remote.url, '--key-stdin'], { env, stdin: remote.key });
    expect(added.code, added.stderr).toBe(0);
    const made = await runCli(dataDir, ['--profile', 'Team', 'shorten', 'https://example.org/monthly'], {
      env: { ...env, LINKDECK_API_KEY: remote.key },
    });
    expect(made.code, made.stderr).toBe(0);
    mkdirSync(join(home, '.config'), { recursive: true });
    writeFileSync(join(home, '.config', 'linkdeck-team.key'), `${remote.key}\n`, { mode: 0o600 });
    mkdirSync(join(home, 'reports'));

    const r = spawnSync('/bin/sh', ['-c', cronLine()], {
      encoding: 'utf8',
      cwd: home,
      env: { HOME: home, PATH: `${bin}:/usr/bin:/bin`, SHELL: '/bin/sh', LOGNAME: 'cron', LANG: 'C.UTF-8' },
    });
    expect(r.status, r.stderr).toBe(0);
    const month = new Date().toISOString().slice(0, 7);
    const report = join(home, 'reports', `links-${month}.csv`);
    expect(existsSync(report), r.stderr).toBe(true);
    expect(readFileSync(report, 'utf8')).toContain('https://example.org/monthly');
    expect(r.stdout + r.stderr).not.toContain(remote.key);
  });
});
