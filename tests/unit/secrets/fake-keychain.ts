import type { KeychainModule } from '../../../electron/backend/secrets/index.js';

/** An in-memory keychain module: what the OS keychain does, per service and account. */
export function fakeKeychain(name = 'fake'): KeychainModule & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const id = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    name,
    entries,
    getPassword: async (s, a) => entries.get(id(s, a)) ?? null,
    setPassword: async (s, a, p) => void entries.set(id(s, a), p),
    deletePassword: async (s, a) => entries.delete(id(s, a)),
  };
}

/**
 * A keychain module whose every call fails, in words such modules use: reading as without a
 * desktop session ("Cannot autolaunch D-Bus without X11 $DISPLAY"), saving with the secret in its
 * message ("rejected secret <the secret>", which the store must redact), deleting as on a locked
 * keyring ("The keyring is locked").
 */
export function failingKeychain(): KeychainModule {
  return {
    name: 'failing',
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
}
