import type { LinkInput, OutboxItem, OutboxSummary } from '../../../electron/shared/models.js';

/*
 * The messages between the fault test and its backend child process (outbox-worker.ts), over
 * Node's IPC channel. The child is the app's backend: it opens the profile workspace on a data
 * dir, sends what the outbox holds and says what happens; the test kills and restarts it.
 */

/** Given to the child in the OUTBOX_WORKER environment variable, as JSON. */
export interface WorkerConfig {
  /** The profile's data dir (the same on every restart). */
  dir: string;
  /** Where the API is reached: the fault proxy. */
  baseUrl: string;
  key: string;
  /** The API client's timeout per HTTP attempt. */
  timeoutMs: number;
}

export type ToWorker =
  /** Queue these creates (each one durable before the child says `enqueued`). */
  | { type: 'enqueue'; items: LinkInput[] }
  /** Close the workspace cleanly, report the outbox, exit. */
  | { type: 'finish' };

export type FromWorker =
  /** The workspace is open and started; what its outbox held on disk. */
  | { type: 'ready'; summary: OutboxSummary; pid: number }
  | { type: 'enqueued'; count: number }
  /** Sent on every change of the outbox (each attempt, each settled or failed operation). */
  | { type: 'outbox'; summary: OutboxSummary }
  /** Refused operations (which should never happen here), with the service's words. */
  | { type: 'failed'; items: OutboxItem[] }
  | { type: 'connectivity'; online: boolean; reason?: string }
  | { type: 'log'; message: string }
  | { type: 'finished'; summary: OutboxSummary; items: OutboxItem[] }
  /** A fault of the child itself (an uncaught error). */
  | { type: 'crash'; message: string };

export const WORKER_ENV = 'OUTBOX_WORKER';
