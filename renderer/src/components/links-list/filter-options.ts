import type { Facet, LinkFacets, MirrorLinkFilters } from '../../../../electron/shared/models.js';

export type FilterKey = keyof MirrorLinkFilters;

import type { SelectOption } from 'naive-ui';
import { formatNumber } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';

/** label and value: the filter's value as a string ('none' for "no channel"). */
export type FilterOption = SelectOption & { label: string; value: string };

/** Each filter's name, as the message key of its placeholder. */
export const FILTER_LABELS: Record<FilterKey, string> = {
  channel: 'links.filters.channel',
  campaign: 'links.filters.campaign',
  domain: 'links.filters.domain',
  status: 'links.filters.status',
  password: 'links.filters.password',
  expired: 'links.filters.expired',
  outbox: 'links.filters.outbox',
  health: 'links.filters.health',
};

export const FILTER_KEYS = Object.keys(FILTER_LABELS) as FilterKey[];

type Names = (id: number) => string | undefined;

/** A choice's words with how many links it gives, when known: "Public (12)". */
const withCount = (label: string, n: number | undefined) => (n === undefined ? label : t('links.filters.withCount', { label, count: formatNumber(n) }));

function countOf<V>(facet: Facet<V> | undefined, value: V | null): number | undefined {
  if (!facet) return undefined;
  return facet.values.find((v) => v.value === value)?.count ?? 0;
}

/** The choices of one filter, with how many links each gives (from `links:facets`). */
export function filterOptions(key: FilterKey, facets: LinkFacets | null, names: { channel: Names; campaign: Names }): FilterOption[] {
  switch (key) {
    case 'channel':
    case 'campaign': {
      const facet = facets?.[key];
      const none = key === 'channel' ? t('links.filters.noChannel') : t('links.filters.noCampaign');
      const options: FilterOption[] = [{ label: withCount(none, countOf(facet, null)), value: 'none' }];
      for (const v of facet?.values ?? []) {
        if (v.value === null) continue;
        options.push({ label: withCount(names[key](v.value) ?? `#${v.value}`, v.count), value: String(v.value) });
      }
      return options;
    }
    case 'domain':
      return (facets?.domain.values ?? []).filter((v) => v.value).map((v) => ({ label: withCount(String(v.value), v.count), value: String(v.value) }));
    case 'status':
      return [
        { label: withCount(t('links.filters.public'), countOf(facets?.status, 'public')), value: 'public' },
        { label: withCount(t('links.filters.private'), countOf(facets?.status, 'private')), value: 'private' },
      ];
    case 'password':
      return [
        { label: withCount(t('links.filters.withPassword'), countOf(facets?.password, true)), value: 'true' },
        { label: withCount(t('links.filters.withoutPassword'), countOf(facets?.password, false)), value: 'false' },
      ];
    case 'expired':
      return [
        { label: withCount(t('links.filters.expiredYes'), countOf(facets?.expired, true)), value: 'true' },
        { label: withCount(t('links.filters.expiredNo'), countOf(facets?.expired, false)), value: 'false' },
      ];
    case 'outbox':
      return [
        { label: withCount(t('links.filters.pending'), countOf(facets?.outbox, 'pending')), value: 'pending' },
        { label: withCount(t('links.filters.failed'), countOf(facets?.outbox, 'failed')), value: 'failed' },
        { label: t('links.filters.pendingOrFailed'), value: 'any' },
      ];
    case 'health':
      return [
        { label: withCount(t('links.filters.broken'), countOf(facets?.health, 'broken')), value: 'broken' },
        { label: withCount(t('links.filters.working'), countOf(facets?.health, 'ok')), value: 'ok' },
        { label: withCount(t('links.filters.unchecked'), countOf(facets?.health, 'unchecked')), value: 'unchecked' },
      ];
  }
}

/** The select's string back to the filter's value. */
export function filterValue<K extends FilterKey>(key: K, value: string | null): MirrorLinkFilters[K] | undefined {
  if (value === null || value === '') return undefined;
  let out: unknown;
  if (key === 'channel' || key === 'campaign') out = value === 'none' ? 'none' : Number(value);
  else if (key === 'password' || key === 'expired') out = value === 'true';
  else out = value;
  return out as MirrorLinkFilters[K];
}

export function filterString(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}
