import type {
  LinkSort,
  MirrorLinkDetails,
  MirrorQrDetails,
  Priority,
  SyncCollection,
  SyncProgress,
} from '../../shared/models.js';
import { keyedErrorInfo } from '../../shared/errors.js';
import { msg } from '../../shared/message-ref.js';
import { isApiClientError } from '../api/errors.js';
import type { Mirror } from '../mirror/mirror.js';
import { systemClock, type Clock } from '../scheduler/clock.js';
import {
  SMALL_COLLECTIONS,
  SMALL_PLAN,
  syncAccount,
  syncChannelItems,
  syncOneChannelItems,
  syncSmallCollection,
  type SmallCollection,
} from './collections-sync.js';
import { createConnectivity, isOfflineError, type Connectivity } from './connectivity.js';
import {
  firstSyncDone,
  markFirstSyncDone,
  sweepAll,
  sweepEndedAt,
  sweepInProgress,
  sweepStep,
  syncClickHead,
  syncNewLinks,
  type SweepStep,
} from './links-sync.js';
import { crawlBatch, crawlDetails } from './details-crawl.js';
import { openLink, type OpenLinkOptions } from './open-link.js';
import { openQr } from './open-qr.js';
import { ProgressTracker } from './progress.js';
import type { SyncApi } from './sync-api.js';
import type { SyncContext } from './sync-context.js';

/** What a view shows, so that opening it refreshes just that (at 'view' priority). */
export type SyncView =
  | { kind: 'links'; sort?: LinkSort }
  | { kind: 'channel'; id: number }
  | { kind: SmallCollection }
  | { kind: 'account' };

export interface SyncIntervals {
  /** New links and the most clicked links' counts. Default 1 min. */
  incrementalMs: number;
  /** One page of the deletion sweep. Default 20 s (a 10,000-link sweep takes ~35 min at 100 a page). */
  sweepPageMs: number;
  /** Rest between two sweeps. Default 30 min. */
  sweepRestMs: number;
  /** Small collections, channel items and the account are read again after this. Default 15 min. */
  collectionsMs: number;
  /** Wait after a failure other than being offline. Default 30 s. */
  errorRetryMs: number;
  /** A view refreshed less than this ago is not refreshed again (unless forced). Default 20 s. */
  viewRefreshMs: number;
  /**
   * A step of reading never-opened links' details with spare budget (see details-crawl.ts).
   * Default 20 s; 0 turns it off.
   */
  detailsCrawlMs: number;
}

const DEFAULT_INTERVALS: SyncIntervals = {
  incrementalMs: 60_000,
  sweepPageMs: 20_000,
  sweepRestMs: 30 * 60_000,
  collectionsMs: 15 * 60_000,
  errorRetryMs: 30_000,
  viewRefreshMs: 20_000,
  detailsCrawlMs: 20_000,
};

export interface SyncOptions {
  api: SyncApi;
  mirror: Mirror;
  clock?: Clock;
  /**
   * Shared with the outbox. When absent, one is made that probes with GET /api/account at
   * 'background' priority.
   */
  connectivity?: Connectivity;
  onProgress?: (progress: SyncProgress) => void;
  intervals?: Partial<SyncIntervals>;
  /** Called for every request the sync makes (counting). */
  onRequest?: (collection: SyncCollection) => void;
}

export interface Sync {
  readonly connectivity: Connectivity;
  /** Starts the background loop: the first sync if it never completed, then incremental runs and the sweep. */
  start(): void;
  /** Stops the loop and cancels its requests; resolves when it has stopped. */
  stop(): Promise<void>;
  /** Mirrors every collection with the fewest requests (resumes one that was interrupted). */
  firstSync(): Promise<void>;
  /** New links, the top click counts, and the small collections when they are stale. */
  incremental(): Promise<void>;
  /** A whole deletion sweep now. */
  sweep(): Promise<{ deleted: number }>;
  /** One page of the deletion sweep. */
  sweepStep(): Promise<SweepStep>;
  /** Refreshes what a view shows, at 'view' priority. */
  refreshView(view: SyncView, options?: { force?: boolean; signal?: AbortSignal }): Promise<void>;
  /** A link with details and statistics, read again at 'user' priority when older than 5 min. */
  openLink(
    id: number,
    options?: OpenLinkOptions & { signal?: AbortSignal },
  ): Promise<MirrorLinkDetails>;
  /** A QR code with its details and scan statistics, read again when older than 5 min. */
  openQr(id: number, options?: { force?: boolean; signal?: AbortSignal }): Promise<MirrorQrDetails>;
  progress(): SyncProgress;
  onProgress(listener: (progress: SyncProgress) => void): () => void;
}

/**
 * The sync of one profile's mirror. Its own work runs one step at a time at 'background'
 * priority, so the user's actions always go first and the budget is spent evenly; while the
 * service is unreachable it waits for the connectivity to come back and then carries on.
 */
export function createSync(options: SyncOptions): Sync {
  const { api, mirror } = options;
  const clock = options.clock ?? systemClock;
  const intervals = { ...DEFAULT_INTERVALS, ...options.intervals };
  const ownsConnectivity = options.connectivity === undefined;
  const connectivity =
    options.connectivity ??
    createConnectivity({ clock, probe: () => api.account.get({ priority: 'background' }) });
  const listeners = new Set<(progress: SyncProgress) => void>();
  if (options.onProgress) listeners.add(options.onProgress);
  const emit = (progress: SyncProgress) => {
    for (const listener of listeners) listener(progress);
  };
  const budget = () => api.scheduler?.state();
  const connection = connectivity.state();
  const tracker = new ProgressTracker(clock, budget, emit, {
    syncedAt: mirror.syncedAt('links'),
    online: connection.online,
    nextProbeAt: connection.nextProbeAt,
  });
  // Views and opened links report nothing to the sync's progress.
  const quietTracker = () =>
    new ProgressTracker(
      clock,
      () => undefined,
      () => {},
      {
        syncedAt: null,
        online: true,
        nextProbeAt: null,
      },
    );

  let running = false;
  let controller = new AbortController();
  let loopDone: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let exclusive: Promise<unknown> = Promise.resolve();
  const due = { incremental: 0, sweep: 0, crawl: 0 };
  const viewRefreshes = new Map<string, { at: number; running?: Promise<void> }>();

  const follow = () =>
    connectivity.onChange((state) => {
      tracker.connectivity(state.online, state.nextProbeAt);
      // Back online: catch up at once.
      if (state.online) {
        due.incremental = 0;
        wake?.();
      }
    });
  let unfollow: (() => void) | undefined = follow();

  function context(priority: Priority, signal?: AbortSignal, quiet = false): SyncContext {
    return {
      api,
      mirror,
      clock,
      connectivity,
      progress: quiet ? quietTracker() : tracker,
      priority,
      ...(signal ? { signal } : {}),
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    };
  }

  /** The sync's own runs never overlap. */
  function runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = exclusive.then(fn, fn);
    exclusive = result.catch(() => undefined);
    return result;
  }

  /** Runs a tracked run: progress begins and ends with it, failures are recorded. */
  async function tracked<T>(
    phase: 'first-sync' | 'incremental' | 'sweep',
    plan: Partial<Record<SyncCollection, number>>,
    fn: (ctx: SyncContext) => Promise<T>,
  ): Promise<T> {
    tracker.begin(phase, plan);
    try {
      const value = await fn(context('background', controller.signal));
      tracker.end(mirror.syncedAt('links'));
      return value;
    } catch (error) {
      // Offline is not a failure (the connectivity says it); a fault of Linkdeck's own keeps
      // its text out of the UI (it can hold anything).
      const info =
        isOfflineError(error) || controller.signal.aborted
          ? null
          : isApiClientError(error)
            ? { code: error.code, message: error.message, ...(error.ref ? { key: error.ref.key, ...(error.ref.params ? { params: error.ref.params } : {}) } : {}) }
            : keyedErrorInfo('internal', msg('errors.sync.unexpected'));
      tracker.end(null, info);
      throw error;
    }
  }

  const firstSync = () =>
    runExclusive(() =>
      tracked('first-sync', { ...SMALL_PLAN, links: 1 }, async (ctx) => {
        // Links first: a collection that fails (even one the service lacks) never leaves the
        // mirror without them.
        await syncAccount(ctx);
        await sweepAll(ctx);
        for (const kind of SMALL_COLLECTIONS) await syncSmallCollection(ctx, kind);
        await syncChannelItems(ctx);
        mirror.write(['links'], () => markFirstSyncDone(ctx));
        mirror.optimize();
        due.incremental = clock.now() + intervals.incrementalMs;
      }),
    );

  const collectionsStale = () => {
    const at = mirror.syncedAt('channel-items');
    return at === null || clock.now() - at >= intervals.collectionsMs;
  };

  const incremental = () =>
    runExclusive(() =>
      tracked('incremental', { links: 2 }, async (ctx) => {
        await syncNewLinks(ctx);
        await syncClickHead(ctx);
        if (collectionsStale()) {
          await syncAccount(ctx);
          for (const kind of SMALL_COLLECTIONS) await syncSmallCollection(ctx, kind);
          await syncChannelItems(ctx);
        }
      }),
    );

  const oneSweepStep = () =>
    runExclusive(() =>
      tracked('sweep', { links: 1 }, async (ctx) => {
        const step = await sweepStep(ctx);
        if (step.done) mirror.optimize();
        return step;
      }),
    );

  const sweep = () =>
    runExclusive(() =>
      tracked('sweep', { links: 1 }, async (ctx) => {
        const result = await sweepAll(ctx);
        mirror.optimize();
        return result;
      }),
    );

  function sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const handle = clock.setTimeout(
        () => {
          wake = undefined;
          resolve();
        },
        Math.max(0, ms),
      );
      wake = () => {
        clock.clearTimeout(handle);
        wake = undefined;
        resolve();
      };
    });
  }

  async function loop(): Promise<void> {
    const signal = controller.signal;
    const ctx = context('background', signal);
    const quietCtx = context('background', signal, true);
    due.incremental = 0;
    const ended = sweepEndedAt(ctx);
    due.sweep = sweepInProgress(ctx) || ended === null ? 0 : ended + intervals.sweepRestMs;
    while (running && !signal.aborted) {
      try {
        await connectivity.whenOnline(signal);
        const now = clock.now();
        if (!firstSyncDone(ctx)) {
          await firstSync();
          due.sweep = clock.now() + intervals.sweepRestMs;
          due.crawl = clock.now() + intervals.detailsCrawlMs;
        } else if (now >= due.incremental) {
          await incremental();
          due.incremental = clock.now() + intervals.incrementalMs;
        } else if (now >= due.sweep) {
          const step = await oneSweepStep();
          due.sweep = clock.now() + (step.done ? intervals.sweepRestMs : intervals.sweepPageMs);
        } else if (intervals.detailsCrawlMs > 0 && now >= due.crawl) {
          const batch = crawlBatch(quietCtx);
          // Quiet (no progress reported): it is housekeeping, not a sync the user waits for.
          if (batch > 0) await runExclusive(() => crawlDetails(quietCtx, batch));
          due.crawl = clock.now() + intervals.detailsCrawlMs;
        } else {
          const crawlAt = intervals.detailsCrawlMs > 0 ? due.crawl : Infinity;
          await sleep(Math.min(due.incremental, due.sweep, crawlAt) - now);
        }
      } catch (error) {
        if (signal.aborted) break;
        // Offline: the connectivity probes; whenOnline waits for it.
        if (!isOfflineError(error)) await sleep(intervals.errorRetryMs);
      }
    }
  }

  async function refreshView(
    view: SyncView,
    opts: { force?: boolean; signal?: AbortSignal } = {},
  ): Promise<void> {
    const key = JSON.stringify(view);
    const last = viewRefreshes.get(key);
    if (last?.running) return last.running;
    if (last && !opts.force && clock.now() - last.at < intervals.viewRefreshMs) return;
    const ctx = context('view', opts.signal, true);
    const work = (async () => {
      switch (view.kind) {
        case 'links':
          await syncNewLinks(ctx);
          if (view.sort === 'clicks') await syncClickHead(ctx, 1);
          return;
        case 'channel':
          return syncOneChannelItems(ctx, view.id);
        case 'account':
          return syncAccount(ctx);
        default:
          // A forced refresh is the person's: it asks again about a collection not offered.
          return syncSmallCollection(ctx, view.kind, { askAgain: opts.force === true });
      }
    })();
    const entry: { at: number; running?: Promise<void> } = { at: clock.now(), running: work };
    viewRefreshes.set(key, entry);
    try {
      await work;
      entry.at = clock.now();
      // A links refresh moved the mirror's sync time; the progress (sync:status, the window's
      // "synced … ago") says so too, not the time of the last tracked run.
      if (view.kind === 'links') tracker.synced(mirror.syncedAt('links'));
    } catch (error) {
      viewRefreshes.delete(key);
      throw error;
    } finally {
      delete entry.running;
    }
  }

  return {
    connectivity,
    start() {
      if (running) return;
      running = true;
      unfollow ??= follow();
      controller = new AbortController();
      loopDone = loop();
    },
    async stop() {
      running = false;
      controller.abort(new DOMException('The sync stopped.', 'AbortError'));
      wake?.();
      await loopDone;
      loopDone = undefined;
      await exclusive;
      unfollow?.();
      unfollow = undefined;
      if (ownsConnectivity) connectivity.close();
    },
    firstSync,
    incremental,
    sweep: async () => ({ deleted: (await sweep()).deleted }),
    sweepStep: oneSweepStep,
    refreshView,
    openLink(id, opts = {}) {
      return openLink(context('user', opts.signal, true), id, opts);
    },
    openQr: (id, opts = {}) => openQr(context('user', opts.signal, true), id, opts),
    // The mirror's own time: a refresh or sweep step outside a tracked run moves it too.
    progress: () => ({ ...tracker.get(), syncedAt: mirror.syncedAt('links') }),
    onProgress(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
