import type { BudgetState } from '../../../../electron/shared/contract.js';
import type { LinkRedirect } from '../../../../electron/shared/models.js';
import { formatSeconds, UNLIMITED_FROM } from '../../composables/budget-text.js';
import { snapshotTime } from '../../composables/chart-summary.js';
import { t } from '../../i18n/index.js';

/** Said of a field whose link details were never read (a function: it follows the language). */
export const notFetched = (): string => t('linkDetail.notFetched');

/** "Expiring" warns this long before a link stops working. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 3600_000;

/** The service writes `YYYY-MM-DD HH:MM:SS` without a zone; read as local time. NaN when not a date. */
export function parseServiceDate(value: string): number {
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
}

export type ExpiryState = 'never' | 'active' | 'expiring' | 'expired' | 'unknown';

export function expiryState(expiry: string | null | undefined, now: number): ExpiryState {
  if (expiry === undefined) return 'unknown';
  if (expiry === null || expiry === '' || /^9999-/.test(expiry)) return 'never';
  const at = parseServiceDate(expiry);
  if (!Number.isFinite(at)) return 'unknown';
  if (at <= now) return 'expired';
  return at - now <= EXPIRING_WITHIN_MS ? 'expiring' : 'active';
}

/** How a link sends visitors on, in words; splash pages and overlays by name when known. */
export function redirectText(redirect: LinkRedirect | undefined, names: { splash?: Map<number, string>; overlays?: Map<number, string> } = {}): string {
  if (redirect === undefined) return notFetched();
  if (redirect === 'direct') return t('linkDetail.redirect.direct');
  if (redirect === 'frame') return t('linkDetail.redirect.frame');
  if (redirect === 'splash') return t('linkDetail.redirect.splash');
  if ('splashPageId' in redirect) return t('linkDetail.redirect.customSplash', { name: names.splash?.get(redirect.splashPageId) ?? `#${redirect.splashPageId}` });
  return t('linkDetail.redirect.overlay', { name: names.overlays?.get(redirect.overlayId) ?? `#${redirect.overlayId}` });
}

/** An id's name, or "#id (not synced yet)" when this computer's copy has no such object. */
export function nameOf(names: Map<number, string>, id: number): string {
  return names.get(id) ?? t('linkDetail.notSyncedId', { id: String(id) });
}

/** What the refresh button says it costs: a forced read spends one request of the rate budget. */
export function refreshCostText(budget: BudgetState | null, now: number, online: boolean): string {
  if (!online) return t('linkDetail.refresh.offline');
  if (!budget) return t('linkDetail.refresh.plain');
  if (budget.pausedUntil !== null && budget.pausedUntil > now) {
    return t('linkDetail.refresh.paused', { wait: formatSeconds(budget.pausedUntil - now) });
  }
  if (budget.limit >= UNLIMITED_FROM) return t('linkDetail.refresh.unlimited');
  const left = Math.max(0, Math.floor(budget.remaining));
  if (left === 0) return t('linkDetail.refresh.waiting', { limit: budget.limit });
  return t('linkDetail.refresh.left', { n: left });
}

/** "From 2025-01-01 09:00 to 2025-01-02 09:00, 2 readings." — the period the line chart covers. */
export function snapshotPeriod(snapshots: readonly { at: number }[]): string {
  const first = snapshots[0];
  const last = snapshots[snapshots.length - 1];
  if (!first || !last) return t('linkDetail.period.none');
  if (snapshots.length === 1) return t('linkDetail.period.one', { at: snapshotTime(first.at) });
  return t('linkDetail.period.many', { from: snapshotTime(first.at), to: snapshotTime(last.at), n: snapshots.length });
}

/** Social networks as the service keys them, for people. */
export function networkName(key: string): string {
  const known: Record<string, string> = { facebook: 'Facebook', twitter: 'X (Twitter)', linkedin: 'LinkedIn' };
  return known[key] ?? key.charAt(0).toUpperCase() + key.slice(1);
}

/** Only data: images can be shown under the page's `img-src` policy; anything else is shown as text. */
export const isDataImage = (url: string | undefined): url is string => typeof url === 'string' && /^data:image\/(png|jpe?g|gif|webp);/i.test(url);
