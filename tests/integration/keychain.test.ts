import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  KeychainSecretStore,
  PROBE_ACCOUNT,
  loadKeytar,
  loadNapiKeyring,
  openSecretStore,
} from '../../electron/backend/secrets/index.js';
import { skipBecause } from '../support/skip-reason.js';

// The real OS keychain: tests/run-all.mjs runs this project inside tests/integration/keychain-session.sh
// (a private D-Bus session with a fresh, unlocked gnome-keyring), which sets LINKDECK_TEST_KEYCHAIN=1.
const withKeychain = process.env['LINKDECK_TEST_KEYCHAIN'] === '1';
const SKIP_REASON =
  'keychain tests skipped: LINKDECK_TEST_KEYCHAIN is not set. Run them inside a private keyring with ' +
  '`dbus-run-session -- bash tests/integration/keychain-session.sh npx vitest run --config tests/vitest.config.ts --project integration tests/integration/keychain.test.ts` ' +
  '(needs dbus and gnome-keyring).';
if (!withKeychain) console.warn(SKIP_REASON);
// keytar is optional: it is there only where it could be built (libsecret's headers), as in CI.
const keytar = await loadKeytar().catch(() => null);
const KEYTAR_SKIP_REASON = 'keytar migration test skipped: keytar is not installed (it builds only where libsecret-1-dev is).';
if (withKeychain && !keytar) console.warn(KEYTAR_SKIP_REASON);

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const newAccount = () => `test-${randomBytes(6).toString('hex')}`;
const newKey = () => `sk_${randomBytes(24).toString('base64url')}`;

describe.skipIf(!withKeychain)('the real OS keychain through @napi-rs/keyring', () => {
  it('stores, reads back and deletes a key', async () => {
    const store = new KeychainSecretStore(await loadNapiKeyring());
    const account = newAccount();
    const key = newKey();
    expect(await store.get(account)).toBeNull();
    await store.set(account, key);
    expect(await store.get(account)).toBe(key);
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('keeps the keys of two profiles apart', async () => {
    const store = new KeychainSecretStore(await loadNapiKeyring());
    const [a, b] = [newAccount(), newAccount()];
    const [keyA, keyB, keyB2] = [newKey(), newKey(), newKey()];
    await store.set(a, keyA);
    await store.set(b, keyB);
    expect(await store.get(a)).toBe(keyA);
    expect(await store.get(b)).toBe(keyB);
    await store.set(b, keyB2);
    expect(await store.get(a)).toBe(keyA);
    expect(await store.get(b)).toBe(keyB2);
    await store.delete(a);
    expect(await store.get(a)).toBeNull();
    expect(await store.get(b)).toBe(keyB2);
    await store.delete(b);
  });

  it('holds the key outside this process: another process reads it from the keychain', async () => {
    const store = new KeychainSecretStore(await loadNapiKeyring());
    const account = newAccount();
    const key = newKey();
    await store.set(account, key);
    const script = `new (require('@napi-rs/keyring').AsyncEntry)('Linkdeck', process.argv[1]).getPassword().then((p) => process.stdout.write(String(p)))`;
    const { stdout } = await run(process.execPath, ['-e', script, account], { cwd: root });
    expect(stdout).toBe(key);
    await store.delete(account);
  });

  it('openSecretStore picks the keychain when it works, and leaves no probe entry behind', async () => {
    const store = await openSecretStore();
    expect(store).toMatchObject({ kind: 'keychain', persistent: true });
    expect(store.reason).toBeUndefined();
    expect(await (await loadNapiKeyring()).getPassword('Linkdeck', PROBE_ACCOUNT)).toBeNull();
  });
});

describe.skipIf(!withKeychain || !keytar)('keys saved by earlier versions through keytar', () => {
  it('are found after the upgrade and moved into the keychain once', async () => {
    const account = newAccount();
    const key = newKey();
    await keytar!.setPassword('Linkdeck', account, key);
    // The two modules file entries under different attributes: the new one alone does not see it.
    const keyring = await loadNapiKeyring();
    expect(await keyring.getPassword('Linkdeck', account)).toBeNull();

    const store = await openSecretStore();
    expect(store.kind).toBe('keychain');
    expect(await store.get(account)).toBe(key);
    expect(await keyring.getPassword('Linkdeck', account)).toBe(key);
    expect(await keytar!.getPassword('Linkdeck', account)).toBeNull();
    expect(await store.delete(account)).toBe(true);
  });
});

describe.skipIf(
  skipBecause(process.platform !== 'linux', `the keychain without a Secret Service: that is Linux's keychain service (this is ${process.platform})`),
)('without a Secret Service', () => {
  it('the real keychain module does not crash the app: keys go to memory, and the banner says what is missing', async () => {
    const script = [
      "import { openSecretStore } from './electron/backend/secrets/index.ts';",
      'const store = await openSecretStore();',
      'process.stdout.write(JSON.stringify({ kind: store.kind, persistent: store.persistent, reason: store.reason, details: store.details }));',
    ].join('\n');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/linkdeck-test-bus',
    };
    delete env['DISPLAY'];
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, env },
    );
    const result = JSON.parse(stdout) as { kind: string; persistent: boolean; reason: string; details: string };
    expect(result).toMatchObject({
      kind: 'memory',
      persistent: false,
      reason: 'No keychain service is running — on Linux, that is GNOME Keyring or KWallet.',
    });
    expect(result.details).toMatch(/DBus|D-Bus|Secret Service/i);
  });
});
