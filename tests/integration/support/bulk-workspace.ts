import type { ProfileApi } from '../../../electron/backend/scheduler/profile-api.js';
import { openProfileWorkspace, type ProfileWorkspace } from '../../../electron/backend/sync/index.js';
import type { BulkJob } from '../../../electron/shared/bulk.js';
import type { SyncProgress } from '../../../electron/shared/models.js';

export interface BulkWorkspace {
  ws: ProfileWorkspace;
  /** Resolves after the first sync has finished. */
  synced: Promise<void>;
  /** Resolves with the job once its status is `done`. */
  finished(id: string): Promise<BulkJob>;
}

/**
 * A profile workspace on a real service, started, for the import tests: waits on the workspace's
 * own signals (the first sync's idle progress, the bulk job's change events), never on time.
 */
export function openBulkWorkspace(dir: string, baseUrl: string, api: ProfileApi): BulkWorkspace {
  const waiters: { id: string; resolve: (job: BulkJob) => void }[] = [];
  let onSynced: () => void = () => {};
  const synced = new Promise<void>((resolve) => (onSynced = resolve));
  const done = (job: BulkJob) => job.status === 'done';
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
        if (w.id === job.id && done(job)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(job);
        }
      }
    },
  });
  opened.start();
  const finished = (id: string) =>
    new Promise<BulkJob>((resolve) => {
      const now = opened.bulk.get(id);
      if (done(now)) resolve(now);
      else waiters.push({ id, resolve });
    });
  return { ws: opened, synced, finished };
}
