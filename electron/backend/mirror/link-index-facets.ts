import type { Facet, LinkFacets } from '../../shared/models.js';
import { FILTER_BITS, type FilterTest, type LinkColumns } from './link-index-columns.js';

/*
 * The facet counts of link-facets.ts in one pass over the in-memory index (see link-index.ts):
 * a link that matches every active filter counts in every facet; one that fails exactly one
 * filter counts only in that filter's facet (each facet ignores its own filter). Values come
 * out in the order SQLite's GROUP BY gives them (NULL first, then ascending), then largest
 * count first, as link-facets.ts orders them.
 */

type Counts = Map<number, number>;

const add = (counts: Counts, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);
const bump = (counts: Float64Array, at: number) => (counts[at] = (counts[at] ?? 0) + 1);

/** SQLite's order of values: NULL (here NaN or null) first, then ascending. */
function sqliteOrder<K extends number | string | null>(a: K, b: K): number {
  const nullA = a === null || (typeof a === 'number' && Number.isNaN(a));
  const nullB = b === null || (typeof b === 'number' && Number.isNaN(b));
  if (nullA || nullB) return nullA === nullB ? 0 : nullA ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function facet<V>(entries: Array<{ key: number | string | null; value: NoInfer<V> | null; count: number }>, unknown: number): Facet<V> {
  entries.sort((a, b) => sqliteOrder(a.key, b.key));
  const values = entries.filter((e) => e.count > 0).map((e) => ({ value: e.value, count: e.count }));
  values.sort((a, b) => b.count - a.count);
  return { values, unknown };
}

export function countFacets(
  c: LinkColumns,
  test: FilterTest,
  found: Int32Array | null,
  nowText: string,
): Omit<LinkFacets, 'source' | 'syncedAt'> {
  const channel: Counts = new Map();
  const campaign: Counts = new Map();
  const domain = new Float64Array(c.domains.length);
  const status = new Float64Array(c.statuses.length);
  const password: [number, number, number] = [0, 0, 0]; // unknown, no, yes
  const expired: [number, number, number] = [0, 0, 0]; // unknown, not expired, expired
  let pending = 0;
  let failed = 0;
  const health: [number, number, number, number] = [0, 0, 0, 0]; // none, ok, broken, other
  let channelUnknown = 0;
  let campaignUnknown = 0;
  const n = found ? found.length : c.size;
  // No function is made inside the loop: 100,000 closures per count cost more than the count.
  let fails = 0;
  const counts = (bit: number) => fails === 0 || fails === bit;
  const noFilter = test.active === 0;
  for (let i = 0; i < n; i++) {
    const p = found ? (found[i] as number) : i;
    fails = noFilter ? 0 : test.fails(p);
    // Counted in every facet (0), in the one facet whose filter it fails (a single bit), or none.
    if (fails !== 0 && (fails & (fails - 1)) !== 0) continue;
    if (counts(FILTER_BITS.channel)) {
      if (c.channelKnown[p] === 1) add(channel, c.channel[p] as number);
      else channelUnknown++;
    }
    if (counts(FILTER_BITS.campaign)) {
      if (c.campaignKnown[p] === 1) add(campaign, c.campaign[p] as number);
      else campaignUnknown++;
    }
    if (counts(FILTER_BITS.domain)) bump(domain, c.domain[p] as number);
    if (counts(FILTER_BITS.status)) bump(status, c.status[p] as number);
    if (counts(FILTER_BITS.password)) password[((c.password[p] as number) + 1) as 0 | 1 | 2]++;
    if (counts(FILTER_BITS.expired)) {
      if (c.expiryKnown[p] !== 1) expired[0]++;
      else {
        const e = c.expiry[p] ?? null;
        expired[e !== null && e <= nowText ? 2 : 1]++;
      }
    }
    if (counts(FILTER_BITS.outbox)) {
      pending += c.pending[p] as number;
      failed += c.failed[p] as number;
    }
    if (counts(FILTER_BITS.health)) health[c.health[p] as 0 | 1 | 2 | 3]++;
  }
  const numeric = (counts: Counts) => [...counts].map(([key, count]) => ({ key, value: Number.isNaN(key) ? null : key, count }));
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
    channel: facet(numeric(channel), channelUnknown),
    campaign: facet(numeric(campaign), campaignUnknown),
    domain: facet(domainEntries.filter((e) => e.key !== ''), domainUnknown),
    status: facet<'public' | 'private'>(statusEntries.filter((e) => e.key !== null), status[0] as number),
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
