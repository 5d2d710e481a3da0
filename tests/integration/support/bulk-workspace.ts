import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ProfileApi } from '../../../electron/backend/scheduler/profile-api.js';
import { openProfileWorkspace, type ProfileWorkspace } from '../../../electron/backend/sync/index.js';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import type { SyncProgress } from '../../../electron/shared/models.js';
import { startTestService, type TestService } from '../../support/service.js';
import { profileApiFor } from '../../unit/sync/support/profile-api.js';

export interface BulkWorkspace {
  ws: ProfileWorkspace;
  /** Resolves after the first sync has finished. */
  synced: Promise<void>;
  /** Resolves with the job once `p` holds of it (at once if it already does). */
  when(id: string, p: (job: BulkJob) => boolean): Promise<BulkJob>;
  /** Resolves with the job once its status is `done`. */
  finished(id: string): Promise<BulkJob>;
}

/**
 * A profile workspace on a real service, started, for the import tests: waits on the workspace's
 * own signals (the first sync's idle progress, the bulk job's change events), never on time.
 */
export function openBulkWorkspace(dir: string, baseUrl: string, api: ProfileApi): BulkWorkspace {
  const waiters: { id: string; p: (job: BulkJob) => boolean; resolve: (job: BulkJob) => void }[] = [];
  let onSynced: () => void = () => {};
  const synced = new Promise<void>((resolve) => (onSynced = resolve));
  const opened = openProfileWorkspace({
    dir,
    baseUrl,
    api,
    outboxServerMaxExecutionMs: 0,
    onProgress: (p: SyncProgress) => {
      if (p.phase === 'idle' && p.syncedAt !== null) onSynced();
    },
    onBulkChange: (job) => {
      for (const w of [...waiters]) {
        if (w.id === job.id && w.p(job)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(job);
        }
      }
    },
  });
  opened.start();
  const when = (id: string, p: (job: BulkJob) => boolean) =>
    new Promise<BulkJob>((resolve) => {
      const now = opened.bulk.get(id);
      if (p(now)) resolve(now);
      else waiters.push({ id, p, resolve });
    });
  return { ws: opened, synced, when, finished: (id) => when(id, (job) => job.status === 'done') };
}

export interface BulkService {
  /** The real local service of the test (no rate limit). */
  readonly service: TestService;
  /** The test's own profile folder. */
  readonly dir: string;
  /** The scheduled API on the service (one attempt per POST: a refusal is seen as it is). */
  readonly api: ProfileApi;
  /** Opens and starts the workspace on the folder; closed after the test. */
  open(): BulkWorkspace;
  /** A workspace opened another way, to close after the test (null: the test closed it). */
  track(ws: ProfileWorkspace | null): void;
}

/**
 * For the import tests: before each test a real service, a profile folder and its API; after
 * it, the workspace opened on them closed and all of it gone. Read the fields inside the tests.
 */
export function bulkService(): BulkService {
  let ws: ProfileWorkspace | null = null;
  const world = {
    open() {
      const opened = openBulkWorkspace(world.dir, world.service.url, world.api);
      ws = opened.ws;
      return opened;
    },
    track(opened: ProfileWorkspace | null) {
      ws = opened;
    },
  } as BulkService & { service: TestService; dir: string; api: ProfileApi };
  beforeEach(async () => {
    world.service = await startTestService({ rateLimit: 0 });
    world.dir = mkdtempSync(join(tmpdir(), 'linkdeck-import-'));
    world.api = profileApiFor(world.service.url, world.service.key, { postAttempts: 1 });
  });
  afterEach(async () => {
    await ws?.close();
    ws = null;
    world.api.close();
    await world.service.close();
    rmSync(world.dir, { recursive: true, force: true });
  });
  return world;
}
