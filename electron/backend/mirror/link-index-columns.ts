import type { MirrorLinkFilters } from '../../shared/models.js';
import { hostOf } from './dates.js';

/*
 * The link columns of the in-memory index (link-index.ts) and the filters over them: the same
 * conditions as link-query.ts's filterClause, on typed arrays.
 */

export interface LinkColumns {
  /** Positions are in rank order (oldest first); rank is the search index's rowid. */
  rank: Float64Array;
  id: Float64Array;
  /** NaN: none (a known "no channel"/"no campaign", or unknown: see the *Known arrays). */
  channel: Float64Array;
  channelKnown: Uint8Array;
  campaign: Float64Array;
  campaignKnown: Uint8Array;
  /** Index into `domains`. */
  domain: Int32Array;
  domains: string[];
  /** Index into `statuses`; 0 is NULL (unknown). */
  status: Int32Array;
  statuses: (string | null)[];
  /** -1: NULL (unknown), else 0 | 1 (the raw column). */
  password: Int8Array;
  expiryKnown: Uint8Array;
  expiry: (string | null)[];
  pending: Uint8Array;
  failed: Uint8Array;
  /** The current check of the long URL: 0 none, 1 ok, 2 broken, 3 another state. */
  health: Uint8Array;
  /** Positions in (clicks, rank) and (title COLLATE NOCASE, rank) ascending order. */
  byClicks: Int32Array;
  byTitle: Int32Array;
  size: number;
}

/** The filters, as bit masks: bit i set when the link does not match filter i. */
export interface FilterTest {
  /** Which filters are set, in FILTER_BITS order (bit per filter). */
  active: number;
  /** Whether any set filter can be unknown for a link (see UNKNOWN in link-query.ts). */
  unknowable: boolean;
  fails(p: number): number;
  /** Whether each filter in `fails` fails only because its value is unknown for the link. */
  unknownOnly(p: number, fails: number): boolean;
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

/** The same conditions as link-query.ts's filterClause, on the arrays. */
export function filterTest(c: LinkColumns, f: MirrorLinkFilters, nowText: string): FilterTest {
  const checks: Array<[number, (p: number) => boolean, ((p: number) => boolean) | null]> = [];
  if (f.channel !== undefined) {
    const v = f.channel;
    checks.push([FILTER_BITS.channel, v === 'none' ? (p) => c.channelKnown[p] === 1 && Number.isNaN(c.channel[p]) : (p) => c.channelKnown[p] === 1 && c.channel[p] === v, (p) => c.channelKnown[p] === 0]);
  }
  if (f.campaign !== undefined) {
    const v = f.campaign;
    checks.push([FILTER_BITS.campaign, v === 'none' ? (p) => c.campaignKnown[p] === 1 && Number.isNaN(c.campaign[p]) : (p) => c.campaignKnown[p] === 1 && c.campaign[p] === v, (p) => c.campaignKnown[p] === 0]);
  }
  if (f.domain !== undefined) {
    const at = c.domains.indexOf(hostOf(f.domain) || f.domain.trim().toLowerCase());
    checks.push([FILTER_BITS.domain, (p) => c.domain[p] === at, null]);
  }
  if (f.status !== undefined) {
    const at = c.statuses.indexOf(f.status);
    checks.push([FILTER_BITS.status, (p) => at > 0 && c.status[p] === at, (p) => c.status[p] === 0]);
  }
  if (f.password !== undefined) {
    const want = f.password ? 1 : 0;
    checks.push([FILTER_BITS.password, (p) => c.password[p] === want, (p) => c.password[p] === -1]);
  }
  if (f.expired !== undefined) {
    const expiredWanted = f.expired;
    checks.push([
      FILTER_BITS.expired,
      (p) => {
        if (c.expiryKnown[p] !== 1) return false;
        const e = c.expiry[p] ?? null;
        const expired = e !== null && e <= nowText;
        return expiredWanted ? expired : !expired;
      },
      (p) => c.expiryKnown[p] === 0,
    ]);
  }
  if (f.outbox !== undefined) {
    const o = f.outbox;
    checks.push([FILTER_BITS.outbox, o === 'pending' ? (p) => c.pending[p] === 1 : o === 'failed' ? (p) => c.failed[p] === 1 : (p) => c.pending[p] === 1 || c.failed[p] === 1, null]);
  }
  if (f.health !== undefined) {
    // 'Unchecked' is no check yet and a check that was not made (3: the outbound rules refused
    // the address), as the SQL plan and the facet counts have it.
    const want = f.health === 'ok' ? 1 : 2;
    const matches = f.health === 'unchecked' ? (p: number) => c.health[p] === 0 || c.health[p] === 3 : (p: number) => c.health[p] === want;
    checks.push([FILTER_BITS.health, matches, null]);
  }
  const active = checks.reduce((all, [bit]) => all | bit, 0);
  const bits = checks.map(([bit]) => bit);
  const tests = checks.map(([, matches]) => matches);
  return {
    active,
    unknowable: checks.some(([, , unknown]) => unknown !== null),
    fails(p) {
      // Indexed loop over flat arrays: this runs once per link and filter on every page.
      let failed = 0;
      for (let i = 0; i < tests.length; i++) if (!(tests[i] as (p: number) => boolean)(p)) failed |= bits[i] as number;
      return failed;
    },
    unknownOnly(p, fails) {
      for (const [bit, , unknown] of checks) if ((fails & bit) !== 0 && (unknown === null || !unknown(p))) return false;
      return true;
    },
  };
}

