import type { MessageRef } from '../../shared/message-ref.js';

/**
 * Where API keys live. Accounts are profile ids; secrets are API keys. Implementations never log
 * or echo a secret, and nothing here writes one to disk in clear.
 */
export interface SecretStore {
  /** 'keychain': the OS keychain; 'memory': this process only. */
  readonly kind: 'keychain' | 'memory';
  /** False when secrets are lost at exit. */
  readonly persistent: boolean;
  /** Why the OS keychain is not used, in words for the user (memory fallback only). */
  readonly reason?: string;
  /** What the user can do about it (memory fallback only). */
  readonly remedy?: string;
  /** The keychain's own error, for a "details" disclosure (memory fallback only). */
  readonly details?: string;
  /** `reason` and `remedy` as messages, shown in the person's language (issue 44). */
  readonly reasonRef?: MessageRef;
  readonly remedyRef?: MessageRef;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when there was something to delete. */
  delete(account: string): Promise<boolean>;
}

/** What the UI shows about key storage. */
export type KeychainStatus = Pick<SecretStore, 'kind' | 'persistent' | 'reason' | 'remedy' | 'details' | 'reasonRef' | 'remedyRef'>;

/** The minimal logger the backend parts take. Messages must never contain a secret. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

export const silentLogger: Logger = { info: () => {}, warn: () => {} };

/** The keychain service name every Linkdeck key is stored under. */
export const KEYCHAIN_SERVICE = 'Linkdeck';

export function keychainStatus(store: SecretStore): KeychainStatus {
  return {
    kind: store.kind,
    persistent: store.persistent,
    ...(store.reason ? { reason: store.reason } : {}),
    ...(store.remedy ? { remedy: store.remedy } : {}),
    ...(store.details ? { details: store.details } : {}),
    ...(store.reasonRef ? { reasonRef: store.reasonRef } : {}),
    ...(store.remedyRef ? { remedyRef: store.remedyRef } : {}),
  };
}

/** Rejects account names that would be ambiguous in the keychain. */
export function checkAccount(account: string): void {
  if (typeof account !== 'string' || account.length === 0 || account.length > 200) {
    throw new TypeError('A secret needs a non-empty account name.');
  }
}

export function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0)
    throw new TypeError('Cannot store an empty secret.');
}

/** A single-line, short description of an error, with `secret` (if given) masked out. */
export function describeError(error: unknown, secret?: string): string {
  const raw = error instanceof Error ? error.message : String(error);
  return redact(raw, secret).replace(/\s+/g, ' ').trim().slice(0, 200) || 'unknown error';
}

/** Masks every occurrence of `secret` in `text`. */
export function redact(text: string, secret?: string | null): string {
  if (!secret) return text;
  return text.split(secret).join('[redacted]');
}
