import type { LinkOrigin } from '../../../electron/shared/models.js';
import { formatDate, formatNumber, noun } from '../i18n/format.js';

/**
 * One sentence for what an import kept of a link from its old service: "1,234 clicks before the
 * move, as the Bitly export counted them; created on Bitly Apr 2, 2023; its other tags there:
 * q2, promo (imported Nov 2, 2026)."
 */
export function originText(origin: LinkOrigin): string {
  const parts: string[] = [];
  if (origin.clicks !== null) {
    parts.push(`${formatNumber(origin.clicks)} ${noun(origin.clicks, 'click')} before the move, as the ${origin.source} counted them`);
  }
  if (origin.created !== null) parts.push(`created on ${origin.service ?? origin.source} ${formatDate(origin.created)}`);
  if (origin.tags.length > 0) parts.push(`its other tags there: ${origin.tags.join(', ')}`);
  // What the import could not carry over: kept here so nothing is lost in the move.
  if (origin.oldAlias) parts.push(`its alias there: ${origin.oldAlias}`);
  if (origin.oldExpiry) {
    const when = Date.parse(origin.oldExpiry);
    parts.push(`its expiry there: ${Number.isNaN(when) ? origin.oldExpiry : formatDate(when)}`);
  }
  const words: Record<string, string> = { clicks: 'click count', created: 'created date', channel: 'channel', campaign: 'campaign', domain: 'domain', status: 'status', type: 'redirect type' };
  for (const left of origin.leftOut ?? []) {
    if (left.field !== 'expiry') parts.push(`its ${words[left.field] ?? left.field} in the file, left out: "${left.value}"`);
  }
  if (parts.length === 0) parts.push(`imported from the ${origin.source}`);
  const first = parts.join('; ');
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} (imported ${formatDate(origin.importedAt)}).`;
}
