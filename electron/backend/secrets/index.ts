export {
  KeytarSecretStore,
  loadKeytar,
  type Keytar,
  type LoadKeytar,
} from './keytar-secret-store.js';
export { MemorySecretStore } from './memory-secret-store.js';
export {
  DEFAULT_PROBE_TIMEOUT_MS,
  PROBE_ACCOUNT,
  memoryFallbackReason,
  openSecretStore,
  type OpenSecretStoreOptions,
} from './open-secret-store.js';
export {
  KEYCHAIN_SERVICE,
  keychainStatus,
  redact,
  silentLogger,
  type KeychainStatus,
  type Logger,
  type SecretStore,
} from './secret-store.js';
