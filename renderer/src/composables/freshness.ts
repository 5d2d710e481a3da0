import { t } from '../i18n/index.js';
import { formatRelativeTime } from '../i18n/format.js';

/** How long ago, in the locale's words ("3 minutes ago", "vor 3 Minuten"). */
export const agoText = (at: number, now: number): string => formatRelativeTime(at, now);

/** "Copy on this computer · synced 12 minutes ago · offline": where a view's figures come from and how old they are. */
export function freshnessText(syncedAt: number | null, now: number, online: boolean): string {
  const parts = [t('common.copyOnThisComputer'), syncedAt === null ? t('common.notSyncedYet') : t('common.syncedAgo', { ago: agoText(syncedAt, now) })];
  if (!online) parts.push(t('common.offline'));
  return parts.join(' · ');
}
