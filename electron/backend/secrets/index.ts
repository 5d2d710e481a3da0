export {
  loadKeytar,
  loadNapiKeyring,
  type KeychainModule,
  type LoadKeychainModule,
} from './keychain-module.js';
export { explainKeychainFailure, type KeychainProblem } from './keychain-problem.js';
export { KeychainSecretStore, type KeychainSecretStoreOptions } from './keychain-secret-store.js';
export { EnvKeySecretStore } from './env-key-secret-store.js';
export { MemorySecretStore } from './memory-secret-store.js';
export {
  DEFAULT_PROBE_TIMEOUT_MS,
  PROBE_ACCOUNT,
  memoryFallbackReason,
  memoryFallbackRef,
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
