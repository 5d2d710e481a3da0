import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AccountError,
  createAccounts,
  type Accounts,
  type AccountsOptions,
  type VerifyAccount,
} from '../../electron/backend/accounts/index.js';
import { createApiClient } from '../../electron/backend/api/client.js';
import type { AuthScheme } from '../../electron/shared/profile-validation.js';
import {
  KeychainSecretStore,
  MemorySecretStore,
  loadNapiKeyring,
  type SecretStore,
} from '../../electron/backend/secrets/index.js';
import { openDatabase } from '../../electron/service/db.js';
import { startService } from '../../electron/service/start.js';
import { resetApiKey } from '../../electron/service/users.js';
import { startTestService, type TestService } from '../support/service.js';

// Inside tests/integration/keychain-session.sh the keys go to the real (private) keychain;
// elsewhere to a memory store that the test carries over its simulated restarts.
const withKeychain = process.env['LINKDECK_TEST_KEYCHAIN'] === '1';
if (!withKeychain)
  console.warn(
    'accounts integration: LINKDECK_TEST_KEYCHAIN is not set, keys are kept in a memory store.',
  );
const KEYCHAIN_SERVICE = 'Linkdeck-accounts-test';
const newSecretStore = async (): Promise<SecretStore> =>
  withKeychain
    ? new KeychainSecretStore(await loadNapiKeyring(), { service: KEYCHAIN_SERVICE })
    : new MemorySecretStore();

/** What the shell will wire: GET /api/account through the real API client. */
const verifyAccount: VerifyAccount = async (baseUrl, apiKey) => {
  let learned: AuthScheme | undefined;
  const client = createApiClient({
    baseUrl,
    apiKey: () => apiKey,
    getAttempts: 1,
    onAuthSchemeLearned: (s) => (learned = s),
  });
  const account = await client.account.get();
  return {
    email: account.email,
    username: account.username,
    ...(learned ? { authScheme: learned } : {}),
  };
};

/** What the shell wires as recoverLocalKey: a new key made by the workspace's own service code. */
const recoverLocalKey = async (dir: string) => {
  const db = openDatabase(dir);
  try {
    return resetApiKey(db, 'first').apiKey;
  } finally {
    db.close();
  }
};

async function accountAnswer(baseUrl: string, key: string) {
  const res = await fetch(`${baseUrl}/api/account`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return {
    status: res.status,
    body: (await res.json()) as { error: number; data?: { email: string } },
  };
}

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

/** A base URL where nothing listens: a service that was started and stopped. */
async function deadAddress(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-dead-'));
  const service = await startService({ dataDir, port: 0 });
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
  return service.url;
}

let dataDir: string;
let opened: Accounts[];
let remote: TestService | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'linkdeck-accounts-it-'));
  opened = [];
});

afterEach(async () => {
  for (const accounts of opened) {
    for (const profile of accounts.list()) await accounts.remove(profile.id).catch(() => undefined);
    await accounts.close();
  }
  await remote?.close();
  remote = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(secrets: SecretStore, more: Partial<AccountsOptions> = {}) {
  const accounts = await createAccounts({
    dataDir,
    secrets,
    verifyAccount,
    startLocalService: startService,
    ...more,
  });
  opened.push(accounts);
  return accounts;
}

function filesUnder(dir: string, skipDir: string): Array<{ path: string; text: string }> {
  return readdirSync(dir, { recursive: true })
    .map((entry) => join(dir, String(entry)))
    .filter((path) => !path.startsWith(skipDir) && statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'latin1') }));
}

describe('accounts against the real local service', () => {
  it('first run, a second profile, switch, remove and restart', async () => {
    const secrets = await newSecretStore();
    const accounts = await open(secrets);
    expect(accounts.keychainStatus().kind).toBe(withKeychain ? 'keychain' : 'memory');

    // First run: the local workspace.
    const ws = await accounts.useLocalWorkspace();
    expect(ws).toMatchObject({ name: 'Local workspace', kind: 'local' });
    expect(ws.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(accounts.current()?.id).toBe(ws.id);
    const localKey = (await accounts.keyFor(ws.id)) as string;
    expect(localKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await secrets.get(ws.id)).toBe(localKey);
    expect(await accountAnswer(ws.baseUrl, localKey)).toMatchObject({
      status: 200,
      body: { error: 0, data: { email: 'you@localhost' } },
    });

    // A second service to connect to: a wrong key, an address where nothing listens, then the right key.
    remote = await startTestService();
    const wrong = await rejection(
      accounts.connect({ name: 'Team', baseUrl: remote.url, apiKey: `${remote.key}x` }),
    );
    expect(wrong.code).toBe('unauthorized');
    expect(wrong.message).toMatch(/^The service refused this API key\./);
    expect(wrong.message).not.toContain(remote.key);
    const dead = await deadAddress();
    const unreachable = await rejection(
      accounts.connect({ name: 'Typo', baseUrl: dead, apiKey: remote.key }),
    );
    expect(unreachable.code).toBe('offline');
    // The API client's own words for the failure: who refused, and what to check.
    expect(unreachable.message).toBe(
      `The service at ${new URL(dead).host} refused the connection (ECONNREFUSED, while reading the account). It may be down, or the port in the base URL may be wrong.`,
    );
    expect(accounts.list().map((p) => p.id)).toEqual([ws.id]);

    const team = await accounts.connect({
      name: 'Team',
      baseUrl: `${remote.url}/`,
      apiKey: remote.key,
    });
    expect(team).toMatchObject({ name: 'Team', kind: 'remote', baseUrl: remote.url });
    expect(accounts.current()?.id).toBe(team.id);
    expect(await secrets.get(team.id)).toBe(remote.key);
    expect(existsSync(accounts.dataDirFor(team.id))).toBe(true);

    // Switch back, then remove the remote profile.
    await accounts.switchTo(ws.id);
    expect(accounts.current()?.id).toBe(ws.id);
    const teamDir = accounts.dataDirFor(team.id);
    await accounts.remove(team.id);
    expect(await secrets.get(team.id)).toBeNull();
    expect(existsSync(teamDir)).toBe(false);
    expect(accounts.list().map((p) => p.id)).toEqual([ws.id]);

    // No key in any file the accounts wrote (the workspace's database holds its own key by nature).
    const files = filesUnder(dataDir, join(dataDir, 'local-workspace'));
    expect(files.map((f) => f.path)).toContain(join(dataDir, 'profiles.json'));
    for (const { text } of files) {
      expect(text).not.toContain(localKey);
      expect(text).not.toContain(remote.key);
    }

    // Restart: a new process would open a new secret store and new accounts on the same data dir.
    await accounts.close();
    await expect(fetch(`${ws.baseUrl}/api/account`)).rejects.toThrow();
    const secretsAfterRestart = withKeychain ? await newSecretStore() : secrets;
    const again = await open(secretsAfterRestart);
    expect(again.current()?.id).toBe(ws.id);
    const resumed = await again.resumeLocalWorkspace();
    expect(resumed?.id).toBe(ws.id);
    expect(again.current()?.baseUrl).toBe(resumed?.baseUrl);
    const keyAfterRestart = (await again.keyFor(ws.id)) as string;
    expect(keyAfterRestart).toBe(localKey);
    expect(await accountAnswer(resumed!.baseUrl, keyAfterRestart)).toMatchObject({
      status: 200,
      body: { error: 0 },
    });
  });

  it('keeps the workspace key across runs without a keychain (beside its database, 0600), and makes a new one only when that is gone too', async () => {
    const first = await open(new MemorySecretStore());
    const ws = await first.useLocalWorkspace();
    const key = (await first.keyFor(ws.id)) as string;
    await first.close();
    const keyFile = join(dataDir, 'local-workspace', 'owner.key');
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o077).toBe(0);

    // A second run with no keychain (cron, SSH): the same key, which still works.
    const again = await open(new MemorySecretStore({ reason: 'no keychain' }), { recoverLocalKey });
    const resumed = (await again.resumeLocalWorkspace())!;
    expect(await again.keyFor(ws.id)).toBe(key);
    expect(await accountAnswer(resumed.baseUrl, key)).toMatchObject({ status: 200 });
    await again.close();

    // Both the secret store and the file lost it: the workspace's service makes a new one, once.
    rmSync(keyFile);
    const third = await open(new MemorySecretStore({ reason: 'no keychain' }), { recoverLocalKey });
    const afterLoss = (await third.resumeLocalWorkspace())!;
    const newKey = (await third.keyFor(ws.id)) as string;
    expect(newKey).not.toBe(key);
    expect(await accountAnswer(afterLoss.baseUrl, newKey)).toMatchObject({ status: 200 });
    expect(await accountAnswer(afterLoss.baseUrl, key)).toMatchObject({ status: 401 });
    await third.close();
    const fourth = await open(new MemorySecretStore({ reason: 'no keychain' }), { recoverLocalKey });
    await fourth.resumeLocalWorkspace();
    expect(await fourth.keyFor(ws.id)).toBe(newKey);
    await fourth.close();
  });

  it('keeps the workspace on its port across restarts; a taken port is said, and it moves only when asked', async () => {
    const secrets = await newSecretStore();
    const first = await open(secrets);
    const ws = await first.useLocalWorkspace();
    const key = (await first.keyFor(ws.id)) as string;
    await first.close();

    const second = await open(secrets);
    expect((await second.resumeLocalWorkspace())?.baseUrl).toBe(ws.baseUrl);
    await second.close();

    const squatter = createServer();
    await new Promise<void>((done) =>
      squatter.listen(Number(new URL(ws.baseUrl).port), '127.0.0.1', done),
    );
    try {
      const third = await open(secrets);
      await expect(third.resumeLocalWorkspace()).rejects.toMatchObject({ details: { reason: 'port-taken' } });
      expect(third.get(ws.id)?.baseUrl).toBe(ws.baseUrl);
      const moved = await third.restartLocalWorkspace(true);
      expect(moved.baseUrl).not.toBe(ws.baseUrl);
      expect(third.get(ws.id)?.baseUrl).toBe(moved.baseUrl);
      expect(await accountAnswer(moved.baseUrl, key)).toMatchObject({ status: 200 });
    } finally {
      await new Promise((done) => squatter.close(done));
    }
  });

  it('removing the local workspace stops its service and deletes its database', async () => {
    const accounts = await open(await newSecretStore());
    const ws = await accounts.useLocalWorkspace();
    const key = (await accounts.keyFor(ws.id)) as string;
    expect((await accountAnswer(ws.baseUrl, key)).status).toBe(200);

    await accounts.remove(ws.id);
    await expect(fetch(`${ws.baseUrl}/api/account`)).rejects.toThrow();
    expect(existsSync(join(dataDir, 'local-workspace'))).toBe(false);
    expect(accounts.current()).toBeNull();
    expect(await accounts.keyFor(ws.id)).toBeNull();

    // Using it again makes a fresh workspace with a new user and key.
    const fresh = await accounts.useLocalWorkspace();
    const freshKey = (await accounts.keyFor(fresh.id)) as string;
    expect(freshKey).not.toBe(key);
    expect((await accountAnswer(fresh.baseUrl, freshKey)).status).toBe(200);
  });
});
