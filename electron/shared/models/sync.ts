/**
 * The sync (issue 4): the collections it mirrors and the progress it reports. Part of the shared
 * models (see ../models.ts).
 */
import type { MessageParams } from '../message-ref.js';

export type SyncCollection =
  | 'account'
  | 'domains'
  | 'channels'
  | 'campaigns'
  | 'pixels'
  | 'overlays'
  | 'splash'
  | 'qrs'
  | 'links'
  | 'channel-items';

export interface SyncProgress {
  /** idle: up to date; first-sync: mirroring everything; incremental: catching up; sweep: checking for deletions. */
  phase: 'idle' | 'first-sync' | 'incremental' | 'sweep';
  /** What is being fetched now. */
  collection: SyncCollection | null;
  /** Items mirrored so far in this run, and the expected total (grows as answers tell more). */
  done: number;
  total: number;
  /** Requests spent in this run, and the requests still expected. */
  requestsDone: number;
  requestsLeft: number;
  /** Time left, from the requests left and the rate budget; null when unknown. */
  etaMs: number | null;
  /** Unix ms the run began, or null when idle. */
  startedAt: number | null;
  /** Unix ms of the last complete sync of the links, or null. */
  syncedAt: number | null;
  online: boolean;
  /** When offline: Unix ms of the next probe. */
  nextProbeAt: number | null;
  /** The last run's failure (other than being offline), or null; `key`/`params`: its words as a message (issue 44). */
  error: { code: string; message: string; key?: string; params?: MessageParams } | null;
}
