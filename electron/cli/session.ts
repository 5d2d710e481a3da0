import type { ProfilesState, ProfileSummary, Result } from '../shared/contract.js';
import { keyedErrorInfo, type AppErrorInfo } from '../shared/errors.js';
import { KeyedError } from '../shared/keyed-error.js';
import { msg, nameList, renderMessage } from '../shared/message-ref.js';
import { cliLocale, errorText, t, tEnglish } from './i18n.js';
import type { Backend } from '../backend/backend.js';
import type { SecretStore } from '../backend/secrets/secret-store.js';
import type { Profile } from '../shared/profile-validation.js';
import { commandLineAddress } from '../backend/command-line/address.js';
import { backendHost } from '../backend/command-line/app-door.js';
import { RetryElsewhere, type CommandLineClient } from '../backend/command-line/client.js';
import { claimDataDir, type Door } from '../backend/command-line/door.js';
import { CliError, cliError, EXIT } from './exit-codes.js';

/**
 * Where a command's calls go: to the running app over the data folder's socket, or (when no app
 * runs) to a backend this process opens itself, as the folder's only writer until it exits.
 * Either way the calls are the router's channels, the ones the renderer uses.
 */
export interface Session {
  /** 'app': the app (or another command working on its own) does the work; 'self': this process. */
  readonly mode: 'app' | 'self';
  call<T>(channel: string, arg?: unknown): Promise<T>;
  /** Like call, but the envelope: for a caller that handles refusals itself. */
  attempt<T>(channel: string, arg?: unknown): Promise<Result<T>>;
  /** The profile the calls are about (`--profile`, else the app's current one). */
  readonly profile: ProfileSummary;
  readonly isCurrentProfile: boolean;
  /** Brings the app's window forward on a view (only with the app running). */
  show(view: string): Promise<Result<unknown>>;
  /** Lets go: a command working on its own waits for the commands it serves, closes the backend. */
  close(): Promise<void>;
}

export interface SessionOptions {
  dataDir: string;
  /** `--profile`: a name (any case) or an id. */
  profile?: string | undefined;
  /**
   * Whether the command needs the profile's key (it sends something to the service). Without
   * one (no keychain answers here, no LINKDECK_API_KEY) such a command stops with exit 1 and
   * says what to do, rather than queueing changes for a key that will never come (exit 3).
   */
  needsKey?: boolean;
  version: string;
  /** Backend messages (shown with --verbose; nothing in them holds a key). */
  log: (message: string) => void;
}

interface Transport {
  mode: 'app' | 'self';
  call(channel: string, arg: unknown, profile: string | null): Promise<Result<unknown>>;
  show(view: string): Promise<Result<unknown>>;
  close(): Promise<void>;
}

/** A session before any profile is chosen: for `profiles add`, `status` and the like. */
export interface BareSession {
  readonly mode: 'app' | 'self';
  call<T>(channel: string, arg?: unknown): Promise<T>;
  attempt<T>(channel: string, arg?: unknown): Promise<Result<T>>;
  close(): Promise<void>;
}

export async function openBareSession(options: SessionOptions): Promise<BareSession> {
  const transport = await connect(options);
  const attempt = async <T>(channel: string, arg?: unknown): Promise<Result<T>> => {
    try {
      return (await transport.call(channel, arg, null)) as Result<T>;
    } catch (error) {
      if (error instanceof RetryElsewhere)
        throw cliError(EXIT.refused, 'cli.session.appClosing');
      throw error;
    }
  };
  return {
    mode: transport.mode,
    attempt,
    async call<T>(channel: string, arg?: unknown): Promise<T> {
      const result = await attempt<T>(channel, arg);
      if (!result.ok) throw refusal(result.error);
      return result.value;
    },
    close: () => transport.close(),
  };
}

export async function openSession(options: SessionOptions): Promise<Session> {
  let transport = await connect(options);
  let pinned: string | null = null;

  const attempt = async <T>(channel: string, arg?: unknown): Promise<Result<T>> => {
    for (let tries = 0; ; tries++) {
      try {
        return (await transport.call(channel, arg, pinned)) as Result<T>;
      } catch (error) {
        // The owner was closing and ran nothing: ask whoever owns the folder now (maybe us).
        if (!(error instanceof RetryElsewhere) || tries > 5) throw error;
        await transport.close();
        transport = await connect(options);
      }
    }
  };
  const call = async <T>(channel: string, arg?: unknown): Promise<T> => {
    const result = await attempt<T>(channel, arg);
    if (!result.ok) throw refusal(result.error);
    return result.value;
  };

  let profile: ProfileSummary;
  let state: ProfilesState;
  try {
    state = await call<ProfilesState>('profiles:list');
    profile = pickProfile(state, options.profile);
    if (options.needsKey && profile.needsKey) throw missingKey(profile, state, transport.mode);
  } catch (error) {
    // Nobody will close a session that never opened: let go of the door (its socket and token) now.
    await transport.close();
    throw error;
  }
  const isCurrent = profile.id === state.currentId;
  if (!isCurrent) pinned = profile.id;
  return {
    get mode() {
      return transport.mode;
    },
    call,
    attempt,
    profile,
    isCurrentProfile: isCurrent,
    show: (view) => transport.show(view),
    close: () => transport.close(),
  };
}

/** `show` working on its own: there is no window to bring forward (said in the person's language). */
export const notRunningHere = (): Result<never> => ({
  ok: false,
  error: keyedErrorInfo('invalid-input', msg('errors.commandLine.notRunning')),
});

/** What a command that must send says when the profile's key cannot be read here. */
function missingKey(
  profile: ProfileSummary,
  state: ProfilesState,
  mode: 'app' | 'self',
): CliError {
  if (mode === 'app')
    return cliError(EXIT.refused, 'cli.session.appHasNoKey', { name: profile.name });
  return cliError(EXIT.refused, 'cli.session.noKey', {
    name: profile.name,
    url: profile.baseUrl,
    keychain: state.keychain.kind === 'keychain' ? 'keychain' : 'none',
  });
}

/** In English (how `status` recognises it); said with noProfileYet() in the person's language. */
export const NO_PROFILE_YET = tEnglish('cli.session.noProfileYet');
export const noProfileYet = () => new CliError(EXIT.refused, t('cli.session.noProfileYet'), NO_PROFILE_YET);

export function pickProfile(state: ProfilesState, wanted: string | undefined): ProfileSummary {
  if (!state.profiles.length) throw noProfileYet();
  if (wanted === undefined) {
    const current = state.profiles.find((p) => p.id === state.currentId);
    if (!current)
      throw cliError(EXIT.usage, 'cli.session.noCurrentProfile', { names: names(state) });
    return current;
  }
  const w = wanted.trim().toLowerCase();
  const found =
    state.profiles.find((p) => p.id === w) ??
    state.profiles.find((p) => p.name.toLowerCase() === w);
  if (!found)
    throw cliError(EXIT.usage, 'cli.session.noSuchProfile', { name: wanted, names: names(state) });
  return found;
}

/** The profiles' names in the language's quotation marks and list words (English in --json). */
const names = (state: ProfilesState) => nameList(state.profiles.map((p) => p.name), { quote: true });

/** An error envelope as the command's error: its words, and exit 1 (refused). */
export function refusal(error: AppErrorInfo): CliError {
  // A message key (once the backend gives one) is said in the person's language; --json keeps English.
  return new CliError(EXIT.refused, errorText(error), error.message);
}

async function connect(options: SessionOptions): Promise<Transport> {
  const claim = await claimDataDir({
    address: commandLineAddress(options.dataDir),
    owner: 'cli',
    version: options.version,
    log: options.log,
  });
  if ('running' in claim) return overSocket(claim.running);
  return openHere(claim.door, options);
}

function overSocket(client: CommandLineClient): Transport {
  return {
    mode: 'app',
    call: (channel, arg, profile) => client.call(channel, arg, profile),
    show: (view) => client.show(view),
    close: async () => client.close(),
  };
}

/** The variable cron and CI give a remote profile's key in (never written anywhere). */
export const API_KEY_VARIABLE = 'LINKDECK_API_KEY';

/**
 * The keychain as the app opens it; with LINKDECK_API_KEY set, that key answers for the remote
 * profile the command is about (`--profile`, else the current one), read from profiles.json
 * before the backend opens, so the key goes to no other profile's service.
 */
async function secretStoreFor(options: SessionOptions): Promise<SecretStore> {
  const { openSecretStore, EnvKeySecretStore } = await import('../backend/secrets/index.js');
  const log = { info: options.log, warn: options.log };
  // --verbose shows the fallback's sentence: in the terminal's language, like npm start's.
  const store = await openSecretStore({ log, say: (ref) => renderMessage(ref, t, cliLocale()) });
  const key = process.env[API_KEY_VARIABLE]?.trim();
  if (!key) return store;
  const target = await targetProfile(options);
  if (!target || target.kind !== 'remote') {
    options.log(`${API_KEY_VARIABLE} is set but the profile is not a remote one: it is not used.`);
    return store;
  }
  return new EnvKeySecretStore(store, target.id, key);
}

/** The profile a command is about, read from profiles.json before any backend opens. */
async function targetProfile(options: SessionOptions): Promise<Profile | undefined> {
  const { readProfilesFile } = await import('../backend/accounts/profiles-file.js');
  const data = await readProfilesFile(options.dataDir, { info: options.log, warn: options.log });
  const wanted = options.profile?.trim().toLowerCase();
  return wanted === undefined
    ? data.profiles.find((p) => p.id === data.currentProfileId)
    : (data.profiles.find((p) => p.id === wanted) ??
        data.profiles.find((p) => p.name.toLowerCase() === wanted));
}

/**
 * With no app running, the local workspace's service starts in this process; when another
 * service holds its folder (a `linkdeck-service --data …/local-workspace` left running), say
 * that now, rather than letting the command go on without its service and fail later with
 * something else.
 */
async function checkLocalWorkspaceFree(options: SessionOptions): Promise<void> {
  if ((await targetProfile(options))?.kind !== 'local') return;
  const [{ serviceRunsOn }, { LOCAL_WORKSPACE_DIR }, { join }] = await Promise.all([
    import('../service/data-lock.js'),
    import('../backend/accounts/accounts.js'),
    import('node:path'),
  ]);
  const folder = join(options.dataDir, LOCAL_WORKSPACE_DIR);
  if (serviceRunsOn(folder))
    throw cliError(EXIT.refused, 'cli.session.serviceBusy', { folder });
}

async function openHere(door: Door, options: SessionOptions): Promise<Transport> {
  let backend: Backend;
  try {
    await checkLocalWorkspaceFree(options);
    // Loaded only here: a command answered by the app never pays for the backend's start.
    const [{ createBackend }, { openInBrowser }, secrets] = await Promise.all([
      import('../backend/create-backend.js'),
      import('../web/open-browser.js'),
      secretStoreFor(options),
    ]);
    backend = await createBackend({
      secrets,
      dataDir: options.dataDir,
      // No renderer here: the web shell's capabilities (no OS clipboard, no notifications).
      shell: 'web',
      appVersion: options.version,
      // Opened by the command's first call about it (see `sync --wait`'s count of what it sent).
      openCurrentProfile: false,
      openExternal: async (url) => {
        if (!(await openInBrowser(url))) throw new KeyedError(msg('errors.openExternal.noBrowser'));
      },
      log: options.log,
    });
  } catch (error) {
    await door.close();
    throw error;
  }
  const host = backendHost(backend);
  door.serve(host);
  return {
    mode: 'self',
    call: (channel, arg, profile) => host.dispatch(channel, arg, profile),
    show: async () => notRunningHere(),
    async close() {
      // Commands that connected to us meanwhile finish first; then the databases close, then the door.
      await door.drained();
      await door.close(() => backend.close());
    },
  };
}
