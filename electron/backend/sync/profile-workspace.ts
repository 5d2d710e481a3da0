import type { BulkJob } from '../../shared/bulk.js';
import type { OutboxSummary, SyncProgress } from '../../shared/models.js';
import { createBulkRunner, type BulkRunner } from '../bulk/bulk-runner.js';
import { openProfileData, type ProfileData } from '../mirror/profile-data.js';
import type { MirrorChange } from '../mirror/mirror.js';
import { createOutbox, type Outbox } from '../outbox/outbox.js';
import type { OutboxApi } from '../outbox/outbox-api.js';
import { systemClock, type Clock } from '../scheduler/clock.js';
import { createConnectivity, type Connectivity, type ConnectivityState } from './connectivity.js';
import { createSync, type Sync, type SyncIntervals } from './sync.js';
import type { SyncApi } from './sync-api.js';

export interface ProfileWorkspaceOptions {
  /** The profile's data dir (`accounts.dataDirFor(profileId)`). */
  dir: string;
  /** The profile's base URL (the host of its own short links). */
  baseUrl: string;
  /** The profile's scheduled API (a ProfileApi). */
  api: SyncApi & OutboxApi;
  clock?: Clock;
  onProgress?: (progress: SyncProgress) => void;
  onOutboxChange?: (summary: OutboxSummary) => void;
  onMirrorChange?: (change: MirrorChange) => void;
  onConnectivity?: (state: ConnectivityState) => void;
  /** A bulk job changed (throttled to a few pushes a second). */
  onBulkChange?: (job: BulkJob) => void;
  /** Bulk rows in the outbox at once (default 3). */
  bulkInFlight?: number;
  intervals?: Partial<SyncIntervals>;
  /**
   * Delays of the shared connectivity's probes while the service is unreachable (default 2 s,
   * doubling up to 2 min). Tests against a local fault layer shorten them.
   */
  probe?: { minDelayMs?: number; maxDelayMs?: number };
  /** The outbox's first retry delay after a transient failure (default 2 s, doubling). */
  outboxRetryMinMs?: number;
  /**
   * How long the service may go on with a request (default 60 s): a create whose answer was
   * lost is looked up only this long after it was sent. Tests against a fast local service
   * shorten it.
   */
  outboxServerMaxExecutionMs?: number;
  log?: (message: string) => void;
}

/** One profile's offline data and the machinery that keeps it in step with the service. */
export interface ProfileWorkspace {
  readonly data: ProfileData;
  readonly sync: Sync;
  readonly outbox: Outbox;
  /** Shared by the sync and the outbox; tell it the outcome of other calls (`report(error)`). */
  readonly connectivity: Connectivity;
  /** Bulk shortening jobs, sent through the outbox; they resume when the workspace starts. */
  readonly bulk: BulkRunner;
  /** Starts the sync loop (first sync if needed) and the outbox. */
  start(): void;
  /** Stops both, then closes the file. */
  close(): Promise<void>;
}

/**
 * Opens a profile's mirror and outbox and makes its sync, sharing one connectivity (probing
 * with GET /api/account at background priority) so that both wait together while the service
 * is unreachable and resume together when it answers. A refused or discarded change asks the
 * sync to read the object again, so the mirror does not keep showing what the service refused.
 */
export function openProfileWorkspace(options: ProfileWorkspaceOptions): ProfileWorkspace {
  const clock = options.clock ?? systemClock;
  const data = openProfileData(options.dir, { clock, baseUrl: options.baseUrl });
  const { api } = options;
  const connectivity = createConnectivity({
    clock,
    probe: () => api.account.get({ priority: 'background' }),
    ...(options.probe?.minDelayMs !== undefined ? { minDelayMs: options.probe.minDelayMs } : {}),
    ...(options.probe?.maxDelayMs !== undefined ? { maxDelayMs: options.probe.maxDelayMs } : {}),
  });
  const unsubscribe: (() => void)[] = [];
  if (options.onConnectivity) unsubscribe.push(connectivity.onChange(options.onConnectivity));
  if (options.onMirrorChange) unsubscribe.push(data.mirror.onChange(options.onMirrorChange));
  const sync = createSync({
    api,
    mirror: data.mirror,
    clock,
    connectivity,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.intervals ? { intervals: options.intervals } : {}),
  });
  const outbox = createOutbox({
    mirror: data.mirror,
    api,
    connectivity,
    clock,
    ...(options.onOutboxChange ? { onChange: options.onOutboxChange } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.outboxRetryMinMs !== undefined ? { retryMinMs: options.outboxRetryMinMs } : {}),
    ...(options.outboxServerMaxExecutionMs !== undefined
      ? { serverMaxExecutionMs: options.outboxServerMaxExecutionMs }
      : {}),
    baseUrl: options.baseUrl,
    refresh: (target) => {
      const done =
        target.kind === 'link'
          ? sync.openLink(target.id, { force: true }).then(() => undefined)
          : sync.refreshView(
              { kind: target.kind === 'pixel' ? 'pixels' : (`${target.kind}s` as 'channels') },
              { force: true },
            );
      // Best effort: the next sync brings the object back in any case.
      done.catch(() => undefined);
    },
  });
  const bulk = createBulkRunner({
    mirror: data.mirror,
    outbox,
    connectivity,
    scheduler: api.scheduler,
    clock,
    ...(options.onBulkChange ? { onChange: options.onBulkChange } : {}),
    ...(options.bulkInFlight !== undefined ? { maxInFlight: options.bulkInFlight } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  let closed: Promise<void> | undefined;
  return {
    data,
    sync,
    outbox,
    connectivity,
    bulk,
    start() {
      outbox.start();
      sync.start();
      bulk.start();
    },
    close: () =>
      (closed ??= (async () => {
        // First: no new rows go into the outbox while it stops (rows in it resume at the next start).
        bulk.stop();
        await outbox.stop();
        await sync.stop();
        for (const off of unsubscribe) off();
        connectivity.close();
        data.close();
      })()),
  };
}
