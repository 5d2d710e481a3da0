import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  KeytarSecretStore,
  MemorySecretStore,
  type Keytar,
} from '../../../electron/backend/secrets/index.js';
import { fakeKeytar } from './fake-keytar.js';

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

describe('KeytarSecretStore', () => {
  it('stores under the Linkdeck service name, one entry per account', async () => {
    const keytar = fakeKeytar();
    const store = new KeytarSecretStore(keytar);
    expect(store).toMatchObject({ kind: 'keychain', persistent: true, service: 'Linkdeck' });
    await store.set('p1', KEY);
    await store.set('p2', 'second');
    expect([...keytar.entries.keys()]).toEqual(['Linkdeck\u0000p1', 'Linkdeck\u0000p2']);
    expect(await store.get('p1')).toBe(KEY);
    expect(await store.delete('p1')).toBe(true);
    expect(await store.get('p1')).toBeNull();
    expect(await store.get('p2')).toBe('second');
  });

  it('explains keychain failures without repeating the secret', async () => {
    const failing: Keytar = {
      getPassword: async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
      setPassword: async (_s, _a, p) => {
        throw new Error(`rejected secret ${p}`);
      },
      deletePassword: async () => {
        throw new Error('The keyring is locked');
      },
    };
    const store = new KeytarSecretStore(failing);
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
