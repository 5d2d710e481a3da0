import { formatDay } from '../../../electron/shared/import-dates.js';
import type { LinkOrigin } from '../../../electron/shared/models.js';

/**
 * One sentence for what an import kept of a link from its old service: "1,234 clicks before the
 * move, as the Bitly export counted them; created on Bitly 2023-04-02; its other tags there:
 * q2, promo (imported 02/11/2026)."
 */
export function originText(origin: LinkOrigin): string {
  const parts: string[] = [];
  if (origin.clicks !== null) {
    parts.push(`${origin.clicks.toLocaleString('en')} click${origin.clicks === 1 ? '' : 's'} before the move, as the ${origin.source} counted them`);
  }
  if (origin.created !== null) parts.push(`created on ${origin.service ?? origin.source} ${formatDay(origin.created)}`);
  if (origin.tags.length > 0) parts.push(`its other tags there: ${origin.tags.join(', ')}`);
  // What the import could not carry over (issue 39): kept here so nothing is lost in the move.
  if (origin.oldAlias) parts.push(`its alias there: ${origin.oldAlias}`);
  if (origin.oldExpiry) parts.push(`its expiry there: ${origin.oldExpiry}`);
  const words: Record<string, string> = { clicks: 'click count', created: 'created date', channel: 'channel', campaign: 'campaign', domain: 'domain', status: 'status', type: 'redirect type' };
  for (const left of origin.leftOut ?? []) {
    if (left.field !== 'expiry') parts.push(`its ${words[left.field] ?? left.field} in the file, left out: "${left.value}"`);
  }
  if (parts.length === 0) parts.push(`imported from the ${origin.source}`);
  const first = parts.join('; ');
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} (imported ${new Date(origin.importedAt).toLocaleDateString('en-GB')}).`;
}
