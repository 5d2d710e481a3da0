/**
 * The native modules that reach the OS keychain, behind one small interface so the stores and
 * their tests do not care which one answered.
 *
 * - `@napi-rs/keyring` is the one Linkdeck uses: it ships prebuilt binaries for every platform
 *   and needs no libsecret or libdbus, so `npm install` never compiles anything for it.
 * - keytar is an optional dependency, kept only to find keys that earlier versions stored with
 *   it: on Linux and Windows the two modules file the same service and account under different
 *   item attributes, so neither sees the other's entries.
 */
export interface KeychainModule {
  /** Names the module in log lines and error details. */
  readonly name: string;
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  /** True when there was something to delete. */
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type LoadKeychainModule = () => Promise<KeychainModule>;

/** The part of @napi-rs/keyring we use. */
interface NapiKeyring {
  AsyncEntry: new (
    service: string,
    account: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => {
    getPassword(): Promise<string | null>;
    setPassword(password: string): Promise<void>;
    deletePassword(): Promise<boolean>;
  };
}

/**
 * On Linux the entry is pinned to the Secret Service (GNOME Keyring, KWallet). Left to itself
 * the module falls back to the kernel keyring, which forgets everything at logout: keys would
 * look saved and be gone the next morning. Better to say plainly that there is no keychain.
 */
const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } };

/** Loaded lazily: a static import of a native module that fails would stop the whole app. */
export const loadNapiKeyring: LoadKeychainModule = async () => {
  const mod = (await import('@napi-rs/keyring')) as unknown as Partial<NapiKeyring> & {
    default?: Partial<NapiKeyring>;
  };
  const AsyncEntry = mod.AsyncEntry ?? mod.default?.AsyncEntry;
  if (typeof AsyncEntry !== 'function') {
    throw new Error('the @napi-rs/keyring module does not have the expected AsyncEntry class');
  }
  // The constructor itself reaches for the store (and throws when there is none), so an entry
  // is made per call, inside the promise.
  const entry = async (service: string, account: string) =>
    new AsyncEntry(service, account, ENTRY_OPTIONS);
  return {
    name: '@napi-rs/keyring',
    getPassword: async (service, account) => (await entry(service, account)).getPassword(),
    setPassword: async (service, account, password) =>
      (await entry(service, account)).setPassword(password),
    deletePassword: async (service, account) => (await entry(service, account)).deletePassword(),
  };
};

/** The part of keytar we use. */
interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** keytar, where it was installed (it is optional: it builds only where libsecret's headers are). */
export const loadKeytar: LoadKeychainModule = async () => {
  // A variable specifier: keytar may be absent, and the type checker must not need it (the
  // build marks it external for the same reason).
  const specifier = 'keytar';
  const mod = (await import(specifier)) as Partial<Keytar> & { default?: Partial<Keytar> };
  const candidate = typeof mod.setPassword === 'function' ? mod : mod.default;
  if (
    !candidate ||
    typeof candidate.getPassword !== 'function' ||
    typeof candidate.setPassword !== 'function' ||
    typeof candidate.deletePassword !== 'function'
  ) {
    throw new Error('the keytar module does not have the expected functions');
  }
  const keytar = candidate as Keytar;
  return {
    name: 'keytar',
    getPassword: (service, account) => keytar.getPassword(service, account),
    setPassword: (service, account, password) => keytar.setPassword(service, account, password),
    deletePassword: (service, account) => keytar.deletePassword(service, account),
  };
};
