import {
  KEYCHAIN_SERVICE,
  checkAccount,
  checkSecret,
  describeError,
  type SecretStore,
} from './secret-store.js';

/** The part of keytar we use. */
export interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type LoadKeytar = () => Promise<Keytar>;

/**
 * Loads keytar lazily: it is a native module, and where its library (libsecret) is missing a
 * static import would stop the whole app from starting instead of falling back to memory.
 */
export const loadKeytar: LoadKeytar = async () => {
  const mod = (await import('keytar')) as unknown as Partial<Keytar> & {
    default?: Partial<Keytar>;
  };
  const candidate = typeof mod.setPassword === 'function' ? mod : mod.default;
  if (
    !candidate ||
    typeof candidate.getPassword !== 'function' ||
    typeof candidate.setPassword !== 'function' ||
    typeof candidate.deletePassword !== 'function'
  ) {
    throw new Error('the keytar module does not have the expected functions');
  }
  return candidate as Keytar;
};

/** Keys in the OS keychain (macOS Keychain, Windows Credential Vault, Secret Service on Linux). */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly persistent = true;

  constructor(
    private readonly keytar: Keytar,
    /** The keychain's service name; tests may isolate themselves with another one. */
    readonly service: string = KEYCHAIN_SERVICE,
  ) {}

  async get(account: string): Promise<string | null> {
    checkAccount(account);
    try {
      return (await this.keytar.getPassword(this.service, account)) ?? null;
    } catch (error) {
      throw new Error(`Could not read a key from the OS keychain: ${describeError(error)}`, {
        cause: error,
      });
    }
  }

  async set(account: string, secret: string): Promise<void> {
    checkAccount(account);
    checkSecret(secret);
    try {
      await this.keytar.setPassword(this.service, account, secret);
    } catch (error) {
      throw new Error(
        `Could not save the key in the OS keychain: ${describeError(error, secret)}`,
        { cause: error },
      );
    }
  }

  async delete(account: string): Promise<boolean> {
    checkAccount(account);
    try {
      return await this.keytar.deletePassword(this.service, account);
    } catch (error) {
      throw new Error(`Could not delete a key from the OS keychain: ${describeError(error)}`, {
        cause: error,
      });
    }
  }
}
