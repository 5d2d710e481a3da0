import type { Priority, SyncCollection } from '../../shared/models.js';
import type { Mirror } from '../mirror/mirror.js';
import type { Clock } from '../scheduler/clock.js';
import type { ScheduledOptions } from '../scheduler/profile-api.js';
import type { Connectivity } from './connectivity.js';
import type { ProgressTracker } from './progress.js';
import type { SyncApi } from './sync-api.js';

/** What every step of a sync run shares. */
export interface SyncContext {
  api: SyncApi;
  mirror: Mirror;
  clock: Clock;
  connectivity: Connectivity;
  progress: ProgressTracker;
  /** 'background' for the sync's own runs, 'view' when a view asks, 'user' to open a link. */
  priority: Priority;
  signal?: AbortSignal;
  /** Counts every request the run makes (for the benchmark and the tests). */
  onRequest?: (collection: SyncCollection) => void;
  /**
   * Set once the account answered in this run: the base URL leads to the API, so a collection
   * path that answers "no such page" is a collection the service lacks (collections-sync.ts).
   */
  apiAnswered?: boolean;
}

/**
 * One request of a sync step: at the run's priority, timed for the ETA, counted in the
 * progress, and its outcome told to the connectivity (an 'offline' failure stops the run).
 */
export async function request<T>(
  ctx: SyncContext,
  collection: SyncCollection,
  call: (options: ScheduledOptions) => Promise<T>,
  count: (answer: T) => { items: number; total?: number } = () => ({ items: 0 }),
): Promise<T> {
  const started = ctx.clock.now();
  ctx.progress.collection(collection);
  ctx.onRequest?.(collection);
  try {
    const answer = await call({
      priority: ctx.priority,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    ctx.connectivity.reportOnline();
    const { items, total } = count(answer);
    ctx.progress.request(collection, ctx.clock.now() - started, items, total ?? 0);
    return answer;
  } catch (error) {
    ctx.connectivity.report(error);
    throw error;
  }
}
