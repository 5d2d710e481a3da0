import type {
  LinkSort,
  MirrorLink,
  MirrorLinkFilters,
  MirrorLinkQuery,
} from '../../shared/models.js';
import { hostOf } from './dates.js';
import { healthCurrent, LINK_COLUMNS, toMirrorLink, type LinkRow } from './link-rows.js';
import { ftsQuery, likePattern } from './link-search.js';
import { STATE_RANK } from './schema.js';
import type { Sql, SqlValue } from './sqlite.js';

/*
 * The links list views read: search, filters, sort and a window of rows, from the mirror only.
 *
 * Unknown values: some services tell a link's channel, campaign, status, password and expiry
 * only in its details (the channel also comes from channel items). A filter on such a field
 * keeps only the links KNOWN to match; links whose value is unknown are left out and counted
 * apart (`unknown`), so the UI can say "and 120 links whose campaign is not known yet" instead
 * of silently mixing guesses into the result.
 */

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

/** A condition of the WHERE clause with its parameters. */
interface Clause {
  sql: string;
  params: SqlValue[];
}

type Field = keyof MirrorLinkFilters;

/** The filters whose values can be unknown, with the condition that says "unknown here". */
const UNKNOWN_WHEN: Partial<Record<Field, string>> = {
  channel: 'l.channel_known = 0',
  campaign: 'l.campaign_known = 0',
  status: 'l.status IS NULL',
  password: 'l.password IS NULL',
  expired: 'l.expiry_known = 0',
};

/** The condition of one filter (known values only), or null when the filter is not set. */
function filterClause(field: Field, filters: MirrorLinkFilters, nowText: string): Clause | null {
  switch (field) {
    case 'channel': {
      const v = filters.channel;
      if (v === undefined) return null;
      return v === 'none'
        ? { sql: 'l.channel_known = 1 AND l.channel_id IS NULL', params: [] }
        : { sql: 'l.channel_known = 1 AND l.channel_id = ?', params: [v] };
    }
    case 'campaign': {
      const v = filters.campaign;
      if (v === undefined) return null;
      return v === 'none'
        ? { sql: 'l.campaign_known = 1 AND l.campaign_id IS NULL', params: [] }
        : { sql: 'l.campaign_known = 1 AND l.campaign_id = ?', params: [v] };
    }
    case 'domain': {
      const v = filters.domain;
      if (v === undefined) return null;
      return { sql: 'l.domain = ?', params: [hostOf(v) || v.trim().toLowerCase()] };
    }
    case 'status':
      return filters.status === undefined
        ? null
        : { sql: 'l.status = ?', params: [filters.status] };
    case 'password':
      return filters.password === undefined
        ? null
        : { sql: 'l.password = ?', params: [filters.password ? 1 : 0] };
    case 'expired':
      if (filters.expired === undefined) return null;
      return filters.expired
        ? {
            sql: 'l.expiry_known = 1 AND l.expiry IS NOT NULL AND l.expiry <= ?',
            params: [nowText],
          }
        : {
            sql: 'l.expiry_known = 1 AND (l.expiry IS NULL OR l.expiry > ?)',
            params: [nowText],
          };
    case 'outbox':
      if (filters.outbox === undefined) return null;
      return {
        sql:
          filters.outbox === 'pending'
            ? 'l.pending IS NOT NULL'
            : filters.outbox === 'failed'
              ? 'l.failed IS NOT NULL'
              : '(l.pending IS NOT NULL OR l.failed IS NOT NULL)',
        params: [],
      };
    case 'health': {
      const v = filters.health;
      if (v === undefined) return null;
      // Through the state index: broken links are few, so the filter reads only them.
      const checked = (state: string) =>
        `+l.id IN (SELECT h.link_id FROM link_health h JOIN links x ON x.id = h.link_id
           WHERE h.state = '${state}' AND ${healthCurrent('x')})`;
      if (v === 'unchecked') {
        // A 'not-checked' result (the outbound rules refused the address) is still unchecked.
        return {
          sql: `+l.id NOT IN (SELECT h.link_id FROM link_health h JOIN links x ON x.id = h.link_id
                 WHERE h.state IN ('ok', 'broken') AND ${healthCurrent('x')})`,
          params: [],
        };
      }
      return { sql: checked(v === 'ok' ? 'ok' : 'broken'), params: [] };
    }
  }
}

const FIELDS: readonly Field[] = [
  'channel',
  'campaign',
  'domain',
  'status',
  'password',
  'expired',
  'outbox',
  'health',
];

export type SearchMode = 'fts' | 'like';

/**
 * The search condition: FTS5 word prefixes, or (mode 'like') a plain substring match, the
 * fallback for a text FTS5 cannot take.
 */
export function searchClause(q: string | undefined, mode: SearchMode): Clause | null {
  const text = (q ?? '').trim();
  if (text === '') return null;
  const match = mode === 'fts' ? ftsQuery(text) : null;
  if (match !== null) {
    return {
      sql: 'l.rank IN (SELECT rowid FROM links_fts WHERE links_fts MATCH ?)',
      params: [match],
    };
  }
  const like = likePattern(text);
  return {
    sql: `(l.alias LIKE ? ESCAPE '\\' OR l.short_url LIKE ? ESCAPE '\\' OR l.long_url LIKE ? ESCAPE '\\'
      OR l.title LIKE ? ESCAPE '\\' OR l.description LIKE ? ESCAPE '\\')`,
    params: [like, like, like, like, like],
  };
}

/**
 * Runs a search with FTS5 and, should FTS5 refuse the expression (the text is quoted, so this
 * is a safety net), again with the substring match: a search box never shows an error.
 */
export function withSearchFallback<T>(run: (mode: SearchMode) => T): T {
  try {
    return run('fts');
  } catch (error) {
    if (!/fts5|MATCH/i.test((error as Error).message ?? '')) throw error;
    return run('like');
  }
}

/** The WHERE clause of a query, leaving out the filter `except` (for facets). */
export function whereOf(clauses: readonly (Clause | null)[]): { sql: string; params: SqlValue[] } {
  const present = clauses.filter((c): c is Clause => c !== null);
  if (present.length === 0) return { sql: '', params: [] };
  return {
    sql: `WHERE ${present.map((c) => `(${c.sql})`).join(' AND ')}`,
    params: present.flatMap((c) => c.params),
  };
}

export function filterClauses(
  filters: MirrorLinkFilters,
  nowText: string,
  except?: Field,
): (Clause | null)[] {
  return FIELDS.filter((f) => f !== except).map((f) => filterClause(f, filters, nowText));
}

/** Searches matching more links than this are sorted by walking the sort's index (see below). */
const DENSE_MATCHES = 5_000;
/** Filters matching at least this share of the links are walked in the sort's index. */
const DENSE_SHARE = 0.05;

const SORT_INDEX: Record<LinkSort, string> = {
  date: 'links_rank',
  clicks: 'links_clicks',
  title: 'links_title',
  alias: 'links_alias',
  url: 'links_url',
  state: 'links_state',
};

/** The first key of each order but date (ties are broken by rank, the date order). */
const SORT_KEY: Record<Exclude<LinkSort, 'date'>, string> = {
  clicks: 'clicks',
  title: 'title COLLATE NOCASE',
  alias: 'alias COLLATE NOCASE',
  url: 'long_url COLLATE NOCASE',
  // Unqualified columns, exactly as in the index (an alias would not match its expression).
  state: `(${STATE_RANK})`,
};

/** The sort written so that no index can serve it (the filters' index is used instead). */
function unindexedOrder(sort: LinkSort, direction: 'asc' | 'desc'): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  if (sort === 'date') return `+l.rank ${dir}`;
  const key = sort === 'state' ? `+(${STATE_RANK})` : `+l.${SORT_KEY[sort]}`;
  return `${key} ${dir}, +l.rank ${dir}`;
}

/** The ORDER BY of a sort over `links l` (exported for the query-plan test). */
export function orderSql(sort: LinkSort, direction: 'asc' | 'desc' = 'desc'): string {
  return orderBy(sort, direction);
}

function orderBy(sort: LinkSort, direction: 'asc' | 'desc', rankColumn = 'l.rank'): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  if (sort === 'date') return `${rankColumn} ${dir}`;
  const key = sort === 'state' ? SORT_KEY.state : `l.${SORT_KEY[sort]}`;
  return `${key} ${dir}, l.rank ${dir}`;
}

export interface LinkWindow {
  items: MirrorLink[];
  total: number;
  offset: number;
  limit: number;
  unknown: number;
}

/** A window of the links matching a query, with the total and the unknown count. */
export function queryLinks(sql: Sql, query: MirrorLinkQuery, nowText: string): LinkWindow {
  return withSearchFallback((mode) => queryLinksWith(sql, query, nowText, mode));
}

/**
 * The query plan matters at 100,000 links:
 * - no search: the sort's index (rank for date) when the filters keep many links, the
 *   filters' own index and a sort when they keep few (decided by counting first);
 * - search, date order: FTS5 yields matches in rank order, so the window reads only its rows;
 * - search, clicks or title order: few matches are joined and sorted; many (a one-letter
 *   prefix) are found by walking the sort's index and testing membership in the match set
 *   (built once), which stops after the window instead of sorting every match. (Testing each
 *   row with its own FTS5 probe is faster for one word but far slower for a phrase.)
 */
function queryLinksWith(
  sql: Sql,
  query: MirrorLinkQuery,
  nowText: string,
  mode: SearchMode,
): LinkWindow {
  const filters = query.filters ?? {};
  const offset = Math.max(0, Math.floor(query.offset ?? 0));
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(query.limit ?? DEFAULT_LIMIT)));
  const sort = query.sort ?? 'date';
  const direction = query.direction ?? 'desc';
  const text = (query.q ?? '').trim();
  const match = mode === 'fts' && text !== '' ? ftsQuery(text) : null;
  const filterWhere = whereOf(filterClauses(filters, nowText));
  const hasFilters = filterWhere.sql !== '';

  let rows: LinkRow[];
  let total: number | undefined;
  if (match !== null) {
    const matches = () =>
      sql.count('SELECT COUNT(*) AS n FROM links_fts WHERE links_fts MATCH ?', [match]);
    const and = hasFilters ? `AND ${filterWhere.sql.slice('WHERE '.length)}` : '';
    if (!hasFilters) total = matches();
    if (sort === 'date') {
      rows = sql.all<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links_fts f JOIN links l ON l.rank = f.rowid
         WHERE links_fts MATCH ? ${and} ORDER BY ${orderBy(sort, direction, 'f.rowid')} LIMIT ? OFFSET ?`,
        [match, ...filterWhere.params, limit, offset],
      );
    } else {
      const dense = (total ?? matches()) > DENSE_MATCHES;
      const from = dense
        ? `links l INDEXED BY ${SORT_INDEX[sort]}
           WHERE l.rank IN (SELECT rowid FROM links_fts WHERE links_fts MATCH ?) ${and}`
        : `links_fts f JOIN links l ON l.rank = f.rowid WHERE links_fts MATCH ? ${and}`;
      rows = sql.all<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM ${from} ORDER BY ${orderBy(sort, direction)} LIMIT ? OFFSET ?`,
        [match, ...filterWhere.params, limit, offset],
      );
    }
    if (total === undefined && offset === 0 && rows.length < limit) total = rows.length;
    total ??= sql.count(
      `SELECT COUNT(*) AS n FROM links_fts f JOIN links l ON l.rank = f.rowid
       WHERE links_fts MATCH ? ${and}`,
      [match, ...filterWhere.params],
    );
  } else {
    const where = whereOf([searchClause(query.q, 'like'), ...filterClauses(filters, nowText)]);
    if (where.sql === '') {
      rows = sql.all<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM links l ORDER BY ${orderBy(sort, direction)} LIMIT ? OFFSET ?`,
        [limit, offset],
      );
      total = sql.count('SELECT COUNT(*) AS n FROM links');
    } else {
      // Counted first (the filters' indexes answer it without reading rows), then the plan is
      // chosen by density: many matches are found walking the sort's index, which stops after
      // the window; few are fetched through the filters' index and sorted.
      total = sql.count(`SELECT COUNT(*) AS n FROM links l ${where.sql}`, where.params);
      const all = sql.count('SELECT COUNT(*) AS n FROM links');
      const dense = total >= all * DENSE_SHARE;
      rows =
        total === 0 || offset >= total
          ? []
          : sql.all<LinkRow>(
              `SELECT ${LINK_COLUMNS} FROM links l ${dense ? `INDEXED BY ${SORT_INDEX[sort]}` : ''} ${where.sql}
               ORDER BY ${dense ? orderBy(sort, direction) : unindexedOrder(sort, direction)} LIMIT ? OFFSET ?`,
              [...where.params, limit, offset],
            );
    }
  }

  let unknown = 0;
  const unknowable = FIELDS.filter(
    (f) => UNKNOWN_WHEN[f] !== undefined && filterClause(f, filters, nowText) !== null,
  );
  if (unknowable.length > 0) {
    // Matching or unknown on every unknowable filter, minus matching: the unknown ones.
    const widened = FIELDS.map((f) => {
      const c = filterClause(f, filters, nowText);
      const unknownSql = UNKNOWN_WHEN[f];
      if (c === null || unknownSql === undefined) return c;
      return { sql: `(${c.sql}) OR ${unknownSql}`, params: c.params };
    });
    const wide = whereOf([searchClause(query.q, mode), ...widened]);
    unknown = sql.count(`SELECT COUNT(*) AS n FROM links l ${wide.sql}`, wide.params) - total;
  }
  return {
    items: rows.map((r) => toMirrorLink(r, nowText)),
    total,
    offset,
    limit,
    unknown: Math.max(0, unknown),
  };
}
