import { errorRefOf } from '../shared/keyed-error.js';
import { msg, type MessageRef } from '../shared/message-ref.js';
import type { AppInfo } from '../shared/contract.js';
import { openDatabase } from '../service/db.js';
import { startWorkspaceService } from '../service/start.js';
import { resetApiKey } from '../service/users.js';
import { createAccounts, type RecoverLocalKey, type StartLocalService, type VerifyAccount } from './accounts/index.js';
import { createApiClient } from './api/client.js';
import { AppError } from './app-error.js';
import type { Backend } from './backend.js';
import type { BackendContext } from './backend-context.js';
import type { DesktopShellPorts } from './desktop-ports.js';
import { EventHub } from './event-hub.js';
import { profileHandlers, profilesState } from './handlers/profile-handlers.js';
import { publicAddressHandlers, type PublicAddressOptions } from './handlers/public-address-handlers.js';
import { analyticsHandlers } from './handlers/analytics-handlers.js';
import { bulkHandlers } from './handlers/bulk-handlers.js';
import { clipboardHandlers } from './handlers/clipboard-handlers.js';
import { desktopHandlers } from './handlers/desktop-handlers.js';
import { exportHandlers } from './handlers/export-handlers.js';
import { healthHandlers } from './handlers/health-handlers.js';
import { importHandlers } from './handlers/import-handlers.js';
import { languageHandlers } from './handlers/language-handlers.js';
import { serviceHandlers } from './handlers/service-handlers.js';
import { openTransfers, transferHandlers } from './handlers/transfer-handlers.js';
import { utmHandlers } from './handlers/utm-handlers.js';
import { ProfileSessions } from './profile-sessions.js';
import { createRouter, type Handlers } from './router.js';
import { transferBulkRouting } from './transfer/transfer-bulk-routing.js';
import { openSecretStore, type SecretStore } from './secrets/index.js';
import type { SyncIntervals } from './sync/index.js';
import { keepYoungGenerationSmall } from './young-generation.js';

export interface BackendOptions {
  /** The app's data directory (profiles, mirrors, the local workspace). */
  dataDir: string;
  shell: AppInfo['shell'];
  appVersion?: string;
  /** The keychain by default; tests pass a MemorySecretStore. */
  secrets?: SecretStore;
  /**
   * The fetch of every call to a link service (the API client, the account check). The
   * desktop app passes one on Electron's net.fetch (electron/main/net-fetch.ts), so the OS
   * proxy settings, PAC files and trusted certificates apply; the web shell and tests leave it
   * out: Node's fetch. Link health checks never use it: they fetch addresses people gave, direct
   * and under the outbound rules (electron/backend/net/outbound-request.ts, which says why).
   */
  fetch?: typeof fetch;
  /** Starts the embedded local service; in-process by default. */
  startLocalService?: StartLocalService;
  /** Opens an http(s) URL in the OS browser (checked to be http(s) before it is called). */
  openExternal?: (url: string) => Promise<void>;
  log?: (message: string) => void;
  /**
   * How sentences the backend prints through `log` for a person are worded (the keychain's
   * memory fallback): `npm start` passes the terminal's language; by default English, for logs.
   */
  sayInLog?: (ref: MessageRef) => string;
  /** Sync timings (tests shorten them). */
  syncIntervals?: Partial<SyncIntervals>;
  /** How long a create whose answer was lost waits before it is looked up (tests shorten it). */
  outboxServerMaxExecutionMs?: number;
  /** The OS clipboard, notifications and desktop settings: Electron only. */
  desktop?: DesktopShellPorts;
  /** The local workspace's public-address check (tests pass a connector with their names). */
  publicAddress?: PublicAddressOptions;
  /**
   * Opens the current profile's workspace at once, so its sync and outbox start with the app
   * (default). The command line passes false: a command opens the profile it works on when it
   * first asks, so it sees the outbox before anything of its own run could send from it.
   */
  openCurrentProfile?: boolean;
  /**
   * The OS's preferred languages, most wanted first: the desktop app passes Electron's
   * app.getPreferredSystemLanguages(). Absent in the web shell, where the browser's languages
   * are the system's (the renderer reads them).
   */
  systemLanguages?: () => readonly string[];
}

/**
 * The one place that wires the backend: keychain, profiles, per-profile API queues, the
 * router's handlers and the events pushed to the renderer. Everything is injected so tests can
 * pass real or fake parts.
 */
export async function createBackend(options: BackendOptions): Promise<Backend> {
  // Before the mirrors open: the process's memory settings that the backend can make itself.
  keepYoungGenerationSmall();
  const log = options.log ?? ((message: string) => console.log(message));
  const events = new EventHub(log);
  const secrets = options.secrets ?? (await openSecretStore({ log: { warn: log, info: log }, ...(options.sayInLog ? { say: options.sayInLog } : {}) }));
  const accounts = await createAccounts({
    dataDir: options.dataDir,
    secrets,
    verifyAccount: verifyWith(options.fetch),
    // The local workspace is the user's own: no rate limit (its headers then advertise a large
    // budget), its own client not held to the per-address limits.
    startLocalService: options.startLocalService ?? startWorkspaceService,
    recoverLocalKey,
    log: { warn: log, info: log },
  });
  await accounts.resumeLocalWorkspace().catch((error: unknown) => log(`[backend] the local workspace did not start: ${(error as Error).message}`));

  const sessions = new ProfileSessions(accounts, events, {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.syncIntervals ? { syncIntervals: options.syncIntervals } : {}),
    ...(options.outboxServerMaxExecutionMs !== undefined ? { outboxServerMaxExecutionMs: options.outboxServerMaxExecutionMs } : {}),
    log,
  });
  const profileListeners = new Set<() => void>();
  const stopProfiles = accounts.onChange(() => {
    void sessions
      .refresh()
      .then(() => {
        for (const listener of profileListeners) listener();
        return profilesState(accounts);
      })
      .then((state) => events.emit('profiles:changed', state));
  });
  // Open the current profile's workspace now, so its sync starts with the app.
  if (options.openCurrentProfile !== false && accounts.current()) sessions.current();

  const closers: (() => Promise<void> | void)[] = [];
  const context: BackendContext = {
    dataDir: options.dataDir,
    accounts,
    sessions,
    events,
    desktop: options.desktop ?? null,
    log,
    onClose: (stop) => void closers.push(stop),
    onProfileChange: (listener) => {
      profileListeners.add(listener);
      return () => profileListeners.delete(listener);
    },
  };

  // Transfers between profiles: their jobs live in the target's file and are reached from the
  // source too, so the bulk channels go through them.
  const transfers = await openTransfers(context);
  const bulk = bulkHandlers(context, (job, profileId) => transfers.decorate(job, profileId));

  const handlers: Handlers = {
    'app:info': async () => ({ name: 'Linkdeck', version: options.appVersion ?? '0.0.0', shell: options.shell, platform: process.platform }),
    'app:open-external': async ({ url }) => {
      if (!/^https?:\/\//i.test(url)) throw AppError.keyed('invalid-input', msg('errors.openExternal.onlyHttp'));
      if (!options.openExternal) throw AppError.keyed('invalid-input', msg('errors.openExternal.unavailable'));
      await options.openExternal(url).catch((error: unknown) => {
        // The shell's own refusal (a user name in the link …) said in the person's language.
        const ref = errorRefOf(error);
        throw ref ? AppError.keyed('invalid-input', ref) : error;
      });
    },
    ...languageHandlers(context, options.systemLanguages),
    ...profileHandlers(accounts, sessions),
    ...publicAddressHandlers(accounts, sessions, options.publicAddress),
    ...serviceHandlers(sessions),
    ...clipboardHandlers(context, options.systemLanguages ? { systemLanguages: options.systemLanguages } : {}),
    ...desktopHandlers(context),
    ...bulk,
    ...transferBulkRouting(context, transfers, bulk),
    ...exportHandlers(context),
    ...utmHandlers(context),
    ...healthHandlers(context),
    ...importHandlers(context),
    ...analyticsHandlers(context),
    ...transferHandlers(transfers),
    'budget:state': async () => sessions.budget(),
    'connection:state': async () => sessions.connectionState(),
  };
  const router = createRouter(handlers, log);

  // Unfinished copies and moves go on now, whichever profile is current.
  void transfers.resume();

  return {
    router,
    routerFor(profileId) {
      if (accounts.current()?.id === profileId) return router;
      // The same sessions (a profile keeps one queue, one outbox), with "current" meaning this
      // profile for the channels about its links and their export; the rest stay app-wide.
      const pinned = Object.assign(Object.create(sessions) as ProfileSessions, { current: () => sessions.open(profileId) });
      return createRouter({ ...handlers, ...serviceHandlers(pinned), ...exportHandlers({ ...context, sessions: pinned }) }, log);
    },
    subscribe: (listener) => events.subscribe(listener),
    async close() {
      stopProfiles();
      for (const stop of closers.reverse()) {
        await Promise.resolve()
          .then(stop)
          .catch((error: unknown) => log(`[backend] a part did not stop cleanly: ${(error as Error).message}`));
      }
      await sessions.closeAll();
      await accounts.close();
    },
  };
}

/** Checks a base URL and key with `GET /api/account`, learning the older `Token` scheme if needed. */
function verifyWith(fetchImpl?: typeof fetch): VerifyAccount {
  return async (baseUrl, apiKey) => {
    let learned: 'Bearer' | 'Token' | undefined;
    const client = createApiClient({
      baseUrl,
      apiKey: () => apiKey,
      getAttempts: 1,
      onAuthSchemeLearned: (scheme) => (learned = scheme),
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
    const account = await client.account.get();
    return { email: account.email, username: account.username, ...(learned ? { authScheme: learned } : {}) };
  };
}

/**
 * The local workspace's database is ours, but it keeps only a hash of the key: a lost key is
 * replaced through the service's own code (its first user is the workspace's user), and the
 * old one stops working.
 */
const recoverLocalKey: RecoverLocalKey = async (dir) => {
  const db = openDatabase(dir);
  try {
    return resetApiKey(db, 'first').apiKey;
  } finally {
    db.close();
  }
};
