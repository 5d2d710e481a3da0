import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AccountError,
  createAccounts,
  type Accounts,
  type AccountsOptions,
  type ProfilesSnapshot,
} from '../../../electron/backend/accounts/index.js';
import { MemorySecretStore } from '../../../electron/backend/secrets/index.js';
import { capturingLogger, fakeLocalService, fakeVerify, filesUnder, tempDir } from './fakes.js';

const REMOTE = 'https://links.example.com';
const OLD = 'https://old.example.com';
const GOOD_KEY = 'rk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const OTHER_KEY = 'rk_live_other_0123456789abcdef0123';

let dir: ReturnType<typeof tempDir>;
let opened: Accounts[];

beforeEach(() => {
  dir = tempDir();
  opened = [];
});
afterEach(async () => {
  for (const a of opened) await a.close();
  dir.cleanup();
});

function setup(overrides: Partial<AccountsOptions> = {}) {
  const secrets = overrides.secrets ?? new MemorySecretStore();
  const verify = fakeVerify({
    [REMOTE]: { keys: [GOOD_KEY, OTHER_KEY] },
    [OLD]: { keys: [GOOD_KEY], authScheme: 'Token' },
  });
  const local = fakeLocalService();
  const log = capturingLogger();
  let clock = Date.parse('2025-03-01T10:00:00Z');
  const open = async (more: Partial<AccountsOptions> = {}) => {
    const accounts = await createAccounts({
      dataDir: dir.path,
      secrets,
      verifyAccount: verify.verify,
      startLocalService: local.start,
      log,
      now: () => clock++,
      ...overrides,
      ...more,
    });
    opened.push(accounts);
    return accounts;
  };
  return { secrets, verify, local, log, open };
}

const profilesJson = () => readFileSync(join(dir.path, 'profiles.json'), 'utf8');

async function rejection(promise: Promise<unknown>): Promise<AccountError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AccountError);
  return error as AccountError;
}

describe('connect', () => {
  it('checks the key, stores it in the secret store, saves the profile without it and makes it current', async () => {
    const { open, secrets, verify } = setup();
    const accounts = await open();
    const profile = await accounts.connect({
      name: '  Work  ',
      baseUrl: ' https://links.example.com/ ',
      apiKey: ` ${GOOD_KEY}\n`,
    });

    expect(verify.calls).toEqual([{ baseUrl: REMOTE }]);
    expect(profile).toMatchObject({ name: 'Work', baseUrl: REMOTE, kind: 'remote' });
    expect(profile.id).toMatch(/^[a-f0-9]{20}$/);
    expect(profile.createdAt).toBe('2025-03-01T10:00:00.000Z');
    expect(accounts.current()).toEqual(profile);
    expect(await secrets.get(profile.id)).toBe(GOOD_KEY);
    expect(await accounts.keyFor(profile.id)).toBe(GOOD_KEY);
    expect(statSync(join(dir.path, 'profiles', profile.id)).isDirectory()).toBe(true);

    const file = JSON.parse(profilesJson()) as { currentProfileId: string; profiles: unknown[] };
    expect(file.currentProfileId).toBe(profile.id);
    expect(file.profiles).toEqual([profile]);
    expect(profilesJson()).not.toContain(GOOD_KEY);
  });

  it('names the profile after the host when no name is given, and drops a pasted /api', async () => {
    const { open } = setup();
    const accounts = await open();
    const profile = await accounts.connect({
      name: '',
      baseUrl: 'https://links.example.com/api/',
      apiKey: GOOD_KEY,
    });
    expect(profile).toMatchObject({ name: 'links.example.com', baseUrl: REMOTE });
  });

  it('remembers that an older server wants the Token scheme', async () => {
    const { open } = setup();
    const accounts = await open();
    const profile = await accounts.connect({ name: 'Old', baseUrl: OLD, apiKey: GOOD_KEY });
    expect(profile.authScheme).toBe('Token');
    expect(JSON.parse(profilesJson()).profiles[0].authScheme).toBe('Token');
  });

  it('refuses a wrong key as unauthorized, without the key in the error, and saves nothing', async () => {
    const { open, secrets } = setup();
    const accounts = await open();
    const wrong = 'rk_live_WRONG_key_that_must_not_leak_42';
    const error = await rejection(
      accounts.connect({ name: 'Work', baseUrl: REMOTE, apiKey: wrong }),
    );

    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/^The service refused this API key\./);
    expect(
      JSON.stringify({ message: error.message, details: error.details, stack: error.stack }),
    ).not.toContain(wrong);
    expect(accounts.list()).toEqual([]);
    expect(existsSync(join(dir.path, 'profiles.json'))).toBe(false);
    expect((secrets as MemorySecretStore).toJSON().accounts).toEqual([]);
  });

  it('reports an unreachable service as offline with the reason, and saves nothing', async () => {
    const { open, secrets } = setup();
    const accounts = await open();
    const error = await rejection(
      accounts.connect({ name: 'Typo', baseUrl: 'http://127.0.0.1:9', apiKey: GOOD_KEY }),
    );

    expect(error.code).toBe('offline');
    expect(error.message).toBe(
      'Could not reach http://127.0.0.1:9: connection refused. Check the address.',
    );
    expect(accounts.list()).toEqual([]);
    expect((secrets as MemorySecretStore).toJSON().accounts).toEqual([]);
  });

  it('rejects a bad URL or key before calling the service', async () => {
    const { open, verify } = setup();
    const accounts = await open();
    const cases = [
      { baseUrl: 'links.example.com', field: 'baseUrl', message: /must start with https:\/\// },
      {
        baseUrl: 'ftp://links.example.com',
        field: 'baseUrl',
        message: /Only http:\/\/ and https:\/\//,
      },
      {
        baseUrl: 'https://me:pw@links.example.com',
        field: 'baseUrl',
        message: /user name and password/,
      },
      { baseUrl: 'https://links.example.com/#x', field: 'baseUrl', message: /after #/ },
      { baseUrl: REMOTE, apiKey: 'two words', field: 'apiKey', message: /no spaces/ },
      { baseUrl: REMOTE, apiKey: '   ', field: 'apiKey', message: /Paste the API key/ },
      { baseUrl: REMOTE, name: 'x'.repeat(61), field: 'name', message: /under 61 characters/ },
    ];
    for (const c of cases) {
      const error = await rejection(
        accounts.connect({ name: c.name ?? 'A', baseUrl: c.baseUrl, apiKey: c.apiKey ?? GOOD_KEY }),
      );
      expect(error.code).toBe('invalid-input');
      expect(error.message).toMatch(c.message);
      expect(error.details).toEqual({ field: c.field });
    }
    expect(verify.calls).toEqual([]);
    expect(accounts.list()).toEqual([]);
  });

  it('gives up after 20 s on a service that never answers, as offline', async () => {
    const { open } = setup();
    const accounts = await open({ verifyAccount: () => new Promise(() => {}) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const settled = rejection(
        accounts.connect({ name: 'Slow', baseUrl: REMOTE, apiKey: GOOD_KEY }),
      );
      let done = false;
      void settled.then(() => (done = true));
      await vi.advanceTimersByTimeAsync(19_999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await settled;
      expect(error.code).toBe('offline');
      expect(error.message).toBe(
        `Could not reach ${REMOTE}: no answer within 20 s. Check the address.`,
      );
    } finally {
      vi.useRealTimers();
    }
    expect(accounts.list()).toEqual([]);
  });

  it('takes the key back out of the store when the profile cannot be saved', async () => {
    const { open, secrets } = setup();
    const accounts = await open();
    // A directory where profiles.json should go makes the final rename fail.
    mkdirSync(join(dir.path, 'profiles.json', 'blocker'), { recursive: true });
    const error = await rejection(
      accounts.connect({ name: 'Work', baseUrl: REMOTE, apiKey: GOOD_KEY }),
    );
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain(GOOD_KEY);
    expect(accounts.list()).toEqual([]);
    expect((secrets as MemorySecretStore).toJSON().accounts).toEqual([]);
  });
});

describe('switch, rename, remove', () => {
  it('switches between profiles and persists the choice', async () => {
    const { open } = setup();
    const accounts = await open();
    const a = await accounts.connect({ name: 'A', baseUrl: REMOTE, apiKey: GOOD_KEY });
    const b = await accounts.connect({ name: 'B', baseUrl: REMOTE, apiKey: OTHER_KEY });
    expect(accounts.current()?.id).toBe(b.id);

    expect(await accounts.switchTo(a.id)).toEqual(a);
    expect(accounts.current()?.id).toBe(a.id);
    expect(JSON.parse(profilesJson()).currentProfileId).toBe(a.id);

    const reopened = await open();
    expect(reopened.current()?.id).toBe(a.id);
    expect(reopened.list().map((p) => p.name)).toEqual(['A', 'B']);
    expect(await reopened.keyFor(b.id)).toBe(OTHER_KEY);
  });

  it('refuses to switch to an unknown profile', async () => {
    const { open } = setup();
    const accounts = await open();
    const error = await rejection(accounts.switchTo('0123456789abcdef0123'));
    expect(error.code).toBe('not-found');
  });

  it('renames a profile, checking the name', async () => {
    const { open } = setup();
    const accounts = await open();
    const a = await accounts.connect({ name: 'A', baseUrl: REMOTE, apiKey: GOOD_KEY });
    expect((await accounts.rename(a.id, '  Client   X ')).name).toBe('Client X');
    expect(JSON.parse(profilesJson()).profiles[0].name).toBe('Client X');
    expect((await rejection(accounts.rename(a.id, ' '))).code).toBe('invalid-input');
    expect(accounts.get(a.id)?.name).toBe('Client X');
  });

  it('removes a profile with its key and its data directory, and switches to another one', async () => {
    const { open, secrets } = setup();
    const accounts = await open();
    const a = await accounts.connect({ name: 'A', baseUrl: REMOTE, apiKey: GOOD_KEY });
    const b = await accounts.connect({ name: 'B', baseUrl: REMOTE, apiKey: OTHER_KEY });
    const bDir = accounts.dataDirFor(b.id);
    writeFileSync(join(bDir, 'mirror.sqlite'), 'mirror data');

    await accounts.remove(b.id);
    expect(await secrets.get(b.id)).toBeNull();
    expect(existsSync(bDir)).toBe(false);
    expect(accounts.list().map((p) => p.id)).toEqual([a.id]);
    expect(accounts.current()?.id).toBe(a.id);
    expect(JSON.parse(profilesJson())).toMatchObject({
      currentProfileId: a.id,
      profiles: [{ id: a.id }],
    });
    expect(await secrets.get(a.id)).toBe(GOOD_KEY);

    await accounts.remove(a.id);
    expect(accounts.current()).toBeNull();
    expect(JSON.parse(profilesJson())).toMatchObject({ currentProfileId: null, profiles: [] });
  });

  it('keeps the profile when its key cannot be deleted', async () => {
    const secrets = new MemorySecretStore();
    const { open } = setup({ secrets });
    const accounts = await open();
    const a = await accounts.connect({ name: 'A', baseUrl: REMOTE, apiKey: GOOD_KEY });
    secrets.delete = async () => {
      throw new Error('The keychain is locked');
    };
    const error = await rejection(accounts.remove(a.id));
    expect(error.code).toBe('internal');
    expect(error.message).toMatch(/keychain is locked/);
    expect(accounts.get(a.id)).not.toBeNull();
  });

  it('stores a new key for a profile after a restart without keychain', async () => {
    const { open } = setup();
    const first = await open();
    const a = await first.connect({ name: 'A', baseUrl: REMOTE, apiKey: GOOD_KEY });
    // A new memory store: what an app restart without a keychain looks like.
    const later = await open({ secrets: new MemorySecretStore({ reason: 'no keychain' }) });
    expect(await later.hasKey(a.id)).toBe(false);
    expect((await rejection(later.replaceKey(a.id, 'wrong-key'))).code).toBe('unauthorized');
    expect(await later.hasKey(a.id)).toBe(false);
    await later.replaceKey(a.id, OTHER_KEY);
    expect(await later.keyFor(a.id)).toBe(OTHER_KEY);
  });

  it('sets the auth scheme the API client learned', async () => {
    const { open } = setup();
    const accounts = await open();
    const a = await accounts.connect({ name: 'A', baseUrl: REMOTE, apiKey: GOOD_KEY });
    expect(a.authScheme).toBeUndefined();
    expect((await accounts.setAuthScheme(a.id, 'Token')).authScheme).toBe('Token');
    expect((await open()).get(a.id)?.authScheme).toBe('Token');
  });

  it('tells listeners about every change', async () => {
    const { open } = setup();
    const accounts = await open();
    const seen: ProfilesSnapshot[] = [];
    const off = accounts.onChange((s) => seen.push(s));
    const a = await accounts.connect({ name: 'A', baseUrl: REMOTE, apiKey: GOOD_KEY });
    await accounts.rename(a.id, 'B');
    off();
    await accounts.rename(a.id, 'C');
    expect(seen.map((s) => [s.currentProfileId, s.profiles.map((p) => p.name)])).toEqual([
      [a.id, ['A']],
      [a.id, ['B']],
    ]);
  });
});

describe('local workspace', () => {
  it('on the first run starts the service, keeps its key in the store and creates the current profile', async () => {
    const { open, local, secrets } = setup();
    const accounts = await open();
    const profile = await accounts.useLocalWorkspace();

    expect(local.starts).toEqual([{ dataDir: join(dir.path, 'local-workspace') }]);
    expect(profile).toMatchObject({
      name: 'Local workspace',
      kind: 'local',
      baseUrl: 'http://127.0.0.1:41000',
    });
    expect(accounts.current()?.id).toBe(profile.id);
    expect(await secrets.get(profile.id)).toBe(local.keys[0]);
    expect(existsSync(accounts.dataDirFor(profile.id))).toBe(true);
    expect(profilesJson()).not.toContain(local.keys[0]!);

    // Asking again changes nothing and starts nothing.
    expect(await accounts.useLocalWorkspace()).toEqual(profile);
    expect(local.starts).toHaveLength(1);
  });

  it('resumes on a later start on the same port, keeping the key', async () => {
    const { open, local, secrets } = setup();
    const first = await open();
    const created = await first.useLocalWorkspace();
    await first.close();
    expect(local.running.size).toBe(0);

    const second = await open();
    const resumed = await second.resumeLocalWorkspace();
    expect(resumed).toEqual(created);
    expect(local.starts[1]).toEqual({ dataDir: join(dir.path, 'local-workspace'), port: 41000 });
    expect(await secrets.get(created.id)).toBe(local.keys[0]);
    expect(local.running.size).toBe(1);
  });

  it('does not move silently when the old port is taken: it says so and moves only when asked', async () => {
    const { open, local } = setup();
    const first = await open();
    const created = await first.useLocalWorkspace();
    await first.close();

    const busy = fakeLocalService({ busyPorts: [41000], firstPort: 42000 });
    const second = await open({ startLocalService: busy.start });
    await expect(second.resumeLocalWorkspace()).rejects.toMatchObject({
      message: expect.stringMatching(/Port 41000 .* taken/),
      details: { reason: 'port-taken', port: 41000 },
    });
    expect(busy.starts.map((s) => s.port)).toEqual([41000]);
    expect(second.localPortTaken()).toBe(41000);
    expect(JSON.parse(profilesJson()).profiles[0].baseUrl).toBe('http://127.0.0.1:41000');

    const moved = await second.restartLocalWorkspace(true);
    expect(busy.starts.map((s) => s.port)).toEqual([41000, undefined]);
    expect(created.baseUrl).toBe('http://127.0.0.1:41000');
    expect(moved).toEqual({ ...created, baseUrl: 'http://127.0.0.1:42000' });
    expect(second.localPortTaken()).toBeNull();
    expect(await second.keyFor(created.id)).toBe(local.keys[0]);
    expect(JSON.parse(profilesJson()).profiles[0].baseUrl).toBe('http://127.0.0.1:42000');
  });

  it('resumes nothing when there is no local profile', async () => {
    const { open, local } = setup();
    const accounts = await open();
    expect(await accounts.resumeLocalWorkspace()).toBeNull();
    expect(local.starts).toEqual([]);
  });

  it('does not change the current profile when it resumes', async () => {
    const { open } = setup();
    const accounts = await open();
    await accounts.useLocalWorkspace();
    const remote = await accounts.connect({ name: 'R', baseUrl: REMOTE, apiKey: GOOD_KEY });
    await accounts.close();
    const again = await open();
    await again.resumeLocalWorkspace();
    expect(again.current()?.id).toBe(remote.id);
  });

  it('recovers a key lost with the memory store after a restart', async () => {
    const { open, local } = setup();
    const first = await open();
    const created = await first.useLocalWorkspace();
    await first.close();

    const secrets = new MemorySecretStore({ reason: 'no keychain' });
    const second = await open({ secrets, recoverLocalKey: local.recover });
    await second.resumeLocalWorkspace();
    expect(await second.keyFor(created.id)).toBe(local.keys[0]);
  });

  it('says clearly when a lost key cannot be recovered', async () => {
    const { open } = setup();
    const first = await open();
    await first.useLocalWorkspace();
    await first.close();
    // Lost from the secret store and from beside the workspace's database (local-key-file.ts).
    rmSync(join(dir.path, 'local-workspace', 'owner.key'));

    const second = await open({ secrets: new MemorySecretStore() });
    const error = await rejection(second.resumeLocalWorkspace());
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/key of the local workspace was lost/);
  });

  it('recreates the profile for an existing workspace database after profiles.json was lost', async () => {
    const { open, local } = setup();
    const first = await open();
    await first.useLocalWorkspace();
    await first.close();
    writeFileSync(join(dir.path, 'profiles.json'), '{ this is not JSON');

    const second = await open({ recoverLocalKey: local.recover });
    expect(second.list()).toEqual([]);
    const profile = await second.useLocalWorkspace();
    expect(await second.keyFor(profile.id)).toBe(local.keys[0]);
    expect(local.keys).toHaveLength(1);
  });

  it('starts the workspace again when switching to it', async () => {
    const { open, local } = setup();
    const first = await open();
    const ws = await first.useLocalWorkspace();
    await first.connect({ name: 'R', baseUrl: REMOTE, apiKey: GOOD_KEY });
    await first.close();

    const second = await open();
    expect(local.running.size).toBe(0);
    await second.switchTo(ws.id);
    expect(local.running.size).toBe(1);
    expect(second.current()?.id).toBe(ws.id);
  });

  it('removing it stops the service and deletes its database, key and data', async () => {
    const { open, local, secrets } = setup();
    const accounts = await open();
    const ws = await accounts.useLocalWorkspace();
    const remote = await accounts.connect({ name: 'R', baseUrl: REMOTE, apiKey: GOOD_KEY });
    await accounts.switchTo(ws.id);

    await accounts.remove(ws.id);
    expect(local.running.size).toBe(0);
    expect(existsSync(join(dir.path, 'local-workspace'))).toBe(false);
    expect(existsSync(join(dir.path, 'profiles', ws.id))).toBe(false);
    expect(await secrets.get(ws.id)).toBeNull();
    expect(accounts.current()?.id).toBe(remote.id);

    // A new workspace is a new database with a new key.
    const again = await accounts.useLocalWorkspace();
    expect(again.id).not.toBe(ws.id);
    expect(await accounts.keyFor(again.id)).toBe(local.keys[1]);
  });

  it('close() stops the service', async () => {
    const { open, local } = setup();
    const accounts = await open();
    await accounts.useLocalWorkspace();
    expect(local.running.size).toBe(1);
    await accounts.close();
    expect(local.running.size).toBe(0);
    expect((await rejection(accounts.useLocalWorkspace())).code).toBe('internal');
  });
});

describe('secrets stay secret', () => {
  it('no key reaches the logs, the errors, the events or any file the accounts write', async () => {
    const { open, log, local } = setup();
    const accounts = await open();
    const events: string[] = [];
    accounts.onChange((s) => events.push(JSON.stringify(s)));
    const errors: string[] = [];
    const keep = (e: unknown) => {
      const err = e as AccountError;
      errors.push(JSON.stringify({ m: err.message, d: err.details, s: err.stack }));
    };
    const wrong = 'wrong_key_0123456789_must_not_leak';

    await accounts.connect({ name: 'Work', baseUrl: REMOTE, apiKey: wrong }).catch(keep);
    await accounts
      .connect({ name: 'Down', baseUrl: 'http://127.0.0.1:9', apiKey: GOOD_KEY })
      .catch(keep);
    const a = await accounts.connect({ name: 'Work', baseUrl: REMOTE, apiKey: GOOD_KEY });
    const ws = await accounts.useLocalWorkspace();
    await accounts.switchTo(a.id);
    await accounts.rename(a.id, 'Renamed');
    await accounts.replaceKey(a.id, OTHER_KEY);
    await accounts.remove(a.id);
    const localKey = local.keys[0]!;

    expect(errors).toHaveLength(2);
    expect(log.lines.length).toBeGreaterThan(3);
    const everything = [
      ...log.lines,
      ...errors,
      ...events,
      JSON.stringify(accounts.list()),
      JSON.stringify(accounts.keychainStatus()),
    ];
    for (const key of [wrong, GOOD_KEY, OTHER_KEY, localKey]) {
      for (const text of everything) expect(text).not.toContain(key);
    }
    // The workspace's own database holds its key by nature (the service checks keys against it).
    const files = filesUnder(dir.path, (p) => p.startsWith(join(dir.path, 'local-workspace')));
    expect(files.map((f) => f.path)).toContain(join(dir.path, 'profiles.json'));
    for (const file of files) {
      for (const key of [wrong, GOOD_KEY, OTHER_KEY, localKey])
        expect(file.text).not.toContain(key);
    }
    expect(ws.kind).toBe('local');
  });

  it('reports the keychain status of its store', async () => {
    const { open } = setup({
      secrets: new MemorySecretStore({ reason: 'No OS keychain is available (x)' }),
    });
    const accounts = await open();
    expect(accounts.keychainStatus()).toEqual({
      kind: 'memory',
      persistent: false,
      reason: 'No OS keychain is available (x)',
    });
  });
});
