import type { Keytar } from '../../../electron/backend/secrets/index.js';

/** An in-memory keytar: what the OS keychain does, per service and account. */
export function fakeKeytar(): Keytar & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const id = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    getPassword: async (s, a) => entries.get(id(s, a)) ?? null,
    setPassword: async (s, a, p) => void entries.set(id(s, a), p),
    deletePassword: async (s, a) => entries.delete(id(s, a)),
  };
}
