import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openSecretStore,
  PROBE_ACCOUNT,
  type KeychainModule,
  type Logger,
} from '../../../electron/backend/secrets/index.js';
import { SHARED_MESSAGES } from '../../../electron/shared/i18n/shared-messages.js';
import { createTranslator } from '../../../electron/shared/i18n/translate.js';
import { renderMessage } from '../../../electron/shared/message-ref.js';
import { fakeKeychain } from './fake-keychain.js';

const KEY = 'sk_live_never_in_a_log_0123456789';
const FALLBACK_END =
  ': keys are kept in memory for this session only and you will be asked again after a restart.';
/** No legacy keytar in these tests unless one says so. */
const noLegacy = async (): Promise<KeychainModule> => {
  throw new Error('keytar is not installed');
};

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('openSecretStore', () => {
  it('uses the keychain when the probe stores, reads back and deletes an entry', async () => {
    const keychain = fakeKeychain();
    const calls: string[] = [];
    const spy: KeychainModule = {
      name: 'spy',
      getPassword: (s, a) => (calls.push(`get ${a}`), keychain.getPassword(s, a)),
      setPassword: (s, a, p) => (calls.push(`set ${a}`), keychain.setPassword(s, a, p)),
      deletePassword: (s, a) => (calls.push(`delete ${a}`), keychain.deletePassword(s, a)),
    };
    const log = capture();
    const store = await openSecretStore({ loadKeychain: async () => spy, log });
    expect(store).toMatchObject({ kind: 'keychain', persistent: true });
    expect(store.reason).toBeUndefined();
    expect(calls).toEqual([
      `set ${PROBE_ACCOUNT}`,
      `get ${PROBE_ACCOUNT}`,
      `delete ${PROBE_ACCOUNT}`,
    ]);
    expect(keychain.entries.size).toBe(0);
    expect(log.lines).toEqual(['API keys are kept in the OS keychain.']);
  });

  it('falls back to memory when the module cannot be loaded: words for a person, the raw error as details and in the log', async () => {
    const log = capture();
    const store = await openSecretStore({
      loadKeychain: async () => {
        throw new Error('keyring.linux-x64-gnu.node: cannot open shared object file');
      },
      log,
    });
    expect(store).toMatchObject({ kind: 'memory', persistent: false });
    expect(store.reason).toBe("Linkdeck's keychain module does not work on this system.");
    expect(store.remedy).toMatch(/^Reinstall Linkdeck/);
    expect(store.details).toBe(
      'the keychain module could not be loaded: keyring.linux-x64-gnu.node: cannot open shared object file',
    );
    expect(log.lines).toEqual([
      `No OS keychain is available (${store.details})${FALLBACK_END}`,
    ]);
  });

  it('words the memory fallback in the language its printer passes (npm start: the terminal’s), its own causes too', async () => {
    const log = capture();
    const de = createTranslator('de', SHARED_MESSAGES);
    await openSecretStore({
      loadKeychain: async () => {
        throw new Error('cannot open shared object file');
      },
      log,
      say: (ref) => renderMessage(ref, de),
    });
    expect(log.lines).toEqual([
      'Kein Schlüsselbund des Betriebssystems verfügbar (das Schlüsselbund-Modul ließ sich nicht laden: cannot open shared object file): ' +
        'Schlüssel werden nur für diese Sitzung im Arbeitsspeicher gehalten, nach einem Neustart werden Sie erneut danach gefragt.',
    ]);
  });

  it('words a probe that read back something else, or never answered, in German too (the seconds in German digits)', async () => {
    const log = capture();
    const de = createTranslator('de', SHARED_MESSAGES);
    const say = (ref: Parameters<typeof renderMessage>[0]) => renderMessage(ref, de);
    const other: KeychainModule = { ...fakeKeychain(), getPassword: async () => 'not what was stored' };
    const mismatch = await openSecretStore({ loadKeychain: async () => other, log, say });
    // The details stay English: they are what keychain-problem.ts classifies, and the log file's.
    expect(mismatch.details).toBe('the keychain did not give back what was stored in it');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hangs: KeychainModule = { ...fakeKeychain(), setPassword: () => new Promise(() => {}) };
    const opening = openSecretStore({ loadKeychain: async () => hangs, log, say, probeTimeoutMs: 1500 });
    await vi.advanceTimersByTimeAsync(1500);
    const timedOut = await opening;
    expect(timedOut.reason).toBe('The keychain did not answer.');
    expect(log.lines.map((line) => line.slice(0, line.indexOf(')') + 1))).toEqual([
      'Kein Schlüsselbund des Betriebssystems verfügbar (der Schlüsselbund hat nicht zurückgegeben, was darin gespeichert wurde)',
      'Kein Schlüsselbund des Betriebssystems verfügbar (der Schlüsselbund hat nicht innerhalb von 1,5 s geantwortet)',
    ]);
  });

  it('names the missing keychain service when the probe finds no D-Bus session (as on a bare Linux machine)', async () => {
    const keychain: KeychainModule = {
      ...fakeKeychain(),
      setPassword: async () => {
        // What @napi-rs/keyring says on this machine without DBUS_SESSION_BUS_ADDRESS.
        throw new Error(
          'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead',
        );
      },
    };
    const store = await openSecretStore({ loadKeychain: async () => keychain, platform: 'linux' });
    expect(store.kind).toBe('memory');
    expect(store.reason).toBe('No keychain service is running — on Linux, that is GNOME Keyring or KWallet.');
    expect(store.remedy).toMatch(/GNOME Keyring \(the gnome-keyring package\) or KWallet/);
    expect(store.details).toMatch(/^Platform failure: DBus error: Using X11/);
  });

  it('falls back to memory when the keychain gives back something else', async () => {
    const keychain: KeychainModule = { ...fakeKeychain(), getPassword: async () => 'not what was stored' };
    const store = await openSecretStore({ loadKeychain: async () => keychain });
    expect(store.kind).toBe('memory');
    expect(store.reason).toBe('The keychain did not give back a key Linkdeck stored in it.');
    expect(store.details).toMatch(/did not give back what was stored/);
  });

  it('gives up on a keychain that hangs after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const keychain: KeychainModule = { ...fakeKeychain(), setPassword: () => new Promise(() => {}) };
    let settled = false;
    const opening = openSecretStore({ loadKeychain: async () => keychain }).finally(
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const store = await opening;
    expect(store.kind).toBe('memory');
    expect(store.reason).toBe('The keychain did not answer.');
    expect(store.remedy).toMatch(/locked and waiting for its password/);
    expect(store.details).toBe('the keychain did not answer within 3 s');
  });

  it('never logs a key passed through the store, on the keychain or in memory', async () => {
    for (const loadKeychain of [
      async () => fakeKeychain(),
      async () => Promise.reject(new Error('no keychain module')),
    ]) {
      const log = capture();
      const store = await openSecretStore({ loadKeychain, loadLegacy: noLegacy, log });
      await store.set('profile1', KEY);
      expect(await store.get('profile1')).toBe(KEY);
      await store.delete('profile1');
      expect(log.lines.length).toBeGreaterThan(0);
      for (const line of log.lines) expect(line).not.toContain(KEY);
    }
  });
});
