import { checkAccount, type SecretStore } from './secret-store.js';

/**
 * One profile's key given by the environment (`LINKDECK_API_KEY`, for cron and CI where no
 * keychain session exists), over the real store for every other profile. The key is only ever
 * answered from memory: `set` for that profile goes nowhere (it was given, not chosen, and must
 * not end up in a keychain or a file), `delete` leaves the real store's entry alone.
 */
export class EnvKeySecretStore implements SecretStore {
  readonly #inner: SecretStore;
  readonly #account: string;
  readonly #key: string;

  constructor(inner: SecretStore, account: string, key: string) {
    checkAccount(account);
    this.#inner = inner;
    this.#account = account;
    this.#key = key;
  }

  get kind() {
    return this.#inner.kind;
  }
  get persistent() {
    return this.#inner.persistent;
  }
  get reason() {
    return this.#inner.reason;
  }
  get remedy() {
    return this.#inner.remedy;
  }
  get details() {
    return this.#inner.details;
  }
  get reasonRef() {
    return this.#inner.reasonRef;
  }
  get remedyRef() {
    return this.#inner.remedyRef;
  }

  async get(account: string): Promise<string | null> {
    return account === this.#account ? this.#key : this.#inner.get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    if (account !== this.#account) await this.#inner.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.#inner.delete(account);
  }

  /** Never the key, as with the other stores. */
  toJSON(): { kind: string; environmentKeyFor: string } {
    return { kind: this.#inner.kind, environmentKeyFor: this.#account };
  }
}
