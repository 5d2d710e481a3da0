import type { LinkFacets, MirrorLinkFilters, MirrorLinkQuery } from '../../shared/models.js';
import { hostOf } from './dates.js';
import { countFacets } from './link-index-facets.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type LinkWindow } from './link-query.js';
import { healthCurrent, LINK_COLUMNS, toMirrorLink, type LinkRow } from './link-rows.js';
import { ftsQuery } from './link-search.js';
import type { Sql } from './sqlite.js';

/*
 * An in-memory index of the link columns that filters, facets and the clicks and title orders
 * read (issue 15). At 100,000 links a list page with a filter or a deep offset, and above all
 * the facet counts, read tens of thousands of rows through the b-trees (the facets of a
 * one-letter search took ~70 times the search itself). Here those are one pass over typed
 * arrays, and only the window's rows are read from SQLite. Facets of a search take the
 * matches' rowids (the ranks) from FTS5. A search's window stays with SQL (FTS5 stops after
 * the window), and so does the plain date order (the rank index does).
 *
 * Freshness: the index is built from a snapshot and is used only while nothing has changed
 * since. SQLite's own counters tell (total_changes() for this connection, data_version for any
 * other), so no writer has to remember to tell the index. After a change the queries go to
 * SQL (the plans in link-query.ts) until the writes have been quiet for QUIET_MS, and then the
 * index is built again (measured ~2.5 s at 100,000 links with the 2-core machine at load 15;
 * a fraction of that idle): a sync writing pages never rebuilds it page after page, and the
 * first filtered page or facet count after an edit pays for one rebuild.
 */

/** Writes must have been quiet this long before the index is built again. */
export const QUIET_MS = 300;

/** Sorts the index serves; the others (alias, destination, state) go to SQL. */
type IndexedSort = 'date' | 'clicks' | 'title';

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

export interface LinkIndex {
  /** The window of a query, or null when the index cannot answer it now (stale, other sort). */
  window(query: MirrorLinkQuery, nowText: string): LinkWindow | null;
  facets(query: MirrorLinkQuery, nowText: string): Omit<LinkFacets, 'source' | 'syncedAt'> | null;
}

export interface LinkIndexOptions {
  quietMs?: number;
  /** Monotonic milliseconds (performance.now by default). */
  now?: () => number;
}

export function createLinkIndex(sql: Sql, options: LinkIndexOptions = {}): LinkIndex {
  const quietMs = options.quietMs ?? QUIET_MS;
  const now = options.now ?? (() => performance.now());
  let columns: LinkColumns | null = null;
  let builtAt = '';
  let seen = '';
  let changedAt = -Infinity;
  /** Matches of the last search, kept while the index is (the next keystroke often repeats it). */
  let lastMatch: { text: string; positions: Int32Array } | null = null;

  const stamp = () => {
    const row = sql.get<{ c: number; v: number }>('SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v');
    return `${row?.c ?? 0}:${row?.v ?? 0}`;
  };

  /** The index when it is current, built first if the writes have been quiet long enough. */
  function current(): LinkColumns | null {
    const s = stamp();
    if (s === builtAt && columns) return columns;
    if (s !== seen) {
      seen = s;
      // The first look at a changed mirror: wait for quiet unless there is nothing built yet.
      if (columns !== null || builtAt !== '') changedAt = now();
    }
    if (now() - changedAt < quietMs) return null;
    columns = loadColumns(sql);
    lastMatch = null;
    // Reading changes nothing; the stamp after the build is the one it is current for.
    builtAt = stamp();
    seen = builtAt;
    return columns;
  }

  /**
   * Positions (ascending rank) of the links a search matches; null: no search; undefined: FTS5
   * refused the expression (SQL then runs the substring search, see withSearchFallback).
   */
  function matches(c: LinkColumns, q: string | undefined): Int32Array | null | undefined {
    const match = ftsQuery((q ?? '').trim());
    if (match === null) return null;
    if (lastMatch?.text === match) return lastMatch.positions;
    let ranks: number[];
    try {
      // One JSON array rather than a row object per match (see loadColumns).
      const json = sql.get<{ r: string }>(
        'SELECT json_group_array(rowid) AS r FROM (SELECT rowid FROM links_fts WHERE links_fts MATCH ? ORDER BY rowid)',
        [match],
      )?.r;
      ranks = JSON.parse(json ?? '[]') as number[];
    } catch (error) {
      if (/fts5|MATCH/i.test((error as Error).message ?? '')) return undefined;
      throw error;
    }
    const positions = new Int32Array(ranks.length);
    let n = 0;
    let p = 0;
    for (const r of ranks) {
      while (p < c.size && (c.rank[p] as number) < r) p++;
      if (p < c.size && c.rank[p] === r) positions[n++] = p;
    }
    lastMatch = { text: match, positions: positions.subarray(0, n) };
    return lastMatch.positions;
  }

  return {
    window(query, nowText) {
      const sort = query.sort ?? 'date';
      if (sort !== 'date' && sort !== 'clicks' && sort !== 'title') return null;
      // A search's window stays with SQL: FTS5 stops after the window, while the index would
      // need every match's rowid out of SQLite first (measured slower for short prefixes).
      if (ftsQuery((query.q ?? '').trim()) !== null) return null;
      // The plain date order walks the rank index and stops after the window; leaving it to SQL
      // also keeps a rebuild off the default list's scrolling.
      const filtered = Object.values(query.filters ?? {}).some((v) => v !== undefined);
      if (sort === 'date' && !filtered) return null;
      const c = current();
      if (!c) return null;
      const filters = query.filters ?? {};
      const offset = Math.max(0, Math.floor(query.offset ?? 0));
      const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(query.limit ?? DEFAULT_LIMIT)));
      const desc = (query.direction ?? 'desc') === 'desc';
      const test = filterTest(c, filters, nowText);
      const found = matches(c, query.q);
      if (found === undefined) return null;
      const picked: number[] = [];
      let total = 0;
      let widened = 0;
      const visit = (p: number) => {
        const fails = test.fails(p);
        if (fails === 0) {
          if (total >= offset && picked.length < limit) picked.push(p);
          total++;
          widened++;
        } else if (test.unknownOnly(p, fails)) widened++;
      };
      walk(c, sort as IndexedSort, desc, found, visit);
      const rows = readRows(sql, picked.map((p) => c.id[p] as number));
      return {
        items: rows.map((r) => toMirrorLink(r, nowText)),
        total,
        offset,
        limit,
        unknown: test.unknowable ? Math.max(0, widened - total) : 0,
      };
    },

    facets(query, nowText) {
      const c = current();
      if (!c) return null;
      const found = matches(c, query.q);
      if (found === undefined) return null;
      return countFacets(c, filterTest(c, query.filters ?? {}, nowText), found, nowText);
    },
  };
}

/** Calls `visit` for every candidate position in the order of the sort. */
function walk(c: LinkColumns, sort: IndexedSort, desc: boolean, found: Int32Array | null, visit: (p: number) => void): void {
  if (sort === 'date') {
    const list = found;
    const n = list ? list.length : c.size;
    if (desc) for (let i = n - 1; i >= 0; i--) visit(list ? (list[i] as number) : i);
    else for (let i = 0; i < n; i++) visit(list ? (list[i] as number) : i);
    return;
  }
  const order = sort === 'clicks' ? c.byClicks : c.byTitle;
  let member: Uint8Array | null = null;
  if (found) {
    member = new Uint8Array(c.size);
    for (let i = 0; i < found.length; i++) member[found[i] as number] = 1;
  }
  const n = order.length;
  for (let k = 0; k < n; k++) {
    const p = order[desc ? n - 1 - k : k] as number;
    if (member === null || member[p] === 1) visit(p);
  }
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
  const active = checks.reduce((bits, [bit]) => bits | bit, 0);
  return {
    active,
    unknowable: checks.some(([, , unknown]) => unknown !== null),
    fails(p) {
      let bits = 0;
      for (const [bit, matches] of checks) if (!matches(p)) bits |= bit;
      return bits;
    },
    unknownOnly(p, fails) {
      for (const [bit, , unknown] of checks) if ((fails & bit) !== 0 && (unknown === null || !unknown(p))) return false;
      return true;
    },
  };
}

/** The window's rows, read by id in one statement, in the window's order. */
function readRows(sql: Sql, ids: number[]): LinkRow[] {
  if (ids.length === 0) return [];
  const rows = sql.all<LinkRow>(`SELECT ${LINK_COLUMNS} FROM links l WHERE l.id IN (SELECT value FROM json_each(?))`, [JSON.stringify(ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LinkRow => r !== undefined);
}

/**
 * Reads the columns of every link (one pass in rank order) and the two sort orders. Each column
 * comes as one JSON array: libsql builds a JS object per row, which at 100,000 rows costs ten
 * times what SQLite spends reading them.
 */
export function loadColumns(sql: Sql): LinkColumns {
  // Only columns stored before `details` (a row's JSON, often on overflow pages): the outbox
  // marks and health checks are few and read apart, through their own index and table.
  const cols = sql.get<Record<string, string>>(
    `SELECT json_group_array(rank) AS rank, json_group_array(id) AS id, json_group_array(channel_id) AS channel,
       json_group_array(channel_known) AS channelKnown, json_group_array(campaign_id) AS campaign,
       json_group_array(campaign_known) AS campaignKnown, json_group_array(domain) AS domain,
       json_group_array(status) AS status, json_group_array(password) AS password,
       json_group_array(expiry_known) AS expiryKnown, json_group_array(expiry) AS expiry
     FROM (SELECT l.rank, l.id, l.channel_id, l.channel_known, l.campaign_id, l.campaign_known, l.domain,
       l.status, l.password, l.expiry_known, l.expiry FROM links l ORDER BY l.rank)`,
  );
  const read = <T>(name: string): T[] => JSON.parse(cols?.[name] ?? '[]') as T[];
  const rank = read<number>('rank');
  const size = rank.length;
  const numbers = (values: Array<number | null>, empty = NaN) => Float64Array.from(values, (v) => v ?? empty);
  const flags = (values: Array<number | null>) => Uint8Array.from(values, (v) => (v === 1 ? 1 : 0));
  const interned = (values: Array<string | null>, table: Array<string | null>) => {
    const at = new Map(table.map((v, k) => [v, k]));
    return Int32Array.from(values, (v) => {
      let k = at.get(v);
      if (k === undefined) at.set(v, (k = table.push(v) - 1));
      return k;
    });
  };
  const domains: string[] = [];
  const statuses: (string | null)[] = [null];
  const c: LinkColumns = {
    rank: Float64Array.from(rank),
    id: numbers(read<number>('id')),
    channel: numbers(read<number | null>('channel')),
    channelKnown: flags(read<number>('channelKnown')),
    campaign: numbers(read<number | null>('campaign')),
    campaignKnown: flags(read<number>('campaignKnown')),
    domain: interned(read<string>('domain'), domains as Array<string | null>),
    domains,
    status: interned(read<string | null>('status'), statuses),
    statuses,
    password: Int8Array.from(read<number | null>('password'), (v) => (v === null ? -1 : v)),
    expiryKnown: flags(read<number>('expiryKnown')),
    expiry: read<string | null>('expiry'),
    pending: new Uint8Array(size),
    failed: new Uint8Array(size),
    health: new Uint8Array(size),
    byClicks: new Int32Array(size),
    byTitle: new Int32Array(size),
    size,
  };
  const positionOf = new Map<number, number>();
  c.id.forEach((id, p) => positionOf.set(id, p));
  const marked = sql.all<{ id: number; pending: number; failed: number }>(
    'SELECT id, pending IS NOT NULL AS pending, failed IS NOT NULL AS failed FROM links INDEXED BY links_marked WHERE pending IS NOT NULL OR failed IS NOT NULL',
  );
  for (const m of marked) {
    const p = positionOf.get(m.id);
    if (p === undefined) continue;
    c.pending[p] = m.pending ? 1 : 0;
    c.failed[p] = m.failed ? 1 : 0;
  }
  const checks = sql.all<{ id: number; state: string }>(
    `SELECT h.link_id AS id, h.state FROM link_health h JOIN links l ON l.id = h.link_id WHERE ${healthCurrent()}`,
  );
  for (const h of checks) {
    const p = positionOf.get(h.id);
    if (p !== undefined) c.health[p] = h.state === 'ok' ? 1 : h.state === 'broken' ? 2 : 3;
  }
  // The orders SQLite's own indexes keep (links_clicks, links_title): the same ties as its plans.
  const fill = (target: Int32Array, order: string) => {
    const ids = JSON.parse(sql.get<{ ids: string }>(`SELECT json_group_array(id) AS ids FROM (SELECT id FROM links ORDER BY ${order})`)?.ids ?? '[]') as number[];
    ids.forEach((id, k) => (target[k] = positionOf.get(id) as number));
  };
  fill(c.byClicks, 'clicks, rank');
  fill(c.byTitle, 'title COLLATE NOCASE, rank');
  return c;
}
