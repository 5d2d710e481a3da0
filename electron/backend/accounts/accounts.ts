import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDir } from '../../service/private-files.js';
import {
  defaultProfileName,
  parseApiKey,
  parseBaseUrl,
  parseProfileName,
  type Profile,
} from '../../shared/profile-validation.js';
import {
  describeError,
  keychainStatus,
  silentLogger,
} from '../secrets/secret-store.js';
import { AccountError, invalidInput, profileNotFound } from './account-error.js';
import { readProfilesFile, writeProfilesFile, type ProfilesData } from './profiles-file.js';
import type { Accounts, AccountsOptions, LocalServiceHandle, ProfilesSnapshot } from './accounts-api.js';
import { isPortUnavailable, LOCAL_PROXY_ADDRESSES, loopbackUrl, portOf, portTakenRef, startedText } from './local-port.js';
import { verifyWithin } from './verify-within.js';
import { readLocalKey, writeLocalKey } from './local-key-file.js';

export type {
  Accounts,
  AccountsOptions,
  ConnectInput,
  LocalServiceHandle,
  ProfilesSnapshot,
  RecoverLocalKey,
  StartLocalService,
  VerifiedAccount,
  VerifyAccount,
} from './accounts-api.js';

// Stored as given, English, and shown in the person's language while never renamed (local-workspace-name.ts).
export { LOCAL_WORKSPACE_NAME } from '../../shared/local-workspace-name.js';
import { LOCAL_WORKSPACE_NAME } from '../../shared/local-workspace-name.js';
import { errorRefOf } from '../../shared/keyed-error.js';
import { nameList } from '../../shared/message-ref.js';
export const LOCAL_WORKSPACE_DIR = 'local-workspace';
export const PROFILES_DIR = 'profiles';
const DEFAULT_VERIFY_TIMEOUT_MS = 20_000;

export const newProfileId = () => randomBytes(10).toString('hex');

export async function createAccounts(options: AccountsOptions): Promise<Accounts> {
  const { dataDir, secrets, verifyAccount, startLocalService, recoverLocalKey } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? silentLogger;
  const verifyTimeoutMs = options.verifyTimeoutMs ?? DEFAULT_VERIFY_TIMEOUT_MS;
  const localDir = join(dataDir, LOCAL_WORKSPACE_DIR);
  const profileDir = (id: string) => join(dataDir, PROFILES_DIR, id);

  // 0700 also when it existed before (or a clear refusal): profiles and mirrors live here.
  privateDir(dataDir);
  let state: ProfilesData = await readProfilesFile(dataDir, log);
  let localService: LocalServiceHandle | null = null;
  let portTaken: number | null = null;
  let closed = false;
  const listeners = new Set<(snapshot: ProfilesSnapshot) => void>();

  // Mutations run one at a time: each reads the state, writes the file, then publishes.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(() => {
      if (closed) throw new AccountError('internal', { key: 'errors.accounts.shuttingDown' });
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const copy = (p: Profile): Profile => ({ ...p });
  const find = (id: string) => state.profiles.find((p) => p.id === id) ?? null;
  const need = (id: string) => {
    const profile = find(id);
    if (!profile) throw profileNotFound(id);
    return profile;
  };
  const snapshot = (): ProfilesSnapshot => ({
    profiles: state.profiles.map(copy),
    currentProfileId: state.currentProfileId,
  });

  /** Writes the next state, and only once it is on disk makes it the current one. */
  const commit = async (next: ProfilesData) => {
    await writeProfilesFile(dataDir, next);
    state = next;
    const snap = snapshot();
    for (const listener of [...listeners]) {
      try {
        listener(snap);
      } catch (error) {
        log.warn(`A profiles listener failed: ${describeError(error)}`);
      }
    }
  };

  const replaceProfile = (profile: Profile): Profile[] =>
    state.profiles.map((p) => (p.id === profile.id ? profile : p));

  const storeKey = async (id: string, key: string) => {
    try {
      await secrets.set(id, key);
    } catch (error) {
      throw new AccountError(
        'internal',
        { key: 'errors.accounts.keyNotSaved', params: { reason: errorRefOf(error) ?? describeError(error, key) } },
      );
    }
  };

  const verify = (baseUrl: string, apiKey: string) => verifyWithin(verifyAccount, verifyTimeoutMs, log, baseUrl, apiKey);

  const startLocal = async (existing: Profile | null, move = false): Promise<LocalServiceHandle> => {
    if (localService) return localService;
    const publicUrl = existing?.publicUrl;
    // The same port as last time keeps the short links made in the workspace working; moving
    // silently would break every one of them, so a taken port is the user's choice.
    const port = move ? undefined : portOf(existing?.baseUrl);
    const trustProxy = publicUrl && existing?.trustLocalProxy ? LOCAL_PROXY_ADDRESSES : null;
    try {
      try {
        localService = await startLocalService({
          dataDir: localDir,
          ...(port ? { port } : {}),
          ...(publicUrl ? { publicUrl } : {}),
          ...(trustProxy ? { trustProxy: [...trustProxy] } : {}),
        });
        portTaken = null;
      } catch (error) {
        if (!port || !isPortUnavailable(error)) throw error;
        portTaken = port;
        log.info(`Port ${port} is taken; the local workspace waits for the user's choice.`);
        throw new AccountError('internal', portTakenRef(port), { reason: 'port-taken', port });
      }
    } catch (error) {
      if (error instanceof AccountError) throw error;
      throw new AccountError(
        'internal',
        // A failure that carries a ref (the child process's time limit, an early exit) is said in
        // the person's language; anything else is Node's or SQLite's own words.
        { key: 'errors.accounts.localNotStarted', params: { reason: errorRefOf(error) ?? describeError(error) } },
      );
    }
    log.info(startedText(localService, existing));
    return localService;
  };

  const recoverKey = async (): Promise<string | null> => {
    if (!recoverLocalKey) return null;
    try {
      const key = await recoverLocalKey(localDir);
      return key || null;
    } catch (error) {
      log.warn(`The local workspace key could not be recovered: ${describeError(error)}`);
      return null;
    }
  };

  /** The workspace key beside its database (local-key-file.ts says why that is safe). */
  const keepLocalKey = async (key: string) => {
    try {
      await writeLocalKey(localDir, key);
    } catch (error) {
      log.warn(`The local workspace key could not be kept beside its database: ${describeError(error, key)}`);
    }
  };

  /**
   * The key of an existing workspace: the secret store's, else the one beside the database
   * (a run without keychain), copied to whichever lacks it. Only when both lost it does the
   * service make a new one, once: it is kept beside the database, so the next run finds it.
   */
  const settleLocalKey = async (id: string) => {
    const stored = await secrets.get(id);
    const kept = await readLocalKey(localDir).catch((error: unknown) => {
      log.warn(`The local workspace key beside its database could not be read: ${describeError(error)}`);
      return null;
    });
    if (stored) {
      if (stored !== kept) await keepLocalKey(stored);
      return;
    }
    if (kept) {
      await storeKey(id, kept);
      return;
    }
    const recovered = await recoverKey();
    if (!recovered) {
      throw new AccountError(
        'unauthorized',
        { key: 'errors.accounts.localKeyLost' },
      );
    }
    await storeKey(id, recovered);
    await keepLocalKey(recovered);
    log.info('The key of the local workspace was lost; its service made a new one, kept beside its database from now on.');
  };

  /** Runs inside `serial`. */
  const ensureLocal = async (makeCurrent: boolean, create: boolean, move = false): Promise<Profile | null> => {
    const existing = state.profiles.find((p) => p.kind === 'local') ?? null;
    if (!existing && !create) return null;
    const service = await startLocal(existing, move);
    const apiUrl = loopbackUrl(service);
    const id = existing?.id ?? newProfileId();

    if (service.firstApiKey) {
      // A new database (first run, or its directory was deleted): only this key works now.
      await storeKey(id, service.firstApiKey);
      await keepLocalKey(service.firstApiKey);
    } else {
      await settleLocalKey(id);
    }

    const profile: Profile = existing
      ? { ...existing, baseUrl: apiUrl }
      : {
          id,
          name: LOCAL_WORKSPACE_NAME,
          baseUrl: apiUrl,
          kind: 'local',
          createdAt: new Date(now()).toISOString(),
        };
    await mkdir(profileDir(id), { recursive: true, mode: 0o700 });
    const currentProfileId = makeCurrent ? id : state.currentProfileId;
    if (
      !existing ||
      existing.baseUrl !== profile.baseUrl ||
      currentProfileId !== state.currentProfileId
    ) {
      await commit({
        currentProfileId,
        profiles: existing ? replaceProfile(profile) : [...state.profiles, profile],
      });
    }
    return copy(profile);
  };

  const accounts: Accounts = {
    list: () => state.profiles.map(copy),
    current: () => {
      const profile = state.currentProfileId ? find(state.currentProfileId) : null;
      return profile ? copy(profile) : null;
    },
    get: (id) => {
      const profile = find(id);
      return profile ? copy(profile) : null;
    },
    snapshot,

    switchTo: (id) =>
      serial(async () => {
        const profile = need(id);
        if (profile.kind === 'local') return (await ensureLocal(true, false)) as Profile;
        if (state.currentProfileId !== id) await commit({ ...state, currentProfileId: id });
        return copy(profile);
      }),

    rename: (id, name) =>
      serial(async () => {
        const profile = need(id);
        const checked = parseProfileName(name);
        if (!checked.ok) throw invalidInput(checked.ref ?? checked.message, 'name');
        const renamed = { ...profile, name: checked.value };
        if (renamed.name !== profile.name)
          await commit({ ...state, profiles: replaceProfile(renamed) });
        return copy(renamed);
      }),

    useLocalWorkspace: () => serial(async () => (await ensureLocal(true, true)) as Profile),
    resumeLocalWorkspace: () => serial(() => ensureLocal(false, false)),
    restartLocalWorkspace: (move) => serial(async () => (await ensureLocal(true, true, move)) as Profile),
    localPortTaken: () => portTaken,

    setPublicUrl: (publicUrl, verified, trustProxy) =>
      serial(async () => {
        const existing = state.profiles.find((p) => p.kind === 'local');
        if (!existing) throw invalidInput({ key: 'errors.accounts.noLocalWorkspace' }, 'publicUrl');
        const previousShortBase = existing.publicUrl ?? existing.baseUrl;
        const updated: Profile = { ...existing };
        delete updated.publicUrl;
        delete updated.publicUrlVerified;
        delete updated.trustLocalProxy;
        if (publicUrl) Object.assign(updated, { publicUrl, publicUrlVerified: verified });
        if (publicUrl && (trustProxy ?? existing.trustLocalProxy)) updated.trustLocalProxy = true;
        // Saved first: a restart that fails must not lose what the user entered.
        await commit({ ...state, profiles: replaceProfile(updated) });
        const running = localService;
        localService = null;
        await running?.close().catch((error: unknown) => log.warn(`The local service did not stop cleanly: ${describeError(error)}`));
        const profile = (await ensureLocal(false, false)) as Profile;
        return { profile, previousShortBase };
      }),

    async connect(input) {
      const url = parseBaseUrl(input.baseUrl);
      if (!url.ok) throw invalidInput(url.ref ?? url.message, 'baseUrl');
      const key = parseApiKey(input.apiKey);
      if (!key.ok) throw invalidInput(key.ref ?? key.message, 'apiKey');
      let name = defaultProfileName(url.value);
      if (input.name?.trim()) {
        const checked = parseProfileName(input.name);
        if (!checked.ok) throw invalidInput(checked.ref ?? checked.message, 'name');
        name = checked.value;
      }
      // Outside the queue: a slow server must not hold up switching profiles meanwhile.
      const account = await verify(url.value, key.value);
      return serial(async () => {
        const profile: Profile = {
          id: newProfileId(),
          name,
          baseUrl: url.value,
          kind: 'remote',
          ...(account.authScheme === 'Token' ? { authScheme: 'Token' as const } : {}),
          createdAt: new Date(now()).toISOString(),
        };
        await storeKey(profile.id, key.value);
        try {
          await mkdir(profileDir(profile.id), { recursive: true, mode: 0o700 });
          await commit({ currentProfileId: profile.id, profiles: [...state.profiles, profile] });
        } catch (error) {
          await secrets.delete(profile.id).catch(() => false);
          await rm(profileDir(profile.id), { recursive: true, force: true }).catch(() => undefined);
          throw new AccountError(
            'internal',
            { key: 'errors.accounts.profileNotSaved', params: { reason: describeError(error) } },
          );
        }
        log.info(`Connected profile ${profile.id} to ${profile.baseUrl}.`);
        return copy(profile);
      });
    },

    async replaceKey(id, apiKey) {
      const profile = need(id);
      if (profile.kind === 'local') {
        throw invalidInput({ key: 'errors.accounts.localOwnKey' }, 'id');
      }
      const key = parseApiKey(apiKey);
      if (!key.ok) throw invalidInput(key.ref ?? key.message, 'apiKey');
      const account = await verify(profile.baseUrl, key.value);
      return serial(async () => {
        const latest = need(id);
        await storeKey(id, key.value);
        const scheme = account.authScheme ?? latest.authScheme;
        const updated: Profile = { ...latest, ...(scheme ? { authScheme: scheme } : {}) };
        if (updated.authScheme !== latest.authScheme)
          await commit({ ...state, profiles: replaceProfile(updated) });
        return copy(updated);
      });
    },

    remove: (id) =>
      serial(async () => {
        const profile = need(id);
        try {
          await secrets.delete(id);
        } catch (error) {
          throw new AccountError(
            'internal',
            { key: 'errors.accounts.profileKept', params: { reason: errorRefOf(error) ?? describeError(error) } },
          );
        }
        const leftovers: string[] = [];
        if (profile.kind === 'local' && localService) {
          const service = localService;
          localService = null;
          await service
            .close()
            .catch((error: unknown) =>
              log.warn(`The local service did not stop cleanly: ${describeError(error)}`),
            );
        }
        const dirs = profile.kind === 'local' ? [profileDir(id), localDir] : [profileDir(id)];
        for (const dir of dirs) {
          await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() =>
            leftovers.push(dir),
          );
        }
        const profiles = state.profiles.filter((p) => p.id !== id);
        const currentProfileId =
          state.currentProfileId === id ? (profiles[0]?.id ?? null) : state.currentProfileId;
        await commit({ currentProfileId, profiles });
        log.info(`Removed profile ${id}.`);
        const next = currentProfileId ? find(currentProfileId) : null;
        if (next?.kind === 'local' && !localService) {
          await ensureLocal(false, false).catch((error: unknown) => log.warn(describeError(error)));
        }
        if (leftovers.length) {
          throw new AccountError(
            'internal',
            { key: 'errors.accounts.leftovers', params: { files: nameList(leftovers) } },
          );
        }
      }),

    async keyFor(id) {
      if (!find(id)) return null;
      return secrets.get(id);
    },

    async hasKey(id) {
      if (!find(id)) return false;
      return (await secrets.get(id)) !== null;
    },

    setAuthScheme: (id, scheme) =>
      serial(async () => {
        if (scheme !== 'Bearer' && scheme !== 'Token')
          throw invalidInput({ key: 'errors.accounts.authScheme' }, 'scheme');
        const profile = need(id);
        const updated = { ...profile, authScheme: scheme };
        if (profile.authScheme !== scheme)
          await commit({ ...state, profiles: replaceProfile(updated) });
        return copy(updated);
      }),

    keychainStatus: () => keychainStatus(secrets),
    dataDirFor: (id) => profileDir(need(id).id),

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    close: async () => {
      await queue;
      if (closed) return;
      closed = true;
      listeners.clear();
      const service = localService;
      localService = null;
      await service?.close();
    },
  };
  return accounts;
}
