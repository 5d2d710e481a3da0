import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../electron/service/db.js';
import { listUsers } from '../../electron/service/users.js';
import { startTestService, type TestService } from '../support/service.js';
import { cliBundle, lines, runCli, startApp, type CliRun } from './support/cli-harness.js';

/**
 * `linkdeck` on a machine where the app never ran: a fresh data folder, no window, no keychain
 * (the session bus points nowhere, as on a server or in cron), a second real service as the
 * remote profile's.
 */
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/linkdeck-test-bus' };

/** Every file under the folder but the workspace's own (its database and key live there by design). */
function filesOutsideWorkspace(dir: string): string[] {
  const texts: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'local-workspace') continue;
    const stat = statSync(path);
    if (stat.isDirectory()) texts.push(...filesOutsideWorkspace(path));
    else if (stat.isFile()) texts.push(readFileSync(path).toString('latin1'));
  }
  return texts;
}

const workspaceKeyPrefixes = (dataDir: string) => {
  const db = openDatabase(join(dataDir, 'local-workspace'));
  try {
    return listUsers(db).map((u) => u.keyPrefix);
  } finally {
    db.close();
  }
};

describe('linkdeck on a fresh data folder, no window ever opened, no keychain', () => {
  let dataDir: string;
  let remote: TestService;
  const outputs: CliRun[] = [];
  const cli = async (args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) => {
    const r = await runCli(dataDir, args, { ...options, env: { ...NO_KEYCHAIN, ...options.env } });
    outputs.push(r);
    return r;
  };

  beforeAll(async () => {
    await cliBundle();
  });
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-first-run-'));
    remote = await startTestService();
    outputs.length = 0;
  });
  afterEach(async () => {
    // The remote key never reaches an output, a setting or a mirror file.
    for (const o of outputs) expect(o.stdout + o.stderr).not.toContain(remote.key);
    if (existsSync(dataDir))
      for (const text of filesOutsideWorkspace(dataDir)) expect(text).not.toContain(remote.key);
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('without a profile, says to run "profiles add" (exit 1), and lets go of the folder', async () => {
    const r = await cli(['shorten', 'https://example.org/x']);
    expect(r.code).toBe(1);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('linkdeck-cli'))).toEqual([]);
    expect(r.stderr).toContain('linkdeck profiles add --local');
    expect(r.stderr).not.toContain('open the app once');
  });

  it('profiles add --local → shorten → find; the workspace key stays the same from run to run', { timeout: 120_000 }, async () => {
    const added = await cli(['profiles', 'add', '--local']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('now the current profile');
    const keyAfterAdd = workspaceKeyPrefixes(dataDir);
    expect(keyAfterAdd).toHaveLength(1);

    const made = await cli(['shorten', 'https://example.org/first-run']);
    expect(made.code, made.stderr).toBe(0);
    const [shortUrl] = lines(made.stdout);
    expect(shortUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\w+$/);
    expect(workspaceKeyPrefixes(dataDir)).toEqual(keyAfterAdd);

    const again = await cli(['shorten', 'https://example.org/second-run']);
    expect(again.code, again.stderr).toBe(0);
    expect(workspaceKeyPrefixes(dataDir)).toEqual(keyAfterAdd);

    const found = await cli(['find', 'first-run', '--json']);
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout)).toMatchObject({ total: 1, links: [{ shortUrl }] });

    // The key beside the workspace's database is its owner's alone.
    if (process.platform !== 'win32')
      expect(statSync(join(dataDir, 'local-workspace', 'owner.key')).mode & 0o077).toBe(0);
    // And it is in no settings file.
    const key = readFileSync(join(dataDir, 'local-workspace', 'owner.key'), 'utf8').trim();
    for (const text of filesOutsideWorkspace(dataDir)) expect(text).not.toContain(key);
    for (const o of outputs) expect(o.stdout + o.stderr).not.toContain(key);
  });

  it('the app made the workspace without a keychain: runs without the app keep its key', { timeout: 120_000 }, async () => {
    // The app's first run, then closed; its key lived in its memory only.
    const app = await startApp(dataDir);
    const { value } = await import('./support/cli-harness.js');
    await value(app.backend, 'profiles:use-local');
    await app.close();
    const before = workspaceKeyPrefixes(dataDir);
    for (const url of ['https://example.org/a', 'https://example.org/b']) {
      const r = await cli(['shorten', url]);
      expect(r.code, r.stderr).toBe(0);
      expect(workspaceKeyPrefixes(dataDir)).toEqual(before);
    }
  });

  it('profiles add NAME --url --key-stdin: a wrong key is refused and nothing is saved', async () => {
    const wrong = await cli(['profiles', 'add', 'Work', '--url', remote.url, '--key-stdin'], {
      stdin: 'not-the-key-0123456789\n',
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/not accepted/);
    expect(wrong.stderr).toContain('Nothing was saved');
    const listed = await cli(['profiles', '--json']);
    expect(JSON.parse(listed.stdout)).toMatchObject({ profiles: [], currentId: null });
  });

  it('with no terminal and no --key-stdin, says how to give the key (exit 2), nothing saved', async () => {
    const r = await cli(['profiles', 'add', 'Work', '--url', remote.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--key-stdin');
    expect(existsSync(join(dataDir, 'profiles.json'))).toBe(false);
  });

  // Many runs of the command, each its own process: a bound for a loaded 2-core machine.
  it('a remote profile without keychain: LINKDECK_API_KEY works with --profile; without it, exit 1 and what to do', { timeout: 180_000 }, async () => {
    expect((await cli(['profiles', 'add', '--local'])).code).toBe(0);
    const added = await cli(['profiles', 'add', 'Work', '--url', remote.url, '--key-stdin'], {
      stdin: `${remote.key}\n`,
    });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('LINKDECK_API_KEY');
    // Not the first profile: the local workspace stays current.
    const listed = JSON.parse((await cli(['profiles', '--json'])).stdout) as {
      currentId: string;
      profiles: { id: string; name: string; kind: string; needsKey: boolean }[];
    };
    expect(listed.profiles.map((p) => [p.name, p.kind])).toEqual([
      ['Local workspace', 'local'],
      ['Work', 'remote'],
    ]);
    expect(listed.currentId).toBe(listed.profiles[0]!.id);
    expect(listed.profiles[1]!.needsKey).toBe(true);

    // No key here: a clear refusal, exit 1, nothing queued.
    const noKey = await cli(['shorten', 'https://example.org/team', '--profile', 'Work']);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('LINKDECK_API_KEY is not set');
    expect(noKey.stderr).toContain('Nothing was sent or queued');
    const waiting = await cli(['outbox', '--profile', 'Work', '--json']);
    expect(JSON.parse(waiting.stdout)).toEqual([]);

    const env = { LINKDECK_API_KEY: remote.key };
    const made = await cli(['shorten', 'https://example.org/team', '--profile', 'Work'], { env });
    expect(made.code, made.stderr).toBe(0);
    expect(lines(made.stdout)).toEqual([expect.stringMatching(new RegExp(`^${remote.url}/\\w+$`))]);
    const urls = await remote.api<{ data: { urls: { longurl: string }[] } }>('GET', '/api/urls');
    expect(urls.json.data.urls.map((u) => u.longurl)).toEqual(['https://example.org/team']);

    const status = await cli(['status', '--profile', 'Work', '--json'], { env });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      profile: { name: 'Work', kind: 'remote' },
      service: remote.url,
      key: { found: true, source: 'LINKDECK_API_KEY' },
      account: { email: expect.any(String) },
      outbox: { waiting: 0, refused: 0 },
    });
    const statusNoKey = await cli(['status', '--profile', 'Work', '--json']);
    expect(statusNoKey.code).toBe(1);
    expect(JSON.parse(statusNoKey.stdout)).toMatchObject({ key: { found: false } });

    // The variable never goes to the local workspace (it is for a remote profile).
    const local = await cli(['shorten', 'https://example.org/local'], { env });
    expect(local.code, local.stderr).toBe(0);
  });

  it('profiles use, rename and remove (remove asks unless --yes)', { timeout: 180_000 }, async () => {
    expect((await cli(['profiles', 'add', '--local'])).code).toBe(0);
    expect(
      (await cli(['profiles', 'add', 'Work', '--url', remote.url, '--key-stdin'], { stdin: remote.key }))
        .code,
    ).toBe(0);
    expect((await cli(['profiles', 'use', 'work'])).code).toBe(0);
    expect((await cli(['profiles', 'rename', 'Work', 'Team'])).code).toBe(0);
    let state = JSON.parse((await cli(['profiles', '--json'])).stdout) as {
      currentId: string;
      profiles: { id: string; name: string }[];
    };
    expect(state.profiles.find((p) => p.id === state.currentId)?.name).toBe('Team');

    const unasked = await cli(['profiles', 'remove', 'Team']);
    expect(unasked.code).toBe(2);
    expect(unasked.stderr).toContain('--yes');
    expect((await cli(['profiles', 'remove', 'Team', '--yes'])).code).toBe(0);
    state = JSON.parse((await cli(['profiles', '--json'])).stdout);
    expect(state.profiles.map((p) => p.name)).toEqual(['Local workspace']);
  });
});
