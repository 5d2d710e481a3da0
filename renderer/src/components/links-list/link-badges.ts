import type { MirrorLink } from '../../../../electron/shared/models.js';

export type BadgeKind = 'broken' | 'private' | 'password' | 'expiring' | 'expired' | 'pending' | 'failed';

export interface Badge {
  kind: BadgeKind;
  text: string;
  /** The longer words for a tooltip and screen readers. */
  title: string;
}

/** "Expiring" warns this long before a link stops working. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 3600_000;

const PENDING_TEXT = { create: 'Pending create', update: 'Pending update', delete: 'Pending delete' } as const;

/** The service writes dates as `YYYY-MM-DD HH:MM:SS`; NaN when it is not a date. */
export function parseServiceDate(value: string): number {
  return Date.parse(value.includes('T') ? value : value.replace(' ', 'T'));
}

/** The badges a row shows, in a stable order. Unknown fields (details never read) show none. */
export function linkBadges(link: MirrorLink, now: number): Badge[] {
  const badges: Badge[] = [];
  // First: a link whose target is gone is the one thing on the row that needs action.
  if (link.health === 'broken') badges.push({ kind: 'broken', text: 'Broken', title: 'Its target did not answer properly at the last health check: open the link to see why' });
  if (link.status === 'private') badges.push({ kind: 'private', text: 'Private', title: 'Private: only you see its statistics' });
  if (link.passwordProtected) badges.push({ kind: 'password', text: 'Password', title: 'Asks visitors for a password' });
  if (link.expired === true) {
    badges.push({ kind: 'expired', text: 'Expired', title: link.expiry ? `Expired on ${link.expiry}` : 'Expired' });
  } else if (link.expiry) {
    const at = parseServiceDate(link.expiry);
    if (Number.isFinite(at) && at > now && at - now <= EXPIRING_WITHIN_MS) {
      badges.push({ kind: 'expiring', text: 'Expiring', title: `Expires on ${link.expiry}` });
    } else if (Number.isFinite(at) && at <= now && link.expired === null) {
      badges.push({ kind: 'expired', text: 'Expired', title: `Expired on ${link.expiry}` });
    }
  }
  if (link.failed) badges.push({ kind: 'failed', text: 'Failed', title: link.failed });
  else if (link.pending) badges.push({ kind: 'pending', text: PENDING_TEXT[link.pending], title: 'Saved here; not yet confirmed by the service' });
  return badges;
}
