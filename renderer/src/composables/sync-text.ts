import type { SyncCollection, SyncProgress } from '../../../electron/shared/models.js';
import { formatNumber } from '../i18n/format.js';
import { t } from '../i18n/index.js';

/** What a first sync is reading, as the select argument of app.sync.syncing. */
const WHAT: Record<SyncCollection, string> = {
  account: 'account',
  domains: 'domains',
  channels: 'channels',
  campaigns: 'campaigns',
  pixels: 'pixels',
  overlays: 'overlays',
  splash: 'splash',
  qrs: 'qrs',
  links: 'links',
  'channel-items': 'channelItems',
};

/** "about 3 min left", rounded the way a person would say it. */
export function etaText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return t('app.sync.etaUnderMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('app.sync.etaMinutes', { min: minutes });
  return t('app.sync.etaHours', { h: Math.floor(minutes / 60), min: minutes % 60 });
}

/**
 * The top bar's words for the sync: "Syncing links 1,200 / 10,000 · about 3 min left" during a
 * first sync, "Synced" once it is done, nothing while a quiet background catch-up runs.
 */
export function syncText(progress: SyncProgress | null): string | null {
  if (!progress) return null;
  if (progress.phase === 'first-sync') {
    const what = progress.collection ? WHAT[progress.collection] : 'everything';
    const text =
      progress.total > 0
        ? t('app.sync.syncingCounted', { what, done: formatNumber(progress.done), total: formatNumber(progress.total) })
        : t('app.sync.syncing', { what });
    return progress.etaMs !== null && progress.etaMs > 0 ? t('app.sync.withEta', { text, eta: etaText(progress.etaMs) }) : text;
  }
  if (progress.phase === 'idle' && progress.syncedAt !== null) return t('app.sync.synced');
  return null;
}
