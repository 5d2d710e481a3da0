import type { OutboxItem, OutboxMutation, OutboxSummary } from '../../shared/models.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Clock } from '../scheduler/clock.js';
import type { Connectivity } from '../sync/connectivity.js';
import type { TargetKind } from './ops.js';
import type { OpAnswer } from './optimistic.js';
import type { OutboxApi } from './outbox-api.js';

/* The outbox's public shape: what it is given (OutboxOptions), what it offers, what it settles to. */

/** What a settled operation gave: the service's id of what it made or changed, and its answer. */
export interface OutboxResult {
  opId: string;
  /** The service's id of the object (a create's new id), when the operation names one. */
  id: number | null;
  answer: OpAnswer;
}

export interface OutboxOptions {
  /** The profile's mirror (its file also holds the outbox). */
  mirror: Mirror;
  api: OutboxApi;
  /** Shared with the sync: sending waits while the service is unreachable. */
  connectivity: Connectivity;
  clock?: Clock;
  onChange?: (summary: OutboxSummary) => void;
  /**
   * Asked to read an object again from the service, when a discarded or refused change leaves
   * the mirror showing values the service does not have (wire it to the sync).
   */
  refresh?: (target: { kind: TargetKind; id: number }) => void;
  newId?: () => string;
  /** First retry delay after a transient failure (doubling up to 2 min). Default 2 s. */
  retryMinMs?: number;
  /**
   * How long the service may go on with a request after it arrived (real servers: a link create
   * fetches the target page's title first, 30 s or more). A create whose answer was lost is
   * looked up only this long after it was sent: before that, the service may still be making
   * the object. Default 60 s.
   */
  serverMaxExecutionMs?: number;
  /** The profile's base URL (short URLs of links without a branded domain start with it). */
  baseUrl?: string;
  /**
   * How long `stop` lets a request on the wire finish before cancelling it (its outcome then
   * unknown). Default 2 s: a refused connection or a quick answer ends well within it.
   */
  stopGraceMs?: number;
  log?: (message: string) => void;
}

export interface Outbox {
  /**
   * Queues a change: written to disk and shown in the mirror (pending) in one transaction
   * before this returns; sent in order as soon as the service can be reached (one that cannot
   * go holds back only the changes that must follow it).
   */
  enqueue(mutation: OutboxMutation): OutboxItem;
  /** Pending and failed operations, in queue order (the outbox view). */
  list(): OutboxItem[];
  get(opId: string): OutboxItem | null;
  summary(): OutboxSummary;
  /**
   * Queues a failed operation again, with the user's edits if given (same kind, same object).
   * A queued operation never attempted can be edited the same way.
   */
  retry(opId: string, mutation?: OutboxMutation): OutboxItem;
  /** Drops an operation (not while it is on the wire); what it showed in the mirror goes too. */
  discard(opId: string): void;
  /** The service's id for a provisional id, once its create was answered; else null. */
  resolveId(provisionalId: number): number | null;
  /** Resolves when the operation is confirmed; rejects when it is refused or discarded. */
  settled(opId: string): Promise<OutboxResult>;
  /** Starts sending (operations found on the wire at the last stop are looked up first). */
  start(): void;
  /**
   * Stops sending: a change waiting in the profile's queue stays as it was; a request on the
   * wire may finish within `stopGraceMs`, else it is cancelled and its outcome becomes unknown.
   */
  stop(): Promise<void>;
  /** Resolves when nothing can be sent right now (queue empty, refused, waiting, or offline). */
  idle(): Promise<void>;
  onChange(listener: (summary: OutboxSummary) => void): () => void;
}
