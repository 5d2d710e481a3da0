import type { LinkFacets, MirrorLinkQuery } from '../../shared/models.js';
import { buildLinkIndex, type LinkSnapshot } from './link-index-build.js';
import { trimWhenQuiet } from '../malloc-trim.js';
import { filterMask, type FilterMask } from './link-index-columns.js';
import { countFacets } from './link-index-facets.js';
import { DEFAULT_LIMIT, MAX_LIMIT, type LinkWindow } from './link-query.js';
import { LINK_JSON, toMirrorLink, type LinkRow } from './link-rows.js';
import { searchTerms } from './link-search.js';
import type { Sql } from './sqlite.js';
import { Tokenizer } from './link-words.js';

export { FILTER_BITS, filterMask, type FilterMask, type LinkColumns } from './link-index-columns.js';

/*
 * An in-memory index of the links (issue 15): the columns that filters, facets and the clicks
 * and title orders read, and the words of the searched text (link-words.ts). At 100,000 links a
 * search's total, its clicks or title order and its facet counts need every match, which FTS5
 * can only hand out by reading every matching rowid (0.4–0.8 s for a one-letter prefix); here
 * they are passes over typed arrays, and only the window's rows are read from SQLite.
 *
 * Freshness: the index answers only while the mirror is the one it was built from. Writes on
 * this connection bump a counter (temporary triggers on links and link_health: no writer has
 * to remember to tell), data_version tells any other connection's. After a change the queries
 * go to SQL (link-query.ts, link-facets.ts: always right, slower) and the index is built anew
 * in the background once writes have been quiet for QUIET_MS, in slices between turns of the
 * event loop (link-index-build.ts): no call ever waits for a build.
 */

/** Writes must have been quiet this long before the index is built again. */
export const QUIET_MS = 300;

/** Sorts the index serves; the others (alias, destination, state) go to SQL. */
type IndexedSort = 'date' | 'clicks' | 'title';

export interface LinkIndex {
  /** The window of a query, or null when the index cannot answer it now (stale, other sort). */
  window(query: MirrorLinkQuery, nowText: string): LinkWindow | null;
  facets(query: MirrorLinkQuery, nowText: string): Omit<LinkFacets, 'source' | 'syncedAt'> | null;
  /** A write went through this connection: build again once writes are quiet. */
  changed(): void;
  /** Resolves once the index is current (built in the background if needed). */
  ready(): Promise<void>;
  /** Stops background builds (before the connection closes). */
  close(): void;
}

export interface LinkIndexOptions {
  quietMs?: number;
}

/** The columns the index reads (an update of others, such as details or sweep marks, is no change). */
const READ_COLUMNS = `rank, id, alias, short_url, long_url, title, description, clicks, domain, channel_id,
  channel_known, campaign_id, campaign_known, status, password, expiry, expiry_known, pending, failed`;

// Unqualified (SQLite refuses a schema name here); a temp trigger finds the temp table first.
const bump = 'BEGIN UPDATE link_index_writes SET n = n + 1; END';
const WRITE_COUNTER = `
  CREATE TEMP TABLE IF NOT EXISTS link_index_writes (n INTEGER NOT NULL);
  INSERT INTO temp.link_index_writes (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM temp.link_index_writes);
  CREATE TEMP TRIGGER IF NOT EXISTS link_index_links_insert AFTER INSERT ON links ${bump};
  CREATE TEMP TRIGGER IF NOT EXISTS link_index_links_delete AFTER DELETE ON links ${bump};
  CREATE TEMP TRIGGER IF NOT EXISTS link_index_links_update AFTER UPDATE OF ${READ_COLUMNS} ON links ${bump};
  CREATE TEMP TRIGGER IF NOT EXISTS link_index_health_insert AFTER INSERT ON link_health ${bump};
  CREATE TEMP TRIGGER IF NOT EXISTS link_index_health_delete AFTER DELETE ON link_health ${bump};
  CREATE TEMP TRIGGER IF NOT EXISTS link_index_health_update AFTER UPDATE ON link_health ${bump};`;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createLinkIndex(sql: Sql, options: LinkIndexOptions = {}): LinkIndex {
  const quietMs = options.quietMs ?? QUIET_MS;
  sql.exec(WRITE_COUNTER);
  /** For searched words that are not plain ASCII (see link-words.ts). */
  const tokenizer = new Tokenizer();
  let snapshot: LinkSnapshot | null = null;
  let builtFor = '';
  let building = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Totals (and unknown counts) of filtered queries, for the snapshot they were counted in. */
  const totals = new Map<string, { total: number; widened: number }>();
  let totalsOf: LinkSnapshot | null = null;
  let waiters: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];

  const stamp = () => {
    const row = sql.get<{ c: number; v: number }>(
      'SELECT (SELECT n FROM temp.link_index_writes) AS c, (SELECT data_version FROM pragma_data_version) AS v',
    );
    return `${row?.c ?? 0}:${row?.v ?? 0}`;
  };

  const settle = (error?: unknown) => {
    const list = waiters;
    waiters = [];
    for (const w of list) if (error === undefined) w.resolve();
    else w.reject(error);
  };

  /** (Re)starts the quiet wait: a sync writing page after page never builds between pages. */
  function schedule(): void {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void build(), quietMs);
    // Nothing waits for the build: it must not keep a process alive that has finished its work.
    if (waiters.length === 0) timer.unref?.();
  }

  async function build(): Promise<void> {
    timer = null;
    if (building || closed) return;
    building = true;
    try {
      const from = stamp();
      const built = await buildLinkIndex(sql, async () => {
        await turn();
        return !closed && stamp() === from;
      });
      if (closed) return;
      if (built) {
        snapshot = built;
        builtFor = from;
        // The build's temporary arrays are freed: give their memory back once things are quiet.
        trimWhenQuiet();
        settle();
      } else schedule();
    } catch (error) {
      // The connection closed under the build, or SQLite failed: SQL keeps answering.
      if (!closed) settle(error);
    } finally {
      building = false;
    }
  }

  /**
   * Lets the snapshot go, with everything kept for it: the totals held the last one they were
   * counted in, so a rebuild had the old index (~22 MB at 100,000 links) beside the new one.
   */
  function drop(): void {
    snapshot = null;
    totals.clear();
    totalsOf = null;
  }

  /** The index when it is current; otherwise null, and a build is on its way. */
  function current(): LinkSnapshot | null {
    if (closed) return null;
    if (snapshot && stamp() === builtFor) return snapshot;
    // Stale: dropped at once (its memory goes to the next build), built again when quiet.
    drop();
    if (!building && !timer) schedule();
    return null;
  }

  /** Positions of a search's matches; null: no search; undefined: leave it to SQL. */
  function matches(s: LinkSnapshot, q: string | undefined): Int32Array | null | undefined {
    const terms = searchTerms((q ?? '').trim());
    if (terms.length === 0) return null;
    const tokens = tokenizer.tokenize(terms);
    // A word FTS5's tables do not see as one (letters newer than its Unicode tables).
    if (tokens.some((t) => t.length === 0)) return undefined;
    return s.words.match(tokens);
  }

  /** The mask of these filters (a pass over the few combinations of values: not kept). */
  function maskOf(s: LinkSnapshot, filters: MirrorLinkQuery['filters'], nowText: string): FilterMask | null {
    if (s !== totalsOf) {
      totals.clear();
      totalsOf = s;
    }
    return filterMask(s.columns, filters ?? {}, nowText);
  }

  schedule();

  return {
    window(query, nowText) {
      const sort = query.sort ?? 'date';
      if (sort !== 'date' && sort !== 'clicks' && sort !== 'title') return null;
      const filters = query.filters ?? {};
      const filtered = Object.values(filters).some((v) => v !== undefined);
      // The plain date order walks the rank index and stops after the window.
      if (sort === 'date' && !filtered && searchTerms((query.q ?? '').trim()).length === 0) return null;
      const s = current();
      if (!s) return null;
      const c = s.columns;
      const found = matches(s, query.q);
      if (found === undefined) return null;
      const offset = Math.max(0, Math.floor(query.offset ?? 0));
      const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(query.limit ?? DEFAULT_LIMIT)));
      const desc = (query.direction ?? 'desc') === 'desc';
      const mask = maskOf(s, filters, nowText);
      // The mask's key says which expiries have passed: the totals change when one passes.
      const totalKey = mask ? JSON.stringify([query.q ?? '', mask.key]) : '';
      const cachedTotal = mask ? totals.get(totalKey) : undefined;
      const picked: number[] = [];
      let total = 0;
      let widened = 0;
      if (!mask) {
        // Every candidate matches: the total is known, the walk stops after the window.
        total = found ? found.length : c.size;
        walk(s, sort as IndexedSort, desc, found, (p) => {
          if (widened++ >= offset) picked.push(p);
          return picked.length < limit;
        });
      } else if (cachedTotal !== undefined) {
        // The total of these filters is known (scrolling asks again at every window): the walk
        // stops after the window instead of testing every link.
        ({ total, widened } = cachedTotal);
        let matched = 0;
        const { fails } = mask;
        const { combo } = c;
        walk(s, sort as IndexedSort, desc, found, (p) => {
          if (fails[combo[p] as number] === 0 && matched++ >= offset) picked.push(p);
          return picked.length < limit;
        });
      } else {
        const { fails, unknown } = mask;
        const { combo } = c;
        walk(s, sort as IndexedSort, desc, found, (p) => {
          const k = combo[p] as number;
          const f = fails[k] as number;
          if (f === 0) {
            if (total >= offset && picked.length < limit) picked.push(p);
            total++;
            widened++;
          } else if ((f & ~(unknown[k] as number)) === 0) widened++;
          return true;
        });
        remember(totals, totalKey, { total, widened });
      }
      const rows = readRows(sql, picked.map((p) => c.id[p] as number));
      return {
        items: rows.map((r) => toMirrorLink(r, nowText)),
        total,
        offset,
        limit,
        unknown: mask?.unknowable ? Math.max(0, widened - total) : 0,
      };
    },

    facets(query, nowText) {
      const s = current();
      if (!s) return null;
      const found = matches(s, query.q);
      if (found === undefined) return null;
      return countFacets(s.columns, maskOf(s, query.filters ?? {}, nowText), found, nowText);
    },

    changed() {
      drop();
      schedule();
    },

    ready() {
      if (current()) return Promise.resolve();
      timer?.ref?.();
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },

    close() {
      closed = true;
      drop();
      if (timer) clearTimeout(timer);
      timer = null;
      tokenizer.close();
      settle(new Error('The link index was closed.'));
    },
  };
}

const TOTALS = 64;

/** Keeps an answer in a small map, the oldest going first. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > TOTALS) map.delete(map.keys().next().value as string);
}

/** Scratch marks per snapshot for the walks below (cleared after each: no 100 kB per call). */
const members = new WeakMap<LinkSnapshot, Uint8Array>();

/** Calls `visit` for every candidate position in the order of the sort, until it says stop. */
function walk(s: LinkSnapshot, sort: IndexedSort, desc: boolean, found: Int32Array | null, visit: (p: number) => boolean): void {
  const c = s.columns;
  if (sort === 'date') {
    const list = found;
    const n = list ? list.length : c.size;
    if (desc) {
      for (let i = n - 1; i >= 0; i--) if (!visit(list ? (list[i] as number) : i)) return;
    } else for (let i = 0; i < n; i++) if (!visit(list ? (list[i] as number) : i)) return;
    return;
  }
  const order = sort === 'clicks' ? c.byClicks : c.byTitle;
  let member: Uint8Array | null = null;
  if (found) {
    member = members.get(s) ?? new Uint8Array(c.size);
    members.set(s, member);
    for (let i = 0; i < found.length; i++) member[found[i] as number] = 1;
  }
  try {
    const n = order.length;
    for (let k = 0; k < n; k++) {
      const p = order[desc ? n - 1 - k : k] as number;
      if ((member === null || member[p] === 1) && !visit(p)) return;
    }
  } finally {
    if (member && found) for (let i = 0; i < found.length; i++) member[found[i] as number] = 0;
  }
}

/** The window's rows, read by id in one statement (as one JSON text), in the window's order. */
function readRows(sql: Sql, ids: number[]): LinkRow[] {
  if (ids.length === 0) return [];
  const json = sql.get<{ rows: string }>(`SELECT json_group_array(${LINK_JSON}) AS rows FROM links l WHERE l.id IN (SELECT value FROM json_each(?))`, [JSON.stringify(ids)]);
  const rows = JSON.parse(json?.rows ?? '[]') as LinkRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is LinkRow => r !== undefined);
}
