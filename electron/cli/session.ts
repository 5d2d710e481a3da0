import type { ProfilesState, ProfileSummary, Result } from '../shared/contract.js';
import type { AppErrorInfo } from '../shared/errors.js';
import type { Backend } from '../backend/backend.js';
import { commandLineAddress } from '../backend/command-line/address.js';
import { backendHost } from '../backend/command-line/app-door.js';
import { RetryElsewhere, type CommandLineClient } from '../backend/command-line/client.js';
import { claimDataDir, type Door } from '../backend/command-line/door.js';
import { CliError, EXIT } from './exit-codes.js';

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

  const state = await call<ProfilesState>('profiles:list');
  const profile = pickProfile(state, options.profile);
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

function pickProfile(state: ProfilesState, wanted: string | undefined): ProfileSummary {
  if (!state.profiles.length)
    throw new CliError(
      EXIT.refused,
      'Linkdeck has no profile yet: open the app once and choose the local workspace or connect to a service.',
    );
  if (wanted === undefined) {
    const current = state.profiles.find((p) => p.id === state.currentId);
    if (!current)
      throw new CliError(
        EXIT.usage,
        `No profile is chosen in the app: add --profile (${names(state)}).`,
      );
    return current;
  }
  const w = wanted.trim().toLowerCase();
  const found =
    state.profiles.find((p) => p.id === w) ??
    state.profiles.find((p) => p.name.toLowerCase() === w);
  if (!found)
    throw new CliError(EXIT.usage, `There is no profile "${wanted}". Profiles: ${names(state)}.`);
  return found;
}

const names = (state: ProfilesState) =>
  state.profiles.map((p) => JSON.stringify(p.name)).join(', ');

/** An error envelope as the command's error: its words, and exit 1 (refused). */
export function refusal(error: AppErrorInfo): CliError {
  return new CliError(EXIT.refused, error.message);
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

async function openHere(door: Door, options: SessionOptions): Promise<Transport> {
  let backend: Backend;
  try {
    // Loaded only here: a command answered by the app never pays for the backend's start.
    const [{ createBackend }, { openInBrowser }] = await Promise.all([
      import('../backend/create-backend.js'),
      import('../web/open-browser.js'),
    ]);
    backend = await createBackend({
      dataDir: options.dataDir,
      // No renderer here: the web shell's capabilities (no OS clipboard, no notifications).
      shell: 'web',
      appVersion: options.version,
      openExternal: async (url) => {
        if (!(await openInBrowser(url))) throw new Error('No browser could be started.');
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
    show: async () => ({
      ok: false,
      error: { code: 'invalid-input', message: 'Linkdeck is not running.' },
    }),
    async close() {
      // Commands that connected to us meanwhile finish first; then the databases close, then the door.
      await door.drained();
      await door.close(() => backend.close());
    },
  };
}
