import type { MirrorLinkFilters } from '../../shared/models.js';
import { hostOf } from './dates.js';

/*
 * The link columns of the in-memory index (link-index.ts) and the filters over them: the same
 * conditions as link-query.ts's filterClause, on typed arrays. Every value a filter or a facet
 * reads is a small code (an index into a table of the distinct values), so a filter is one
 * tight pass over an array and a facet count an increment at that index.
 */

/** A code for a value that is not known (details never read). */
export const UNKNOWN = -1;
/** The expiry code of a link known to have no expiry. */
export const NO_EXPIRY = -2;

/**
 * The links' columns. The filtered values (channel … health) are kept per combination
 * (link-index-combos.ts): the value of link p is `field[combo[p]]`. (The build fills them per
 * link first, then folds them.)
 */
export interface LinkColumns {
  /** Positions are in rank order (oldest first); rank is the search index's rowid. */
  rank: Float64Array;
  id: Float64Array;
  /** Per link: its combination of filtered values. */
  combo: Int32Array;
  /** How many combinations there are (the length of the per-combination arrays). */
  combos: number;
  /** UNKNOWN, or an index into `channels` (null: known to be in no channel). */
  channel: Int32Array;
  channels: (number | null)[];
  /** UNKNOWN, or an index into `campaigns` (null: known to be in no campaign). */
  campaign: Int32Array;
  campaigns: (number | null)[];
  /** Index into `domains`. */
  domain: Int32Array;
  domains: string[];
  /** Index into `statuses`; 0 is NULL (unknown). */
  status: Int32Array;
  statuses: (string | null)[];
  /** -1: NULL (unknown), else 0 | 1 (the raw column). */
  password: Int8Array;
  /** UNKNOWN, NO_EXPIRY, or an index into `expiries` (distinct, ascending). */
  expiry: Int32Array;
  expiries: string[];
  pending: Uint8Array;
  failed: Uint8Array;
  /** The current check of the long URL: 0 none, 1 ok, 2 broken, 3 another state. */
  health: Uint8Array;
  /** Positions in (clicks, rank) and (title COLLATE NOCASE, rank) ascending order. */
  byClicks: Int32Array;
  byTitle: Int32Array;
  size: number;
}

/** The filters of a query over every link, as bit masks (bit per filter, FILTER_BITS). */
export interface FilterMask {
  /** Which filters are set. */
  active: number;
  /** Whether any set filter can be unknown for a link (see UNKNOWN in link-query.ts). */
  unknowable: boolean;
  /** Per combination (see LinkColumns.combo): the filters its links fail. */
  fails: Uint8Array;
  /** Per combination: the filters whose value its links do not know (they fail them for that). */
  unknown: Uint8Array;
  /** What the mask depends on: the filters and, for the expiry, which expiries have passed. */
  key: string;
}

export const FILTER_BITS = {
  channel: 1,
  campaign: 2,
  domain: 4,
  status: 8,
  password: 16,
  expired: 32,
  outbox: 64,
  health: 128,
} as const satisfies Record<keyof MirrorLinkFilters, number>;

/** How many of the expiries have passed at `nowText` (`expiries` ascending). */
export function expiredBelow(c: LinkColumns, nowText: string): number {
  let lo = 0;
  let hi = c.expiries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((c.expiries[mid] as string) <= nowText) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The key of the mask of these filters at `nowText` (equal keys, equal masks). */
export function maskKey(c: LinkColumns, f: MirrorLinkFilters, nowText: string): string {
  return JSON.stringify([f, f.expired === undefined ? 0 : expiredBelow(c, nowText)]);
}

/**
 * The same conditions as link-query.ts's filterClause, decided once per combination of values.
 * Null when no filter is set.
 */
export function filterMask(c: LinkColumns, f: MirrorLinkFilters, nowText: string): FilterMask | null {
  const n = c.combos;
  const fails = new Uint8Array(n);
  const unknown = new Uint8Array(n);
  let active = 0;
  let unknowable = false;
  /** A link fails when its code is not `want`; UNKNOWN is unknown. */
  const coded = (bit: number, codes: Int32Array, want: number) => {
    for (let p = 0; p < n; p++) {
      const v = codes[p] as number;
      if (v !== want) {
        fails[p] = (fails[p] as number) | bit;
        if (v === UNKNOWN) unknown[p] = (unknown[p] as number) | bit;
      }
    }
  };
  if (f.channel !== undefined) {
    active |= FILTER_BITS.channel;
    unknowable = true;
    const at = c.channels.indexOf(f.channel === 'none' ? null : f.channel);
    coded(FILTER_BITS.channel, c.channel, at < 0 ? -3 : at);
  }
  if (f.campaign !== undefined) {
    active |= FILTER_BITS.campaign;
    unknowable = true;
    const at = c.campaigns.indexOf(f.campaign === 'none' ? null : f.campaign);
    coded(FILTER_BITS.campaign, c.campaign, at < 0 ? -3 : at);
  }
  if (f.domain !== undefined) {
    active |= FILTER_BITS.domain;
    const at = c.domains.indexOf(hostOf(f.domain) || f.domain.trim().toLowerCase());
    for (let p = 0; p < n; p++) if (c.domain[p] !== at) fails[p] = (fails[p] as number) | FILTER_BITS.domain;
  }
  if (f.status !== undefined) {
    active |= FILTER_BITS.status;
    unknowable = true;
    const at = c.statuses.indexOf(f.status);
    const bit = FILTER_BITS.status;
    for (let p = 0; p < n; p++) {
      const v = c.status[p] as number;
      if (at <= 0 || v !== at) fails[p] = (fails[p] as number) | bit;
      if (v === 0) unknown[p] = (unknown[p] as number) | bit;
    }
  }
  if (f.password !== undefined) {
    active |= FILTER_BITS.password;
    unknowable = true;
    const want = f.password ? 1 : 0;
    const bit = FILTER_BITS.password;
    for (let p = 0; p < n; p++) {
      const v = c.password[p] as number;
      if (v !== want) fails[p] = (fails[p] as number) | bit;
      if (v === -1) unknown[p] = (unknown[p] as number) | bit;
    }
  }
  if (f.expired !== undefined) {
    active |= FILTER_BITS.expired;
    unknowable = true;
    const below = expiredBelow(c, nowText);
    const wanted = f.expired;
    const bit = FILTER_BITS.expired;
    for (let p = 0; p < n; p++) {
      const e = c.expiry[p] as number;
      if (e === UNKNOWN) {
        fails[p] = (fails[p] as number) | bit;
        unknown[p] = (unknown[p] as number) | bit;
      } else if (wanted !== (e >= 0 && e < below)) fails[p] = (fails[p] as number) | bit;
    }
  }
  if (f.outbox !== undefined) {
    active |= FILTER_BITS.outbox;
    const o = f.outbox;
    const bit = FILTER_BITS.outbox;
    for (let p = 0; p < n; p++) {
      const matches = o === 'pending' ? c.pending[p] === 1 : o === 'failed' ? c.failed[p] === 1 : c.pending[p] === 1 || c.failed[p] === 1;
      if (!matches) fails[p] = (fails[p] as number) | bit;
    }
  }
  if (f.health !== undefined) {
    active |= FILTER_BITS.health;
    // 'Unchecked' is no check yet and a check that was not made (3: the outbound rules refused
    // the address), as the SQL plan and the facet counts have it.
    const want = f.health === 'ok' ? 1 : 2;
    const unchecked = f.health === 'unchecked';
    const bit = FILTER_BITS.health;
    for (let p = 0; p < n; p++) {
      const h = c.health[p] as number;
      if (unchecked ? h !== 0 && h !== 3 : h !== want) fails[p] = (fails[p] as number) | bit;
    }
  }
  return active === 0 ? null : { active, unknowable, fails, unknown, key: maskKey(c, f, nowText) };
}
