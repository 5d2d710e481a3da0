import type { RateBudgetState, SyncCollection, SyncProgress } from '../../shared/models.js';
import type { Clock } from '../scheduler/clock.js';
import { estimateEtaMs } from './eta.js';

export type SyncPhase = SyncProgress['phase'];

/**
 * Keeps the progress of the current sync run and reports it after each request: items done of
 * the total the answers announce, requests spent and still expected (per collection, refined
 * as each first page tells its page count), and the ETA those requests take under the budget.
 */
export class ProgressTracker {
  private current: SyncProgress;
  /** Requests still expected, per collection. */
  private expected = new Map<SyncCollection, number>();
  private latencies: number[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly budget: () => RateBudgetState | undefined,
    private readonly emit: (progress: SyncProgress) => void,
    initial: Pick<SyncProgress, 'syncedAt' | 'online' | 'nextProbeAt'>,
  ) {
    this.current = {
      phase: 'idle',
      collection: null,
      done: 0,
      total: 0,
      requestsDone: 0,
      requestsLeft: 0,
      etaMs: null,
      startedAt: null,
      error: null,
      ...initial,
    };
  }

  get(): SyncProgress {
    return this.current;
  }

  /** A run begins; `plan` is the requests expected per collection (1 when unknown). */
  begin(phase: Exclude<SyncPhase, 'idle'>, plan: Partial<Record<SyncCollection, number>>): void {
    this.expected = new Map(Object.entries(plan) as [SyncCollection, number][]);
    this.update({
      phase,
      collection: null,
      done: 0,
      total: 0,
      requestsDone: 0,
      startedAt: this.clock.now(),
      error: null,
    });
  }

  /** Fetching a collection now. */
  collection(collection: SyncCollection): void {
    this.update({ collection });
  }

  /** A collection turned out to need `requests` more requests (from a first page's maxpage). */
  expect(collection: SyncCollection, requests: number): void {
    this.expected.set(collection, Math.max(0, requests));
    this.update({});
  }

  /** One request answered (taking `latencyMs`), bringing `items` items of an announced `total` more. */
  request(collection: SyncCollection, latencyMs: number, items = 0, addTotal = 0): void {
    this.latencies.push(latencyMs);
    if (this.latencies.length > 20) this.latencies.shift();
    const left = this.expected.get(collection) ?? 0;
    this.expected.set(collection, Math.max(0, left - 1));
    this.update({
      requestsDone: this.current.requestsDone + 1,
      done: this.current.done + items,
      total: this.current.total + addTotal,
    });
  }

  end(syncedAt: number | null, error: SyncProgress['error'] = null): void {
    this.expected.clear();
    this.update({
      phase: 'idle',
      collection: null,
      startedAt: null,
      ...(syncedAt !== null ? { syncedAt } : {}),
      error,
    });
  }

  /** The links were synced outside a tracked run (a view's refresh): the time moves on, nothing else. */
  synced(syncedAt: number | null): void {
    if (syncedAt !== null && syncedAt !== this.current.syncedAt) this.update({ syncedAt });
  }

  connectivity(online: boolean, nextProbeAt: number | null): void {
    this.update({ online, nextProbeAt });
  }

  private update(patch: Partial<SyncProgress>): void {
    const next = { ...this.current, ...patch };
    const requestsLeft = [...this.expected.values()].reduce((a, b) => a + b, 0);
    next.requestsLeft = next.phase === 'idle' ? 0 : requestsLeft;
    const budget = this.budget();
    const latency =
      this.latencies.length > 0
        ? this.latencies.reduce((a, b) => a + b, 0) / this.latencies.length
        : undefined;
    next.etaMs =
      next.phase === 'idle'
        ? null
        : budget
          ? estimateEtaMs({
              requestsLeft,
              budget,
              now: this.clock.now(),
              ...(latency !== undefined ? { latencyMs: latency } : {}),
            })
          : null;
    next.total = Math.max(next.total, next.done);
    this.current = next;
    try {
      this.emit(next);
    } catch {
      // A listener's fault must not stop the sync.
    }
  }
}
