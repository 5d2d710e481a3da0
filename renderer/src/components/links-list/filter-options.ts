import type { Facet, LinkFacets, MirrorLinkFilters } from '../../../../electron/shared/models.js';

export type FilterKey = keyof MirrorLinkFilters;

import type { SelectOption } from 'naive-ui';
import { formatNumber } from '../../i18n/format.js';

/** label and value: the filter's value as a string ('none' for "no channel"). */
export type FilterOption = SelectOption & { label: string; value: string };

export const FILTER_LABELS: Record<FilterKey, string> = {
  channel: 'Channel',
  campaign: 'Campaign',
  domain: 'Domain',
  status: 'Status',
  password: 'Password',
  expired: 'Expiry',
  outbox: 'Outbox',
  health: 'Health',
};

export const FILTER_KEYS = Object.keys(FILTER_LABELS) as FilterKey[];

type Names = (id: number) => string | undefined;

const count = (n: number | undefined) => (n === undefined ? '' : ` (${formatNumber(n)})`);

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
      const none = key === 'channel' ? 'No channel' : 'No campaign';
      const options: FilterOption[] = [{ label: none + count(countOf(facet, null)), value: 'none' }];
      for (const v of facet?.values ?? []) {
        if (v.value === null) continue;
        options.push({ label: `${names[key](v.value) ?? `#${v.value}`}${count(v.count)}`, value: String(v.value) });
      }
      return options;
    }
    case 'domain':
      return (facets?.domain.values ?? []).filter((v) => v.value).map((v) => ({ label: `${v.value}${count(v.count)}`, value: String(v.value) }));
    case 'status':
      return [
        { label: `Public${count(countOf(facets?.status, 'public'))}`, value: 'public' },
        { label: `Private${count(countOf(facets?.status, 'private'))}`, value: 'private' },
      ];
    case 'password':
      return [
        { label: `With a password${count(countOf(facets?.password, true))}`, value: 'true' },
        { label: `Without a password${count(countOf(facets?.password, false))}`, value: 'false' },
      ];
    case 'expired':
      return [
        { label: `Expired${count(countOf(facets?.expired, true))}`, value: 'true' },
        { label: `Not expired${count(countOf(facets?.expired, false))}`, value: 'false' },
      ];
    case 'outbox':
      return [
        { label: `Pending${count(countOf(facets?.outbox, 'pending'))}`, value: 'pending' },
        { label: `Failed${count(countOf(facets?.outbox, 'failed'))}`, value: 'failed' },
        { label: 'Pending or failed', value: 'any' },
      ];
    case 'health':
      return [
        { label: `Broken${count(countOf(facets?.health, 'broken'))}`, value: 'broken' },
        { label: `Working${count(countOf(facets?.health, 'ok'))}`, value: 'ok' },
        { label: `Not checked${count(countOf(facets?.health, 'unchecked'))}`, value: 'unchecked' },
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
