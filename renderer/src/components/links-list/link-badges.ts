import type { MirrorLink } from '../../../../electron/shared/models.js';
import { t } from '../../i18n/index.js';
import { messageText } from '../../composables/error-text.js';
import { formatServiceDateTime } from '../../i18n/format.js';

export type BadgeKind = 'broken' | 'private' | 'password' | 'expiring' | 'expired' | 'pending' | 'failed';

export interface Badge {
  kind: BadgeKind;
  text: string;
  /** The longer words for a tooltip and screen readers. */
  title: string;
}

/** "Expiring" warns this long before a link stops working. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 3600_000;

const PENDING_TEXT = { create: 'links.badges.pendingCreate', update: 'links.badges.pendingUpdate', delete: 'links.badges.pendingDelete' } as const;

/** The service writes dates as `YYYY-MM-DD HH:MM:SS`; NaN when it is not a date. */
export function parseServiceDate(value: string): number {
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
}

/** The badges a row shows, in a stable order. Unknown fields (details never read) show none. */
export function linkBadges(link: MirrorLink, now: number): Badge[] {
  const badges: Badge[] = [];
  // First: a link whose target is gone is the one thing on the row that needs action.
  if (link.health === 'broken') badges.push({ kind: 'broken', text: t('links.badges.broken'), title: t('links.badges.brokenTitle') });
  if (link.status === 'private') badges.push({ kind: 'private', text: t('links.badges.private'), title: t('links.badges.privateTitle') });
  if (link.passwordProtected) badges.push({ kind: 'password', text: t('links.badges.password'), title: t('links.badges.passwordTitle') });
  if (link.expired === true) {
    badges.push({ kind: 'expired', text: t('links.badges.expired'), title: link.expiry ? t('links.badges.expiredOn', { date: formatServiceDateTime(link.expiry) }) : t('links.badges.expired') });
  } else if (link.expiry) {
    const at = parseServiceDate(link.expiry);
    if (Number.isFinite(at) && at > now && at - now <= EXPIRING_WITHIN_MS) {
      badges.push({ kind: 'expiring', text: t('links.badges.expiring'), title: t('links.badges.expiresOn', { date: formatServiceDateTime(link.expiry) }) });
    } else if (Number.isFinite(at) && at <= now && link.expired === null) {
      badges.push({ kind: 'expired', text: t('links.badges.expired'), title: t('links.badges.expiredOn', { date: formatServiceDateTime(link.expiry) }) });
    }
  }
  // A refusal kept as a key reads in the person's language; an older mark (English) as stored.
  if (link.failed) badges.push({ kind: 'failed', text: t('links.badges.failed'), title: (link.failedRef && messageText(link.failedRef)) || link.failed });
  else if (link.pending) badges.push({ kind: 'pending', text: t(PENDING_TEXT[link.pending]), title: t('links.badges.pendingTitle') });
  return badges;
}
