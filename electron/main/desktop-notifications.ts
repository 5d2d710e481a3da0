import type { Backend } from '../backend/backend.js';
import type { Notifier } from '../backend/clipboard/ports.js';
import type { LinkdeckEvents } from '../shared/contract.js';

export interface DesktopNotificationsDeps {
  backend: Pick<Backend, 'subscribe'>;
  notifier: Notifier;
  /** "Open Linkdeck" on a notification. */
  openWindow(): void;
  now?: () => number;
  log?: (message: string) => void;
}

const OPEN = { id: 'open', label: 'Open Linkdeck' };

type BulkEvent = LinkdeckEvents['bulk:changed'];
type SyncEvent = LinkdeckEvents['sync:progress'];

/** What a finished or cancelled bulk job says; null while it runs. */
export function bulkNotification(job: BulkEvent): { title: string; body: string } | null {
  const { created, reused, failed } = job.counts;
  if (job.status === 'done') {
    const parts = [`${created} created`, ...(reused ? [`${reused} reused`] : []), ...(failed ? [`${failed} failed`] : [])];
    return { title: 'Bulk shortening finished', body: `"${job.name}": ${parts.join(', ')}.${failed ? ' The job shows why each failed row was refused.' : ''}` };
  }
  if (job.status === 'cancelled') {
    return { title: 'Bulk shortening cancelled', body: `"${job.name}": ${created + reused} of ${job.total} links were made before it was cancelled.` };
  }
  return null;
}

/**
 * Notifications for what happens while the window may be hidden: a bulk job reaching done or
 * cancelled (once per job) and a sync failure (once per distinct error, again only after the
 * sync recovered and failed anew). Jobs that had finished before Linkdeck started stay quiet.
 */
export function notifyDesktopEvents(deps: DesktopNotificationsDeps): () => void {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => {});
  const startedAt = now();
  const announcedJobs = new Set<string>();
  const syncErrors = new Map<string, string>();

  // The view is what a click on the notification opens where it is not the "Open" action (Windows, macOS).
  // A group: the newer notice replaces the older of the same group (one sync trouble per profile).
  const show = (title: string, body: string, view: string, group?: string): void => {
    void deps.notifier
      .notify({ title, body, actions: [OPEN], view, ...(group ? { group } : {}) })
      .then((action) => {
        if (action === OPEN.id) deps.openWindow();
      })
      .catch((error: unknown) => log(`[notify] ${(error as Error).message}`));
  };

  const onBulk = (job: BulkEvent): void => {
    const key = `${job.profileId}:${job.id}`;
    const message = bulkNotification(job);
    if (!message || announcedJobs.has(key)) return;
    announcedJobs.add(key);
    if (job.finishedAt !== null && job.finishedAt < startedAt) return;
    show(message.title, message.body, '/bulk');
  };

  const onSync = (progress: SyncEvent): void => {
    if (!progress.error) {
      syncErrors.delete(progress.profileId);
      return;
    }
    const signature = `${progress.error.code}:${progress.error.message}`;
    if (syncErrors.get(progress.profileId) === signature) return;
    syncErrors.set(progress.profileId, signature);
    show('Linkdeck could not sync', `${progress.error.message} Linkdeck keeps working from its copy and tries again.`, '/links', `sync:${progress.profileId}`);
  };

  return deps.backend.subscribe((event, payload) => {
    if (event === 'bulk:changed') onBulk(payload as BulkEvent);
    else if (event === 'sync:progress') onSync(payload as SyncEvent);
  });
}
