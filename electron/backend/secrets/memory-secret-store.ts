import type { MessageRef } from '../../shared/message-ref.js';
import { checkAccount, checkSecret, type SecretStore } from './secret-store.js';

/** Keys held in this process only: for unit tests, and the fallback when no OS keychain works. */
export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory' as const;
  readonly persistent = false;
  readonly reason?: string;
  readonly remedy?: string;
  readonly details?: string;
  readonly reasonRef?: MessageRef;
  readonly remedyRef?: MessageRef;
  readonly #secrets = new Map<string, string>();

  constructor(options: { reason?: string; remedy?: string; details?: string; reasonRef?: MessageRef; remedyRef?: MessageRef } = {}) {
    if (options.reasonRef) this.reasonRef = options.reasonRef;
    if (options.remedyRef) this.remedyRef = options.remedyRef;
    if (options.reason) this.reason = options.reason;
    if (options.remedy) this.remedy = options.remedy;
    if (options.details) this.details = options.details;
  }

  async get(account: string): Promise<string | null> {
    checkAccount(account);
    return this.#secrets.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    checkAccount(account);
    checkSecret(secret);
    this.#secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    checkAccount(account);
    return this.#secrets.delete(account);
  }

  /** Shows the accounts (never the secrets) for debugging: a store must not leak through inspection. */
  toJSON(): { kind: 'memory'; accounts: string[] } {
    return { kind: 'memory', accounts: [...this.#secrets.keys()] };
  }
}
