import { randomBytes } from 'node:crypto';
import { errorRefOf, KeyedError } from '../../shared/keyed-error.js';
import { englishText, msg, type MessageRef } from '../../shared/message-ref.js';
import {
  loadKeytar as defaultLoadKeytar,
  loadNapiKeyring,
  type KeychainModule,
  type LoadKeychainModule,
} from './keychain-module.js';
import { explainKeychainFailure } from './keychain-problem.js';
import { KeychainSecretStore } from './keychain-secret-store.js';
import { MemorySecretStore } from './memory-secret-store.js';
import {
  KEYCHAIN_SERVICE,
  describeError,
  silentLogger,
  type Logger,
  type SecretStore,
} from './secret-store.js';

export interface OpenSecretStoreOptions {
  /** The keychain module (default: @napi-rs/keyring). */
  loadKeychain?: LoadKeychainModule;
  /** Where keys of earlier versions may be (default: keytar, when it was installed). */
  loadLegacy?: LoadKeychainModule;
  log?: Logger;
  /**
   * How long loading the module and the probe may take together. On Linux without a Secret
   * Service, D-Bus activation can wait far longer than anyone should wait for a window.
   */
  probeTimeoutMs?: number;
  service?: string;
  platform?: NodeJS.Platform;
  /**
   * How the memory fallback's sentence is worded for `log` (default English, for log files):
   * `npm start` passes the terminal's language (electron/web/launch.ts).
   */
  say?: (ref: MessageRef) => string;
}

/** The probe's account: profile ids are lowercase hex, so it never meets a real profile. */
export const PROBE_ACCOUNT = '__linkdeck-probe__';
export const DEFAULT_PROBE_TIMEOUT_MS = 3000;

/**
 * The sentence of a memory fallback (issue 44), never holding a key. `cause`: the keychain's own
 * words, or the ref of a failure this file found itself (the module that would not load, the probe
 * that timed out or read back something else), so that sentence is in the person's language too.
 */
export const memoryFallbackRef = (cause: string | MessageRef): MessageRef => msg('errors.keychain.memoryFallback', { cause });

/** Its English, for logs and older callers. */
export function memoryFallbackReason(cause: string | MessageRef): string {
  return englishText(memoryFallbackRef(cause));
}

/**
 * The OS keychain when it really works (checked by storing, reading back and deleting a
 * throwaway entry), otherwise an in-memory store that says why, in words and in details.
 */
export async function openSecretStore(options: OpenSecretStoreOptions = {}): Promise<SecretStore> {
  const log = options.log ?? silentLogger;
  const say = options.say ?? englishText;
  const timeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const service = options.service ?? KEYCHAIN_SERVICE;
  const load = options.loadKeychain ?? loadNapiKeyring;
  const loadLegacy = options.loadLegacy ?? defaultLoadKeytar;

  const attempt = async (): Promise<KeychainSecretStore> => {
    let keychain: KeychainModule;
    try {
      keychain = await load();
    } catch (error) {
      // Its English `message` is what explainKeychainFailure classifies (keychain-problem.ts).
      throw Object.assign(new KeyedError(msg('errors.keychain.moduleNotLoaded', { detail: describeError(error) })), { cause: error });
    }
    await probe(keychain, service);
    return new KeychainSecretStore(keychain, { service, legacy: loadLegacy, log });
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new KeyedError(msg('errors.keychain.probeTimeout', { seconds: timeoutMs / 1000 }))),
      timeoutMs,
    );
  });
  try {
    const store = await Promise.race([attempt(), timeout]);
    log.info('API keys are kept in the OS keychain.');
    return store;
  } catch (error) {
    const details = describeError(error);
    log.warn(say(memoryFallbackRef(errorRefOf(error) ?? details)));
    return new MemorySecretStore({ ...explainKeychainFailure(details, options.platform), details });
  } finally {
    clearTimeout(timer);
  }
}

/** Uses the module directly so that the details carry the keychain's own words. */
async function probe(keychain: KeychainModule, service: string): Promise<void> {
  const value = randomBytes(16).toString('hex');
  await keychain.setPassword(service, PROBE_ACCOUNT, value);
  const readBack = await keychain.getPassword(service, PROBE_ACCOUNT);
  await keychain.deletePassword(service, PROBE_ACCOUNT);
  if (readBack !== value) throw new KeyedError(msg('errors.keychain.probeMismatch'));
}
