import { count } from '../i18n/format.js';
/** How long ago, in the few words a status line has room for. */
export function agoText(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return count(days, 'day') + ' ago';
}

/** "Copy on this computer · synced 12 min ago · offline": where a view's figures come from and how old they are. */
export function freshnessText(syncedAt: number | null, now: number, online: boolean): string {
  const parts = ['Copy on this computer', syncedAt === null ? 'not synced yet' : `synced ${agoText(syncedAt, now)}`];
  if (!online) parts.push('offline');
  return parts.join(' · ');
}
