import { NO_EXPIRY, UNKNOWN, type LinkColumns } from './link-index-columns.js';
import { foldCombinations } from './link-index-combos.js';
import { healthCurrent } from './link-rows.js';
import type { Sql } from './sqlite.js';
import { Tokenizer, WordIndexBuilder, type WordIndex } from './link-words.js';

/*
 * Building the in-memory link index (link-index.ts) off the request path: the links are read in
 * slices of ROWS rank order, one statement each, and the event loop turns between slices, so
 * no call waits for a whole build (~2.5 s at 100,000 links on a loaded 2-core machine when it
 * was one step). Slices are read at different times: the caller's `between` says whether the
 * mirror is still the one the build began with, and the build gives up as soon as it is not.
 *
 * Columns come as JSON arrays, one per column and slice: libsql builds a JS object per row,
 * which at 100,000 rows costs ten times what SQLite spends reading them.
 */

/**
 * 500, not 2,000: a slice's parsed columns (~0.5 MB of strings at 2,000 links) were still alive
 * at V8's young-generation collections, so V8 grew its new space to the 32 MB maximum and kept
 * it after the build. At 500 it stops at 16 MB: backend RSS after the mirror bench's queries
 * 159 → 141 MB (2026-11-28, one process each, same mirror; build time within the noise,
 * 5.6–6.7 s at load ~18). Shorter slices also hold a call up for less time during a build.
 */
const ROWS = 500;
const ORDER_ROWS = 25_000;

export interface LinkSnapshot {
  columns: LinkColumns;
  words: WordIndex;
}

/** Lets the event loop turn; false: the mirror changed since the build began (give up). */
export type Between = () => Promise<boolean>;

interface Slice {
  last: number | null;
  rank: string;
  id: string;
  channel: string;
  channelKnown: string;
  campaign: string;
  campaignKnown: string;
  domain: string;
  status: string;
  password: string;
  expiryKnown: string;
  expiry: string;
  alias: string;
  shortUrl: string;
  longUrl: string;
  title: string;
  description: string;
}

const SLICE_SQL = `SELECT MAX(rank) AS last, json_group_array(rank) AS rank, json_group_array(id) AS id,
    json_group_array(channel_id) AS channel, json_group_array(channel_known) AS channelKnown,
    json_group_array(campaign_id) AS campaign, json_group_array(campaign_known) AS campaignKnown,
    json_group_array(domain) AS domain, json_group_array(status) AS status,
    json_group_array(password) AS password, json_group_array(expiry_known) AS expiryKnown,
    json_group_array(expiry) AS expiry, json_group_array(alias) AS alias,
    json_group_array(short_url) AS shortUrl, json_group_array(long_url) AS longUrl,
    json_group_array(title) AS title, json_group_array(description) AS description
  FROM (SELECT rank, id, channel_id, channel_known, campaign_id, campaign_known, domain, status, password,
      expiry_known, expiry, alias, short_url, long_url, title, description
    FROM links WHERE rank > ? ORDER BY rank LIMIT ${ROWS})`;

/** The columns and words of every link, or null when the mirror changed meanwhile. */
export async function buildLinkIndex(sql: Sql, between: Between): Promise<LinkSnapshot | null> {
  const size = sql.count('SELECT COUNT(*) AS n FROM links');
  // Filled slice by slice straight into typed arrays (JS arrays of every value first cost
  // tens of megabytes that the process kept after the build).
  const c = emptyColumns(size);
  const words = new WordIndexBuilder(size);
  const tokenizer = new Tokenizer();
  const domainAt = new Map<string, number>();
  const statusAt = new Map<string | null, number>([[null, 0]]);
  const row: Array<string | string[]> = [];
  const channelAt = new Map<number | null, number>();
  const campaignAt = new Map<number | null, number>();
  const expiryAt = new Map<string, number>();
  try {
    let after = -1;
    let p = 0;
    for (;;) {
      const slice = sql.get<Slice>(SLICE_SQL, [after]);
      if (!slice || slice.last === null) break;
      const col = <T>(key: keyof Slice) => JSON.parse(slice[key] as string) as T[];
      const rank = col<number>('rank');
      const n = rank.length;
      if (p + n > size) return null; // links were added since the count: the mirror changed
      const [id, channel, channelKnown, campaign, campaignKnown, password, expiryKnown] = (
        ['id', 'channel', 'channelKnown', 'campaign', 'campaignKnown', 'password', 'expiryKnown'] as const
      ).map((k) => col<number | null>(k));
      const domain = col<string>('domain');
      const status = col<string | null>('status');
      const expiry = col<string | null>('expiry');
      for (let r = 0; r < n; r++, p++) {
        c.rank[p] = rank[r] as number;
        c.id[p] = id?.[r] as number;
        c.channel[p] = channelKnown?.[r] === 1 ? intern(channelAt, c.channels, channel?.[r] ?? null) : UNKNOWN;
        c.campaign[p] = campaignKnown?.[r] === 1 ? intern(campaignAt, c.campaigns, campaign?.[r] ?? null) : UNKNOWN;
        c.domain[p] = intern(domainAt, c.domains, domain[r] as string);
        c.status[p] = intern(statusAt, c.statuses, status[r] ?? null);
        const pw = password?.[r];
        c.password[p] = pw === null || pw === undefined ? -1 : pw;
        const e = expiry[r] ?? null;
        c.expiry[p] = expiryKnown?.[r] !== 1 ? UNKNOWN : e === null ? NO_EXPIRY : intern(expiryAt, c.expiries, e);
      }
      const texts = (['alias', 'shortUrl', 'longUrl', 'title', 'description'] as const).flatMap((k) => col<string>(k));
      // Column-major, so the texts that are not plain ASCII go to FTS5's tokenizer together;
      // the others are split by the word index itself, with no string made per token.
      const others = tokenizer.others(texts);
      for (let r = 0; r < n; r++) {
        for (let column = 0; column < 5; column++) row[column] = others[column * n + r] ?? (texts[column * n + r] as string);
        words.add(row);
      }
      after = slice.last;
      if (!(await between())) return null;
    }
    if (p !== size) return null;
    sortExpiries(c);
    readMarks(sql, c);
    for (const [target, order] of [
      [c.byClicks, 'clicks, rank'],
      [c.byTitle, 'title COLLATE NOCASE, rank'],
    ] as const) {
      // The orders SQLite's own indexes keep (links_clicks, links_title): the same ties as its plans.
      for (let from = 0; from < size; from += ORDER_ROWS) {
        const ids = JSON.parse(
          sql.get<{ ids: string }>(`SELECT json_group_array(id) AS ids FROM (SELECT id FROM links ORDER BY ${order} LIMIT ${ORDER_ROWS} OFFSET ?)`, [from])?.ids ?? '[]',
        ) as number[];
        ids.forEach((id, k) => (target[from + k] = positionOf(c, id)));
        if (!(await between())) return null;
      }
    }
    if (!(await foldCombinations(c, between))) return null;
    const finished = await words.finish(between);
    return finished && (await between()) ? { columns: c, words: finished } : null;
  } finally {
    tokenizer.close();
    // The look-up by id serves the build only (1.2 MB at 100,000 links).
    byId.delete(c);
  }
}

/** Expiry codes in the order of the expiries, so "passed" is a code below a bound. */
function sortExpiries(c: LinkColumns): void {
  const order = c.expiries.map((_, k) => k).sort((a, b) => ((c.expiries[a] as string) < (c.expiries[b] as string) ? -1 : 1));
  const newCode = new Int32Array(order.length);
  order.forEach((k, rank) => (newCode[k] = rank));
  c.expiries = order.map((k) => c.expiries[k] as string);
  for (let p = 0; p < c.size; p++) {
    const e = c.expiry[p] as number;
    if (e >= 0) c.expiry[p] = newCode[e] as number;
  }
}

function intern<K extends string | number | null>(at: Map<K, number>, table: K[], value: K): number {
  let k = at.get(value);
  if (k === undefined) at.set(value, (k = table.push(value) - 1));
  return k;
}

function emptyColumns(size: number): LinkColumns {
  return {
    rank: new Float64Array(size),
    id: new Float64Array(size),
    combo: new Int32Array(0),
    combos: 0,
    channel: new Int32Array(size),
    channels: [],
    campaign: new Int32Array(size),
    campaigns: [],
    domain: new Int32Array(size),
    domains: [],
    status: new Int32Array(size),
    statuses: [null],
    password: new Int8Array(size),
    expiry: new Int32Array(size),
    expiries: [],
    pending: new Uint8Array(size),
    failed: new Uint8Array(size),
    health: new Uint8Array(size),
    byClicks: new Int32Array(size),
    byTitle: new Int32Array(size),
    size,
  };
}

/** Ids sorted with their positions, for the build's look-ups by id (marks, checks, orders). */
const byId = new WeakMap<LinkColumns, { ids: Float64Array; positions: Int32Array }>();

function positionOf(c: LinkColumns, id: number): number {
  let table = byId.get(c);
  if (!table) {
    const positions = Int32Array.from({ length: c.size }, (_, p) => p).sort((a, b) => (c.id[a] as number) - (c.id[b] as number));
    table = { ids: Float64Array.from(positions, (p) => c.id[p] as number), positions };
    byId.set(c, table);
  }
  let lo = 0;
  let hi = table.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((table.ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return table.ids[lo] === id ? (table.positions[lo] as number) : -1;
}

/** The outbox marks and health checks: few, read apart through their own index and table. */
function readMarks(sql: Sql, c: LinkColumns): void {
  const marked = sql.all<{ id: number; pending: number; failed: number }>(
    'SELECT id, pending IS NOT NULL AS pending, failed IS NOT NULL AS failed FROM links INDEXED BY links_marked WHERE pending IS NOT NULL OR failed IS NOT NULL',
  );
  for (const m of marked) {
    const p = positionOf(c, m.id);
    if (p < 0) continue;
    c.pending[p] = m.pending ? 1 : 0;
    c.failed[p] = m.failed ? 1 : 0;
  }
  const checks = sql.all<{ id: number; state: string }>(
    `SELECT h.link_id AS id, h.state FROM link_health h JOIN links l ON l.id = h.link_id WHERE ${healthCurrent()}`,
  );
  for (const h of checks) {
    const p = positionOf(c, h.id);
    if (p >= 0) c.health[p] = h.state === 'ok' ? 1 : h.state === 'broken' ? 2 : 3;
  }
}
