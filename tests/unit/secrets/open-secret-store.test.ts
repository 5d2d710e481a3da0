import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openSecretStore,
  PROBE_ACCOUNT,
  type Keytar,
  type Logger,
} from '../../../electron/backend/secrets/index.js';
import { fakeKeytar } from './fake-keytar.js';

const KEY = 'sk_live_never_in_a_log_0123456789';
const FALLBACK_END =
  ': keys are kept in memory for this session only and you will be asked again after a restart.';

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('openSecretStore', () => {
  it('uses the keychain when the probe stores, reads back and deletes an entry', async () => {
    const keytar = fakeKeytar();
    const calls: string[] = [];
    const spy: Keytar = {
      getPassword: (s, a) => (calls.push(`get ${a}`), keytar.getPassword(s, a)),
      setPassword: (s, a, p) => (calls.push(`set ${a}`), keytar.setPassword(s, a, p)),
      deletePassword: (s, a) => (calls.push(`delete ${a}`), keytar.deletePassword(s, a)),
    };
    const log = capture();
    const store = await openSecretStore({ loadKeytar: async () => spy, log });
    expect(store).toMatchObject({ kind: 'keychain', persistent: true });
    expect(store.reason).toBeUndefined();
    expect(calls).toEqual([
      `set ${PROBE_ACCOUNT}`,
      `get ${PROBE_ACCOUNT}`,
      `delete ${PROBE_ACCOUNT}`,
    ]);
    expect(keytar.entries.size).toBe(0);
    expect(log.lines).toEqual(['API keys are kept in the OS keychain.']);
  });

  it('falls back to memory, with the reason, when keytar cannot be loaded', async () => {
    const log = capture();
    const store = await openSecretStore({
      loadKeytar: async () => {
        throw new Error('libsecret-1.so.0: cannot open shared object file');
      },
      log,
    });
    expect(store).toMatchObject({ kind: 'memory', persistent: false });
    expect(store.reason).toBe(
      `No OS keychain is available (the keytar module could not be loaded: libsecret-1.so.0: cannot open shared object file)${FALLBACK_END}`,
    );
    expect(log.lines).toEqual([store.reason]);
  });

  it('falls back to memory when the probe fails', async () => {
    const keytar: Keytar = {
      ...fakeKeytar(),
      setPassword: async () => {
        throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
      },
    };
    const store = await openSecretStore({ loadKeytar: async () => keytar });
    expect(store.kind).toBe('memory');
    expect(store.reason).toBe(
      `No OS keychain is available (Cannot autolaunch D-Bus without X11 $DISPLAY)${FALLBACK_END}`,
    );
  });

  it('falls back to memory when the keychain gives back something else', async () => {
    const keytar: Keytar = { ...fakeKeytar(), getPassword: async () => 'not what was stored' };
    const store = await openSecretStore({ loadKeytar: async () => keytar });
    expect(store.kind).toBe('memory');
    expect(store.reason).toMatch(/did not give back what was stored/);
  });

  it('gives up on a keychain that hangs after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const keytar: Keytar = { ...fakeKeytar(), setPassword: () => new Promise(() => {}) };
    let settled = false;
    const opening = openSecretStore({ loadKeytar: async () => keytar }).finally(
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const store = await opening;
    expect(store.kind).toBe('memory');
    expect(store.reason).toBe(
      `No OS keychain is available (the keychain did not answer within 3 s)${FALLBACK_END}`,
    );
  });

  it('never logs a key passed through the store, on the keychain or in memory', async () => {
    for (const loadKeytar of [
      async () => fakeKeytar(),
      async () => Promise.reject(new Error('no keytar')),
    ]) {
      const log = capture();
      const store = await openSecretStore({ loadKeytar, log });
      await store.set('profile1', KEY);
      expect(await store.get('profile1')).toBe(KEY);
      await store.delete('profile1');
      expect(log.lines.length).toBeGreaterThan(0);
      for (const line of log.lines) expect(line).not.toContain(KEY);
    }
  });
});
