import { randomBytes } from 'node:crypto';
import {
  KeytarSecretStore,
  loadKeytar as defaultLoadKeytar,
  type Keytar,
  type LoadKeytar,
} from './keytar-secret-store.js';
import { MemorySecretStore } from './memory-secret-store.js';
import {
  KEYCHAIN_SERVICE,
  describeError,
  silentLogger,
  type Logger,
  type SecretStore,
} from './secret-store.js';

export interface OpenSecretStoreOptions {
  loadKeytar?: LoadKeytar;
  log?: Logger;
  /**
   * How long loading keytar and the probe may take together. On Linux without a Secret Service,
   * libsecret can wait for D-Bus activation far longer than anyone should wait for a window.
   */
  probeTimeoutMs?: number;
  service?: string;
}

/** The probe's account: profile ids are lowercase hex, so it never meets a real profile. */
export const PROBE_ACCOUNT = '__linkdeck-probe__';
export const DEFAULT_PROBE_TIMEOUT_MS = 3000;

export function memoryFallbackReason(cause: string): string {
  return `No OS keychain is available (${cause}): keys are kept in memory for this session only and you will be asked again after a restart.`;
}

/**
 * The OS keychain when it really works (checked by storing, reading back and deleting a
 * throwaway entry), otherwise an in-memory store that says why.
 */
export async function openSecretStore(options: OpenSecretStoreOptions = {}): Promise<SecretStore> {
  const log = options.log ?? silentLogger;
  const timeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const service = options.service ?? KEYCHAIN_SERVICE;
  const load = options.loadKeytar ?? defaultLoadKeytar;

  const attempt = async (): Promise<KeytarSecretStore> => {
    let keytar: Keytar;
    try {
      keytar = await load();
    } catch (error) {
      throw new Error(`the keytar module could not be loaded: ${describeError(error)}`, {
        cause: error,
      });
    }
    await probe(keytar, service);
    return new KeytarSecretStore(keytar, service);
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the keychain did not answer within ${formatSeconds(timeoutMs)}`)),
      timeoutMs,
    );
  });
  try {
    const store = await Promise.race([attempt(), timeout]);
    log.info('API keys are kept in the OS keychain.');
    return store;
  } catch (error) {
    const reason = memoryFallbackReason(describeError(error));
    log.warn(reason);
    return new MemorySecretStore({ reason });
  } finally {
    clearTimeout(timer);
  }
}

/** Uses keytar directly so that the fallback reason carries the keychain's own words. */
async function probe(keytar: Keytar, service: string): Promise<void> {
  const value = randomBytes(16).toString('hex');
  await keytar.setPassword(service, PROBE_ACCOUNT, value);
  const readBack = await keytar.getPassword(service, PROBE_ACCOUNT);
  await keytar.deletePassword(service, PROBE_ACCOUNT);
  if (readBack !== value) throw new Error('the keychain did not give back what was stored in it');
}

function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
