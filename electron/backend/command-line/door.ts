import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { keyedErrorInfo } from '../../shared/errors.js';
import { KeyedError } from '../../shared/keyed-error.js';
import { msg } from '../../shared/message-ref.js';
import { writeFileAtomic } from '../atomic-file.js';
import type { Result } from '../../shared/contract.js';
import type { CommandLineAddress } from './address.js';
import { connectClient, type CommandLineClient } from './client.js';
import {
  lineReader,
  parseRequest,
  type CommandLineAnswer,
  type CommandLineRequest,
  type Hello,
  type Owner,
} from './protocol.js';

/** What answers the command's requests once the backend is open. */
export interface CommandLineHost {
  /** Runs a router channel on the current profile, or on `profile` (an id) when given. */
  dispatch(channel: string, arg: unknown, profile: string | null): Promise<Result<unknown>>;
  /** Brings the window forward on a view; absent where the shell has no window of its own. */
  show?(view: string): Promise<void>;
}

/**
 * The data folder's door: whoever listens on its address (the app, or a `linkdeck` command
 * working on its own while the app is not running) is the folder's only writer. Everyone else
 * connects and asks the owner to do the work, so two processes never open the same databases.
 */
export interface Door {
  readonly owner: Owner;
  /** Starts answering (calls made before wait for it). */
  serve(host: CommandLineHost): void;
  /** Resolves when no command is connected with work under way (a command owner waits for it). */
  drained(): Promise<void>;
  /**
   * Stops: calls not yet run are told to retry, calls under way finish, then `beforeRelease`
   * runs (close the backend there) and the socket closes, so the next owner opens the databases
   * only after this one closed them.
   */
  close(beforeRelease?: () => Promise<void>): Promise<void>;
}

export type Claim = { door: Door } | { running: CommandLineClient; hello: Hello };

export interface ClaimOptions {
  address: CommandLineAddress;
  owner: Owner;
  version: string;
  log?: (message: string) => void;
  /** Attempts before giving up (each waits a little longer; the default waits ~5 s in all). */
  attempts?: number;
}

/** Channels that only wait for something else to happen. */
const WAITS_ONLY = new Set(['outbox:wait']);

/**
 * What a connection attempt found: the owner; nobody (no socket file, or a file nothing listens
 * on: 'absent'); or someone who cannot answer yet (starting, closing: 'busy', never stale).
 */
type Found = Claim | 'absent' | 'busy';

/**
 * Connects to the folder's owner, or becomes it. A socket file left by a process that died is
 * recognised (the connection is refused: nothing listens) and replaced under a short lock,
 * re-checked once the lock is held, so two processes recovering at once cannot both win. An
 * owner that is starting (its token not written yet) or closing is waited for, never replaced.
 */
export async function claimDataDir(options: ClaimOptions): Promise<Claim> {
  const { address } = options;
  if (address.dir) mkdirSync(address.dir, { recursive: true, mode: 0o700 });
  const attempts = options.attempts ?? 40;
  let lastError: unknown = null;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await pause(Math.min(250, 10 * attempt));
    const found = await tryConnect(address);
    if (found === 'busy') continue;
    if (found !== 'absent') return found;
    try {
      return { door: await listen(options) };
    } catch (error) {
      lastError = error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE') throw error;
      if (process.platform !== 'win32') await replaceIfStale(address);
    }
  }
  // Keyed (issue 44): `npm start`, the window's start dialog (DataDirBusy) and the command line's
  // error output say it in the person's language; the cause is the system's own words.
  const cause = (lastError as Error | null)?.message;
  throw new KeyedError(
    cause === undefined
      ? msg('errors.commandLine.ownerSilentNoCause', { path: address.path })
      : msg('errors.commandLine.ownerSilent', { path: address.path, cause }),
  );
}

async function tryConnect(address: CommandLineAddress): Promise<Found> {
  try {
    const client = await connectClient(address);
    try {
      return { running: client, hello: await client.hello() };
    } catch (error) {
      client.close();
      throw error;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return 'absent';
    // Reset or hung up: an owner closing. No token yet, or an old one: an owner starting.
    if (
      (code && busy.has(code)) ||
      (error as { retry?: boolean }).retry ||
      /stopped before it answered/.test((error as Error).message)
    )
      return 'busy';
    throw error;
  }
}

const busy = new Set(['ECONNRESET', 'EPIPE']);

async function replaceIfStale(address: CommandLineAddress): Promise<void> {
  const lock = `${address.path}.lock`;
  try {
    mkdirSync(lock, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A recovery that died midway leaves the lock behind: it never takes more than a moment.
    const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
    if (since !== undefined && Date.now() - since > 10_000) rmdirSync(lock);
    return;
  }
  try {
    // Re-checked under the lock: someone may have claimed the folder since we looked.
    const found = await tryConnect(address);
    if (found === 'absent') unlinkSync(address.path);
    else if (found !== 'busy' && 'running' in found) found.running.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    rmdirSync(lock);
  }
}

async function listen(options: ClaimOptions): Promise<Door> {
  const { address, owner } = options;
  const log = options.log ?? (() => {});
  const token = randomBytes(24).toString('base64url');
  let host: CommandLineHost | null = null;
  let hostReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (hostReady = resolve));
  let closing = false;
  /**
   * Connections that asked for work. Marked on their first call, not on connect: a process that
   * only waits for the owner to leave (the app, while a command runs) must not keep the owner
   * waiting in turn. A connection counts until it hangs up (it may wait on an outbox operation).
   */
  const working = new Set<Socket>();
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  const sockets = new Set<Socket>();
  let drainWaiters: (() => void)[] = [];
  const checkDrained = () => {
    if (working.size > 0) return;
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const w of waiters) w();
  };

  const hello: Hello = { owner, pid: process.pid, version: options.version };
  const expected = Buffer.from(token);
  const tokenOk = (given: string) => {
    const g = Buffer.from(given);
    return g.length === expected.length && timingSafeEqual(g, expected);
  };

  const answer = (socket: Socket, message: CommandLineAnswer) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };

  const run = async (socket: Socket, request: CommandLineRequest): Promise<void> => {
    if (!tokenOk(request.token)) {
      answer(socket, {
        id: request.id,
        result: {
          ok: false,
          error: keyedErrorInfo('unauthorized', msg('errors.commandLine.tokenMismatch')),
        },
      });
      return;
    }
    if (request.op === 'hello')
      return answer(socket, { id: request.id, result: { ok: true, value: hello } });
    working.add(socket);
    await ready;
    if (closing || !host) return answer(socket, { id: request.id, retry: true });
    // A wait changes nothing and may last until the network is back: closing does not wait for it
    // (its caller is told the owner stopped, and says the change is queued).
    const counted = !(request.op === 'call' && WAITS_ONLY.has(request.channel));
    if (counted) inFlight++;
    try {
      if (request.op === 'show') {
        if (!host.show)
          return answer(socket, {
            id: request.id,
            result: {
              ok: false,
              error: keyedErrorInfo('invalid-input', msg('errors.commandLine.noWindow')),
            },
          });
        await host.show(request.view);
        return answer(socket, { id: request.id, result: { ok: true, value: null } });
      }
      answer(socket, {
        id: request.id,
        result: await host.dispatch(request.channel, request.arg, request.profile ?? null),
      });
    } catch (error) {
      answer(socket, {
        id: request.id,
        result: { ok: false, error: { code: 'internal', message: (error as Error).message } },
      });
    } finally {
      if (counted) inFlight--;
      if (counted && inFlight === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
    }
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    const read = lineReader(
      (line) => {
        const request = parseRequest(line);
        if (!request) {
          log('[command-line] ignored a line that is not a request');
          return;
        }
        void run(socket, request);
      },
      () => socket.destroy(),
    );
    socket.on('data', read);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      working.delete(socket);
      checkDrained();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (process.platform !== 'win32') chmodSync(address.path, 0o600);
  await writeFileAtomic(address.tokenFile, token);
  server.on('error', (error) => log(`[command-line] ${error.message}`));

  return {
    owner,
    serve(h) {
      host = h;
      hostReady();
    },
    drained: () =>
      new Promise<void>((resolve) => {
        drainWaiters.push(resolve);
        checkDrained();
      }),
    async close(beforeRelease) {
      closing = true;
      hostReady();
      if (inFlight > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
      await beforeRelease?.();
      // While the socket still listens nobody else can own the folder, so the token removed
      // now is ours, never a successor's. (Node removes the socket file itself on close.)
      await rm(address.tokenFile, { force: true }).catch(() => {});
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.end();
      });
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
