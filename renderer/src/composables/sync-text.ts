import type { SyncCollection, SyncProgress } from '../../../electron/shared/models.js';
import { formatNumber } from '../i18n/format.js';

const NOUN: Record<SyncCollection, string> = {
  account: 'the account',
  domains: 'domains',
  channels: 'channels',
  campaigns: 'campaigns',
  pixels: 'pixels',
  overlays: 'overlays',
  splash: 'splash pages',
  qrs: 'QR codes',
  links: 'links',
  'channel-items': 'channel items',
};

/** "about 3 min left", rounded the way a person would say it. */
export function etaText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest ? ` ${rest} min` : ''} left`;
}

/**
 * The top bar's words for the sync: "Syncing links 1,200 / 10,000 · about 3 min left" during a
 * first sync, "Synced" once it is done, nothing while a quiet background catch-up runs.
 */
export function syncText(progress: SyncProgress | null): string | null {
  if (!progress) return null;
  if (progress.phase === 'first-sync') {
    const what = progress.collection ? NOUN[progress.collection] : 'everything';
    const counts = progress.total > 0 ? ` ${formatNumber(progress.done)} / ${formatNumber(progress.total)}` : '';
    const eta = progress.etaMs !== null && progress.etaMs > 0 ? ` · ${etaText(progress.etaMs)}` : '';
    return `Syncing ${what}${counts}${eta}`;
  }
  if (progress.phase === 'idle' && progress.syncedAt !== null) return 'Synced';
  return null;
}
