import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  KeychainSecretStore,
  MemorySecretStore,
  type Logger,
} from '../../../electron/backend/secrets/index.js';
import { failingKeychain, fakeKeychain } from './fake-keychain.js';

const KEY = 'sk_live_0123456789abcdefghijklmnop';

describe('MemorySecretStore', () => {
  it('keeps secrets per account for this process only', async () => {
    const store = new MemorySecretStore();
    expect(store).toMatchObject({ kind: 'memory', persistent: false });
    expect(await store.get('a')).toBeNull();
    await store.set('a', KEY);
    await store.set('b', 'other');
    expect(await store.get('a')).toBe(KEY);
    expect(await store.delete('a')).toBe(true);
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBe('other');
  });

  it('does not show its secrets when inspected or serialised', async () => {
    const store = new MemorySecretStore({ reason: 'why' });
    await store.set('a', KEY);
    expect(inspect(store, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(store)).not.toContain(KEY);
    expect(store.reason).toBe('why');
  });

  it('refuses empty accounts and secrets', async () => {
    const store = new MemorySecretStore();
    await expect(store.set('', KEY)).rejects.toThrow(/account name/);
    await expect(store.set('a', '')).rejects.toThrow(/empty secret/);
  });
});

describe('KeychainSecretStore', () => {
  it('stores under the Linkdeck service name, one entry per account', async () => {
    const keychain = fakeKeychain();
    const store = new KeychainSecretStore(keychain);
    expect(store).toMatchObject({ kind: 'keychain', persistent: true, service: 'Linkdeck' });
    await store.set('p1', KEY);
    await store.set('p2', 'second');
    expect([...keychain.entries.keys()]).toEqual(['Linkdeck\u0000p1', 'Linkdeck\u0000p2']);
    expect(await store.get('p1')).toBe(KEY);
    expect(await store.delete('p1')).toBe(true);
    expect(await store.get('p1')).toBeNull();
    expect(await store.get('p2')).toBe('second');
  });

  it('explains keychain failures without repeating the secret', async () => {
    const store = new KeychainSecretStore(failingKeychain());
    await expect(store.get('p1')).rejects.toThrow(
      'Could not read a key from the OS keychain: Cannot autolaunch D-Bus without X11 $DISPLAY',
    );
    await expect(store.delete('p1')).rejects.toThrow(
      'Could not delete a key from the OS keychain: The keyring is locked',
    );
    const error = await store.set('p1', KEY).then(
      () => new Error('expected a rejection'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toBe(
      'Could not save the key in the OS keychain: rejected secret [redacted]',
    );
  });
});

describe('KeychainSecretStore and the keys earlier versions kept through keytar', () => {
  const log = (): Logger & { lines: string[] } => {
    const lines: string[] = [];
    return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m) };
  };

  it('moves a key found only in keytar into the keychain, once, and forgets the old entry', async () => {
    const keychain = fakeKeychain('@napi-rs/keyring');
    const keytar = fakeKeychain('keytar');
    await keytar.setPassword('Linkdeck', 'p1', KEY);
    let loads = 0;
    const lines = log();
    const store = new KeychainSecretStore(keychain, { legacy: async () => (loads++, keytar), log: lines });

    expect(await store.get('p1')).toBe(KEY);
    expect(keychain.entries.get('Linkdeck\u0000p1')).toBe(KEY);
    expect(keytar.entries.size).toBe(0);
    expect(await store.get('p1')).toBe(KEY);
    expect(await store.get('unknown')).toBeNull();
    expect(loads).toBe(1);
    expect(lines.lines).toEqual(['Moved the API key of profile p1 from keytar into the keychain.']);
    for (const line of lines.lines) expect(line).not.toContain(KEY);
  });

  it('prefers the keychain: a key saved since the upgrade wins over an old keytar entry', async () => {
    const keychain = fakeKeychain();
    const keytar = fakeKeychain('keytar');
    await keytar.setPassword('Linkdeck', 'p1', 'old-key');
    const store = new KeychainSecretStore(keychain, { legacy: async () => keytar });
    await store.set('p1', KEY);
    expect(await store.get('p1')).toBe(KEY);
  });

  it('deletes a profile key from both, so a removed profile cannot come back through keytar', async () => {
    const keychain = fakeKeychain();
    const keytar = fakeKeychain('keytar');
    await keytar.setPassword('Linkdeck', 'p1', 'old-key');
    const store = new KeychainSecretStore(keychain, { legacy: async () => keytar });
    expect(await store.delete('p1')).toBe(true);
    expect(keytar.entries.size).toBe(0);
    expect(await store.get('p1')).toBeNull();
  });

  it('works on when keytar is not installed or fails: it only means "not found"', async () => {
    const keychain = fakeKeychain();
    const missing = new KeychainSecretStore(keychain, {
      legacy: () => Promise.reject(new Error("Cannot find package 'keytar'")),
    });
    expect(await missing.get('p1')).toBeNull();
    const lines = log();
    const broken = new KeychainSecretStore(keychain, {
      legacy: async () => ({
        ...fakeKeychain('keytar'),
        getPassword: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
      }),
      log: lines,
    });
    expect(await broken.get('p1')).toBeNull();
    expect(lines.lines).toEqual(['The legacy keychain module failed: Cannot autolaunch D-Bus without X11 $DISPLAY']);
  });
});
