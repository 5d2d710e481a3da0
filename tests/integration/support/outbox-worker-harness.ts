import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { LinkInput, OutboxItem, OutboxSummary } from '../../../electron/shared/models.js';
import {
  WORKER_ENV,
  type FromWorker,
  type ToWorker,
  type WorkerConfig,
} from './outbox-worker-protocol.js';

/*
 * Starting, watching and killing the backend child (outbox-worker.ts). Every wait is on a
 * message from the child (or its exit), never on time; a child that dies unexpectedly, crashes
 * or has an operation refused makes every wait fail with what it said.
 */

const root = resolve(import.meta.dirname, '../../..');
const script = resolve(import.meta.dirname, 'outbox-worker.ts');

export interface WorkerEvents {
  onLog?: (message: string) => void;
  onConnectivity?: (online: boolean, reason?: string) => void;
}

export interface WorkerHandle {
  readonly pid: number;
  /** The last outbox summary the child sent (its outbox on disk when it started, at first). */
  readonly summary: OutboxSummary;
  /** Resolves once the child's outbox summary satisfies `predicate`. */
  until(predicate: (summary: OutboxSummary) => boolean, what: string): Promise<OutboxSummary>;
  /** Queues creates in the child; resolves when all of them are on disk. */
  enqueue(items: LinkInput[]): Promise<void>;
  /** SIGKILL: no cleanup of any kind runs in the child. */
  kill(): Promise<void>;
  /** Asks the child to close its workspace and exit; resolves with its outbox at that moment. */
  finish(): Promise<{ summary: OutboxSummary; items: OutboxItem[] }>;
  readonly alive: boolean;
}

interface Waiter {
  check(): boolean;
  reject(error: Error): void;
}

const describeItems = (items: OutboxItem[]) =>
  items
    .slice(0, 10)
    .map((i) => `${i.summary}: ${i.lastError?.code ?? '?'} ${i.lastError?.message ?? ''}`)
    .join('\n  ');

/** Starts the child and resolves once its workspace is open and started. */
export async function startWorker(
  config: WorkerConfig,
  events: WorkerEvents = {},
): Promise<WorkerHandle> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, [WORKER_ENV]: JSON.stringify(config) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });

  let summary: OutboxSummary | undefined;
  let fatal: Error | undefined;
  let exited = false;
  let expectedExit = false;
  const waiters = new Set<Waiter>();
  const onMessage = new Set<(message: FromWorker) => void>();

  // 'close', not 'exit': it comes after the last message of the IPC channel was delivered.
  const exit = new Promise<void>((done) => {
    child.once('close', (code, signal) => {
      exited = true;
      if (expectedExit) {
        // Killed or finished on purpose: what was still awaited will never come, and is not
        // an error (a race's losing side).
        waiters.clear();
      } else {
        failAll(
          new Error(
            `The backend child (pid ${child.pid}) exited on its own (code ${code}, signal ${signal}).\n${stderr}`,
          ),
        );
      }
      done();
    });
  });

  function failAll(error: Error): void {
    fatal ??= error;
    for (const w of [...waiters]) {
      waiters.delete(w);
      w.reject(error);
    }
  }

  function wake(): void {
    for (const w of [...waiters]) if (w.check()) waiters.delete(w);
  }

  function wait<T>(test: () => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (fatal) return reject(fatal);
      const waiter: Waiter = {
        check: () => {
          const value = test();
          if (value === undefined) return false;
          resolve(value);
          return true;
        },
        reject,
      };
      if (!waiter.check()) waiters.add(waiter);
    });
  }

  child.on('message', (message: FromWorker) => {
    switch (message.type) {
      case 'ready':
      case 'outbox':
      case 'finished':
        summary = message.summary;
        break;
      case 'failed':
        failAll(
          new Error(
            `The outbox refused ${message.items.length} operation(s); nothing should be refused here:\n  ${describeItems(message.items)}`,
          ),
        );
        break;
      case 'crash':
        failAll(new Error(`The backend child crashed: ${message.message}`));
        break;
      case 'log':
        events.onLog?.(message.message);
        break;
      case 'connectivity':
        events.onConnectivity?.(message.online, message.reason);
        break;
      case 'enqueued':
        break;
    }
    for (const listener of onMessage) listener(message);
    wake();
  });

  const post = (message: ToWorker) => {
    if (!child.connected) throw fatal ?? new Error('The backend child is not connected.');
    child.send(message);
  };

  /** Resolves with the first message of `type` from now on. */
  const next = <K extends FromWorker['type']>(type: K) => {
    let got: Extract<FromWorker, { type: K }> | undefined;
    const listener = (m: FromWorker) => {
      if (m.type === type) got ??= m as Extract<FromWorker, { type: K }>;
    };
    onMessage.add(listener);
    return wait(() => got).finally(() => onMessage.delete(listener));
  };

  const kill = async () => {
    expectedExit = true;
    if (!exited) child.kill('SIGKILL');
    await exit;
  };

  try {
    await wait(() => summary);
  } catch (error) {
    await kill();
    throw error;
  }

  return {
    pid: child.pid as number,
    get summary() {
      return summary as OutboxSummary;
    },
    get alive() {
      return !exited;
    },
    until(predicate, what) {
      return wait(() => (summary && predicate(summary) ? summary : undefined)).catch(
        (error: Error) => {
          throw new Error(`While waiting until ${what}: ${error.message}`);
        },
      );
    },
    async enqueue(items) {
      const done = next('enqueued');
      post({ type: 'enqueue', items });
      await done;
    },
    kill,
    async finish() {
      let finished: Extract<FromWorker, { type: 'finished' }> | undefined;
      const listener = (m: FromWorker) => {
        if (m.type === 'finished') finished = m;
      };
      onMessage.add(listener);
      post({ type: 'finish' });
      expectedExit = true;
      await exit;
      onMessage.delete(listener);
      if (fatal) throw fatal;
      if (!finished)
        throw new Error(`The backend child exited without its final report.\n${stderr}`);
      return { summary: finished.summary, items: finished.items };
    },
  };
}
