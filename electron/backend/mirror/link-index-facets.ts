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
 * count first, as link-facets.ts orders them. The pass counts links per combination of values
 * (link-index-combos.ts): one increment per link, the facets follow from the few combinations.
 */

/** One more at `k` (small enough to be inlined in the counting loop). */
const bump = (counts: Int32Array, k: number) => {
  counts[k] = (counts[k] as number) + 1;
};
const add = (counts: Int32Array, k: number, n: number) => {
  counts[k] = (counts[k] as number) + n;
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

/** Per fails mask: 0 when it fails nothing, 1 + i when it fails filter bit i alone, else -1. */
const SLOT = Int8Array.from({ length: 256 }, (_, f) => (f === 0 ? 0 : (f & (f - 1)) === 0 ? 32 - Math.clz32(f) : -1));

export function countFacets(
  c: LinkColumns,
  mask: FilterMask | null,
  found: Int32Array | null,
  nowText: string,
): Omit<LinkFacets, 'source' | 'syncedAt'> {
  // Links per combination (and per slot: see SLOT) in one pass; then spread over the facets.
  const combos = c.combos;
  const { combo } = c;
  const fails = mask ? mask.fails : null;
  const perSlot = new Int32Array((fails ? 9 : 1) * combos);
  const n = found ? found.length : c.size;
  if (!fails) {
    if (found) for (let i = 0; i < n; i++) bump(perSlot, combo[found[i] as number] as number);
    else for (let p = 0; p < n; p++) bump(perSlot, combo[p] as number);
  } else
    for (let i = 0; i < n; i++) {
      const k = combo[found ? (found[i] as number) : i] as number;
      const slot = SLOT[fails[k] as number] as number;
      if (slot >= 0) bump(perSlot, slot * combos + k);
    }
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
  for (let slot = 0; slot * combos < perSlot.length; slot++) {
    // Counted in every facet (slot 0), or only in the facet of the one filter it fails.
    const only = slot === 0 ? 0 : 1 << (slot - 1);
    for (let k = 0; k < combos; k++) {
      const count = perSlot[slot * combos + k] as number;
      if (count === 0) continue;
      const counts = (bit: number) => only === 0 || only === bit;
      if (counts(FILTER_BITS.channel)) add(channel, (c.channel[k] as number) + 1, count);
      if (counts(FILTER_BITS.campaign)) add(campaign, (c.campaign[k] as number) + 1, count);
      if (counts(FILTER_BITS.domain)) add(domain, c.domain[k] as number, count);
      if (counts(FILTER_BITS.status)) add(status, c.status[k] as number, count);
      if (counts(FILTER_BITS.password)) add(password, (c.password[k] as number) + 1, count);
      if (counts(FILTER_BITS.expired)) {
        const e = c.expiry[k] as number;
        add(expired, e === UNKNOWN ? 0 : e >= 0 && e < below ? 2 : 1, count);
      }
      if (counts(FILTER_BITS.outbox)) {
        pending += (c.pending[k] as number) * count;
        failed += (c.failed[k] as number) * count;
      }
      if (counts(FILTER_BITS.health)) add(health, c.health[k] as number, count);
    }
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
