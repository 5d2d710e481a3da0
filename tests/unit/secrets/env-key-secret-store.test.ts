import { describe, expect, it } from 'vitest';
import { EnvKeySecretStore, MemorySecretStore } from '../../../electron/backend/secrets/index.js';

describe('EnvKeySecretStore (LINKDECK_API_KEY for one profile)', () => {
  it('answers the given key for its profile only, and never stores it anywhere', async () => {
    const inner = new MemorySecretStore({ reason: 'no keychain' });
    await inner.set('other', 'other-key');
    const store = new EnvKeySecretStore(inner, 'work', 'env-key');
    expect(await store.get('work')).toBe('env-key');
    expect(await store.get('other')).toBe('other-key');
    expect(await store.get('third')).toBeNull();

    await store.set('work', 'typed-key');
    expect(await inner.get('work')).toBeNull();
    expect(await store.get('work')).toBe('env-key');
    await store.set('third', 'k3');
    expect(await inner.get('third')).toBe('k3');

    expect(store.kind).toBe('memory');
    expect(store.reason).toBe('no keychain');
    expect(JSON.stringify(store)).not.toContain('env-key');
  });
});
