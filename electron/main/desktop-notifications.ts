import type { Backend } from '../backend/backend.js';
import type { Notifier } from '../backend/clipboard/ports.js';
import type { LinkdeckEvents } from '../shared/contract.js';
import type { Translate } from '../shared/i18n/translate.js';
import { desktopTranslator } from './desktop-language.js';

export interface DesktopNotificationsDeps {
  backend: Pick<Backend, 'subscribe'>;
  notifier: Notifier;
  /** "Open Linkdeck" on a notification. */
  openWindow(): void;
  now?: () => number;
  log?: (message: string) => void;
  /** The words in the app's language now (read at each notice: the setting may have changed). */
  translate?: () => Translate;
}

const OPEN_ID = 'open';
const english = (): Translate => desktopTranslator('en');

type BulkEvent = LinkdeckEvents['bulk:changed'];
type SyncEvent = LinkdeckEvents['sync:progress'];

/** What a finished or cancelled bulk job says; null while it runs. */
export function bulkNotification(job: BulkEvent, t: Translate = english()): { title: string; body: string } | null {
  const { created, reused, failed } = job.counts;
  if (job.status === 'done') {
    return { title: t('desktop.notify.bulkDoneTitle'), body: t('desktop.notify.bulkDoneBody', { name: job.name, created, reused, failed }) };
  }
  if (job.status === 'cancelled') {
    return { title: t('desktop.notify.bulkCancelledTitle'), body: t('desktop.notify.bulkCancelledBody', { name: job.name, made: created + reused, total: job.total }) };
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
  const translate = deps.translate ?? english;
  const startedAt = now();
  const announcedJobs = new Set<string>();
  const syncErrors = new Map<string, string>();

  // The view is what a click on the notification opens where it is not the "Open" action (Windows, macOS).
  // A group: the newer notice replaces the older of the same group (one sync trouble per profile).
  const show = (title: string, body: string, view: string, group?: string): void => {
    void deps.notifier
      .notify({ title, body, actions: [{ id: OPEN_ID, label: translate()('desktop.notify.open') }], view, ...(group ? { group } : {}) })
      .then((action) => {
        if (action === OPEN_ID) deps.openWindow();
      })
      .catch((error: unknown) => log(`[notify] ${(error as Error).message}`));
  };

  const onBulk = (job: BulkEvent): void => {
    const key = `${job.profileId}:${job.id}`;
    const message = bulkNotification(job, translate());
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
    const t = translate();
    show(t('desktop.notify.syncFailedTitle'), t('desktop.notify.syncFailedBody', { reason: progress.error.message }), '/links', `sync:${progress.profileId}`);
  };

  return deps.backend.subscribe((event, payload) => {
    if (event === 'bulk:changed') onBulk(payload as BulkEvent);
    else if (event === 'sync:progress') onSync(payload as SyncEvent);
  });
}
