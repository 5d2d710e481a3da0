import type { Facet, LinkFacets } from '../../shared/models.js';
import {
  expiredBelow,
  FILTER_BITS,
  UNKNOWN,
  type FilterMask,
  type LinkColumns,
} from './link-index-columns.js';

/*
 * The facet counts of link-facets.ts in one pass over the in-memory index (see link-index.ts):
 * a link that matches every active filter counts in every facet; one that fails exactly one
 * filter counts only in that filter's facet (each facet ignores its own filter). Values come
 * out in the order SQLite's GROUP BY gives them (NULL first, then ascending), then largest
 * count first, as link-facets.ts orders them. Every field is a code (link-index-columns.ts):
 * a count is an increment in a typed array, with no Map and no function call per link.
 */

/** One more at `k` (small enough to be inlined in the counting loop). */
const bump = (counts: Int32Array, k: number) => {
  counts[k] = (counts[k] as number) + 1;
};

/** SQLite's order of values: NULL (here NaN or null) first, then ascending. */
function sqliteOrder<K extends number | string | null>(a: K, b: K): number {
  const nullA = a === null || (typeof a === 'number' && Number.isNaN(a));
  const nullB = b === null || (typeof b === 'number' && Number.isNaN(b));
  if (nullA || nullB) return nullA === nullB ? 0 : nullA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function facet<V>(
  entries: Array<{ key: number | string | null; value: NoInfer<V> | null; count: number }>,
  unknown: number,
): Facet<V> {
  entries.sort((a, b) => sqliteOrder(a.key, b.key));
  const values = entries
    .filter((e) => e.count > 0)
    .map((e) => ({ value: e.value, count: e.count }));
  values.sort((a, b) => b.count - a.count);
  return { values, unknown };
}

export function countFacets(
  c: LinkColumns,
  mask: FilterMask | null,
  found: Int32Array | null,
  nowText: string,
): Omit<LinkFacets, 'source' | 'syncedAt'> {
  // Index 0 of the coded counts is UNKNOWN (-1); value k is at k + 1.
  const channel = new Int32Array(c.channels.length + 1);
  const campaign = new Int32Array(c.campaigns.length + 1);
  const domain = new Int32Array(c.domains.length);
  const status = new Int32Array(c.statuses.length);
  const password = new Int32Array(3); // unknown, no, yes
  const expired = new Int32Array(3); // unknown, not expired, expired
  const health = new Int32Array(4); // none, ok, broken, other
  let pending = 0;
  let failed = 0;
  const below = expiredBelow(c, nowText);
  const fails = mask ? mask.fails : null;
  const n = found ? found.length : c.size;
  for (let i = 0; i < n; i++) {
    const p = found ? (found[i] as number) : i;
    const f = fails ? (fails[p] as number) : 0;
    // Counted in every facet (0), in the one facet whose filter it fails (a single bit), or none.
    if (f !== 0 && (f & (f - 1)) !== 0) continue;
    if (f === 0 || f === FILTER_BITS.channel) bump(channel, (c.channel[p] as number) + 1);
    if (f === 0 || f === FILTER_BITS.campaign) bump(campaign, (c.campaign[p] as number) + 1);
    if (f === 0 || f === FILTER_BITS.domain) bump(domain, c.domain[p] as number);
    if (f === 0 || f === FILTER_BITS.status) bump(status, c.status[p] as number);
    if (f === 0 || f === FILTER_BITS.password) bump(password, (c.password[p] as number) + 1);
    if (f === 0 || f === FILTER_BITS.expired) {
      const e = c.expiry[p] as number;
      bump(expired, e === UNKNOWN ? 0 : e >= 0 && e < below ? 2 : 1);
    }
    if (f === 0 || f === FILTER_BITS.outbox) {
      pending += c.pending[p] as number;
      failed += c.failed[p] as number;
    }
    if (f === 0 || f === FILTER_BITS.health) bump(health, c.health[p] as number);
  }
  const coded = (values: (number | null)[], counts: Int32Array) =>
    values.map((v, k) => ({ key: v, value: v, count: counts[k + 1] as number }));
  const domainEntries = c.domains.map((d, k) => ({ key: d, value: d, count: domain[k] as number }));
  const domainUnknown = domainEntries.filter((e) => e.key === '').reduce((s, e) => s + e.count, 0);
  const statusEntries = c.statuses.map((s, k) => ({
    key: s,
    value: s === 'public' || s === 'private' ? (s as 'public' | 'private') : null,
    count: status[k] as number,
  }));
  const expiredValues = [
    { value: true, count: expired[2] as number },
    { value: false, count: expired[1] as number },
  ].filter((v) => v.count > 0);
  expiredValues.sort((a, b) => b.count - a.count);
  const ok = health[1] as number;
  const broken = health[2] as number;
  const all = health.reduce((s, v) => s + v, 0);
  return {
    channel: facet(coded(c.channels, channel), channel[0] as number),
    campaign: facet(coded(c.campaigns, campaign), campaign[0] as number),
    domain: facet(
      domainEntries.filter((e) => e.key !== ''),
      domainUnknown,
    ),
    status: facet<'public' | 'private'>(
      statusEntries.filter((e) => e.key !== null),
      status[0] as number,
    ),
    password: facet(
      [
        { key: 0, value: false, count: password[1] as number },
        { key: 1, value: true, count: password[2] as number },
      ],
      password[0] as number,
    ),
    expired: { values: expiredValues, unknown: expired[0] as number },
    outbox: {
      values: [
        { value: 'pending', count: pending },
        { value: 'failed', count: failed },
      ],
      unknown: 0,
    },
    health: {
      values: [
        { value: 'broken', count: broken },
        { value: 'ok', count: ok },
        { value: 'unchecked', count: Math.max(0, all - ok - broken) },
      ],
      unknown: 0,
    },
  };
}
