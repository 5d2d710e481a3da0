import type { LinkOrigin } from '../../../electron/shared/models.js';
import { formatDate, formatList } from '../i18n/format.js';
import { t } from '../i18n/index.js';

/** The fields an import may leave out, by the message that names them. */
const LEFT_OUT: Record<string, string> = {
  clicks: 'linkDetail.origin.field.clicks',
  created: 'linkDetail.origin.field.created',
  channel: 'linkDetail.origin.field.channel',
  campaign: 'linkDetail.origin.field.campaign',
  domain: 'linkDetail.origin.field.domain',
  status: 'linkDetail.origin.field.status',
  type: 'linkDetail.origin.field.type',
};

/**
 * One sentence for what an import kept of a link from its old service: "1,234 clicks before the
 * move, as the Bitly export counted them; created on Bitly Apr 2, 2023; its other tags there:
 * q2, promo (imported Nov 2, 2026)."
 */
export function originText(origin: LinkOrigin): string {
  const parts: string[] = [];
  if (origin.clicks !== null) {
    parts.push(t('linkDetail.origin.clicks', { n: origin.clicks, source: origin.source }));
  }
  if (origin.created !== null) parts.push(t('linkDetail.origin.created', { service: origin.service ?? origin.source, date: formatDate(origin.created) }));
  if (origin.tags.length > 0) parts.push(t('linkDetail.origin.tags', { tags: formatList(origin.tags) }));
  // What the import could not carry over: kept here so nothing is lost in the move.
  if (origin.oldAlias) parts.push(t('linkDetail.origin.alias', { alias: origin.oldAlias }));
  if (origin.oldExpiry) {
    const when = Date.parse(origin.oldExpiry);
    parts.push(t('linkDetail.origin.expiry', { date: Number.isNaN(when) ? origin.oldExpiry : formatDate(when) }));
  }
  for (const left of origin.leftOut ?? []) {
    if (left.field !== 'expiry') {
      const key = LEFT_OUT[left.field];
      parts.push(t('linkDetail.origin.leftOut', { field: key ? t(key) : left.field, value: left.value }));
    }
  }
  if (parts.length === 0) parts.push(t('linkDetail.origin.importedFrom', { source: origin.source }));
  const first = parts.join('; ');
  return t('linkDetail.origin.sentence', { parts: `${first.charAt(0).toLocaleUpperCase()}${first.slice(1)}`, date: formatDate(origin.importedAt) });
}
