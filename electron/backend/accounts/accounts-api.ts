import type { AuthScheme, Profile } from '../../shared/profile-validation.js';
import type { KeychainStatus, Logger, SecretStore } from '../secrets/secret-store.js';

/** What `GET /api/account` proved: the key works at that base URL. */
export interface VerifiedAccount {
  email: string;
  username: string;
  /** Set when the server accepted only `Token <key>`. */
  authScheme?: AuthScheme;
}

/**
 * Checks a base URL and key against the service. Throws on failure: an error with a `code`
 * ('unauthorized', 'offline', …) or an HTTP `status`, or fetch's own network error.
 */
export type VerifyAccount = (baseUrl: string, apiKey: string) => Promise<VerifiedAccount>;

/** A running embedded service: what `startService` (electron/service/start.ts) resolves to. */
export interface LocalServiceHandle {
  /** The short links' base: the public address when one was given, else the loopback address. */
  url: string;
  /** The port it listens on (the API is always reached at http://127.0.0.1:<port>). */
  port?: number;
  /** Present when this start created the database and its first user. */
  firstApiKey?: string;
  close(): Promise<void>;
}

export type StartLocalService = (options: {
  dataDir: string;
  port?: number;
  /** The workspace's public address (Profile.publicUrl): the base of its short URLs. */
  publicUrl?: string;
  /** Proxies whose forwarding headers the service believes (ServiceOptions.trustProxy). */
  trustProxy?: string[];
}) => Promise<LocalServiceHandle>;

/**
 * Gives the local workspace a working key again when the secret store lost it (memory store
 * after a restart, a keychain that forgot it): the workspace's service is ours, so it makes a
 * new key (its database keeps only hashes, nothing to read back). Gets the workspace's data
 * directory.
 */
export type RecoverLocalKey = (localDataDir: string) => Promise<string | null>;

export interface AccountsOptions {
  /** The app's data directory: profiles.json, profiles/<id>/ and local-workspace/ live here. */
  dataDir: string;
  secrets: SecretStore;
  verifyAccount: VerifyAccount;
  startLocalService: StartLocalService;
  recoverLocalKey?: RecoverLocalKey;
  now?: () => number;
  log?: Logger;
  /** A guard around verifyAccount, in case it has no timeout of its own. */
  verifyTimeoutMs?: number;
}

export interface ProfilesSnapshot {
  profiles: Profile[];
  currentProfileId: string | null;
}

export interface ConnectInput {
  /** Defaults to the host name of the base URL. */
  name?: string;
  baseUrl: string;
  apiKey: string;
}

export interface Accounts {
  list(): Profile[];
  current(): Profile | null;
  get(id: string): Profile | null;
  snapshot(): ProfilesSnapshot;
  switchTo(id: string): Promise<Profile>;
  rename(id: string, name: string): Promise<Profile>;
  /** Starts the embedded local service (creating the local profile on the first run) and makes it current. */
  useLocalWorkspace(): Promise<Profile>;
  /** At app start: starts the local service again if a local profile exists, without changing the current profile. */
  resumeLocalWorkspace(): Promise<Profile | null>;
  /**
   * After the workspace's port was taken at start: `move: false` tries the same port again (the
   * user freed it), `move: true` takes a free port (earlier local links stop opening).
   */
  restartLocalWorkspace(move: boolean): Promise<Profile>;
  /** The port the workspace could not get at its last start (someone else holds it), or null. */
  localPortTaken(): number | null;
  /**
   * Saves the local workspace's public address (null: back to loopback) and restarts its service
   * with it. Returns the profile and the short-URL base before the change (for the mirror).
   */
  setPublicUrl(publicUrl: string | null, verified: boolean, trustProxy?: boolean): Promise<{ profile: Profile; previousShortBase: string }>;
  /** Checks the URL and key with the service, then saves the profile and makes it current. */
  connect(input: ConnectInput): Promise<Profile>;
  /** Checks a new key for an existing remote profile (say, after a restart without keychain) and stores it. */
  replaceKey(id: string, apiKey: string): Promise<Profile>;
  /** Removes the profile, its key and its local data; the local workspace's service and database too. */
  remove(id: string): Promise<void>;
  /**
   * The profile's API key, for the API client only. BACKEND ONLY: it must never cross the
   * contract, reach the renderer, a log line or an error message.
   */
  keyFor(id: string): Promise<string | null>;
  /** Whether the key is there (false after a restart without a keychain: ask for it again). */
  hasKey(id: string): Promise<boolean>;
  setAuthScheme(id: string, scheme: AuthScheme): Promise<Profile>;
  keychainStatus(): KeychainStatus;
  /** The profile's own data directory (the offline mirror lives there). */
  dataDirFor(id: string): string;
  /** Subscribes to profile changes; returns the unsubscribe function. */
  onChange(listener: (snapshot: ProfilesSnapshot) => void): () => void;
  /** Stops the embedded service. */
  close(): Promise<void>;
}
