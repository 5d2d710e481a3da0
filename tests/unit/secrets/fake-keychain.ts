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
