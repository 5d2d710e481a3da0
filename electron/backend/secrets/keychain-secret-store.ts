import { KeyedError } from '../../shared/keyed-error.js';
import { msg, type MessageRef } from '../../shared/message-ref.js';
import type { KeychainModule } from './keychain-module.js';
import {
  KEYCHAIN_SERVICE,
  checkAccount,
  checkSecret,
  describeError,
  silentLogger,
  type Logger,
  type SecretStore,
} from './secret-store.js';

export interface KeychainSecretStoreOptions {
  /** The keychain's service name; tests may isolate themselves with another one. */
  service?: string;
  /**
   * Where earlier versions kept keys (keytar), asked only when the keychain has no key for an
   * account. Null when it cannot be loaded; called at most once.
   */
  legacy?: () => Promise<KeychainModule | null>;
  log?: Logger;
}

/**
 * A failed keychain call as a message ref (issue 44), so the sentence around the module's own
 * words (`detail`, already stripped of the secret) reaches the person in their language through
 * errorRefOf; `message` stays the English for logs.
 */
function keychainError(ref: MessageRef, cause: unknown): KeyedError {
  const error = new KeyedError(ref);
  error.cause = cause;
  return error;
}

/** Keys in the OS keychain (macOS Keychain, Windows Credential Manager, Secret Service on Linux). */
export class KeychainSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly persistent = true;
  readonly service: string;
  readonly #log: Logger;
  readonly #loadLegacy: (() => Promise<KeychainModule | null>) | undefined;
  #legacy: Promise<KeychainModule | null> | undefined;

  constructor(
    private readonly keychain: KeychainModule,
    options: KeychainSecretStoreOptions = {},
  ) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.#log = options.log ?? silentLogger;
    this.#loadLegacy = options.legacy;
  }

  async get(account: string): Promise<string | null> {
    checkAccount(account);
    let secret: string | null;
    try {
      secret = (await this.keychain.getPassword(this.service, account)) ?? null;
    } catch (error) {
      throw keychainError(msg('errors.keychain.readFailed', { detail: describeError(error) }), error);
    }
    return secret ?? (await this.#moveFromLegacy(account));
  }

  async set(account: string, secret: string): Promise<void> {
    checkAccount(account);
    checkSecret(secret);
    try {
      await this.keychain.setPassword(this.service, account, secret);
    } catch (error) {
      throw keychainError(msg('errors.keychain.saveFailed', { detail: describeError(error, secret) }), error);
    }
  }

  async delete(account: string): Promise<boolean> {
    checkAccount(account);
    let deleted: boolean;
    try {
      deleted = await this.keychain.deletePassword(this.service, account);
    } catch (error) {
      throw keychainError(msg('errors.keychain.deleteFailed', { detail: describeError(error) }), error);
    }
    // A removed profile must not come back through a key an earlier version left behind.
    const legacy = await this.#legacyModule();
    if (legacy) deleted = (await this.#quietly(() => legacy.deletePassword(this.service, account))) || deleted;
    return deleted;
  }

  /**
   * A one-time move: a key that only the legacy module has is copied into the keychain, then
   * deleted from the legacy entry. Failures of the legacy module only mean "not found" — it is
   * a courtesy to upgraders, never a reason to fail a read.
   */
  async #moveFromLegacy(account: string): Promise<string | null> {
    const legacy = await this.#legacyModule();
    if (!legacy) return null;
    const secret = await this.#quietly(() => legacy.getPassword(this.service, account));
    if (!secret) return null;
    await this.set(account, secret);
    await this.#quietly(() => legacy.deletePassword(this.service, account));
    this.#log.info(`Moved the API key of profile ${account} from ${legacy.name} into the keychain.`);
    return secret;
  }

  #legacyModule(): Promise<KeychainModule | null> {
    this.#legacy ??= this.#loadLegacy ? this.#loadLegacy().catch(() => null) : Promise.resolve(null);
    return this.#legacy;
  }

  async #quietly<T>(action: () => Promise<T>): Promise<T | false> {
    try {
      return await action();
    } catch (error) {
      this.#log.warn(`The legacy keychain module failed: ${describeError(error)}`);
      return false;
    }
  }
}
