import { createRouter, type Handlers } from '../../electron/backend/router.js';
import { ftsQuery } from '../../electron/backend/mirror/link-search.js';
import { openProfileData } from '../../electron/backend/mirror/index.js';
import type { MirrorLinkQuery } from '../../electron/shared/models.js';
import { nextQuietTrim, type TrimRecord } from '../../electron/backend/malloc-trim.js';
import { processMemory, type MemoryBreakdown } from './process-memory.js';

/*
 * The mirror bench's measuring side (issue 4, 15, 43), run in a fresh process that mirror-bench.ts
 * starts from a bundle (mirror-measure-child.ts): plain Node and the backend's compiled code, as
 * the app runs it, without tsx, the bench's local service or its seeding code. Until 2026-11-28
 * this ran under `node --import tsx` with every import of mirror-bench.ts, and the process held
 * 126 MB before it opened the mirror.
 */

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** As-you-type prefixes (1-6 letters) of words from titles and URLs. */
export function searchQueries(): string[] {
  const words = [
    'spring',
    'javascript',
    'github',
    'election',
    'kitchen',
    'webinar',
    'london',
    'privacy',
    'coupon',
    'wikipedia',
    'youtube',
    'utm',
    'campaign',
    'medium',
    'cafe',
    'football',
  ];
  const queries = words.flatMap((w) =>
    Array.from({ length: Math.min(6, w.length) }, (_, i) => w.slice(0, i + 1)),
  );
  return [
    ...queries,
    'spring sale',
    'blog acme',
    'news report',
    'shop.example.org/sum',
    'docs wid',
  ];
}

export interface Measured {
  searchP50: number;
  searchP95: number;
  searchMax: number;
  searchSortedP95: number;
  listP95: number;
  facetsMs: number;
  facetsAllMs: number;
  /** At rest after the queries: once the backend's quiet trim has run (malloc-trim.ts). */
  rssMb: number;
  rssBaseMb: number;
  /** Where the memory is at rest after the first profile's queries (see process-memory.ts). */
  memory: MemoryBreakdown;
  /** Right after the last query, before the quiet trim. */
  busy: MemoryBreakdown;
  /** The quiet trim's own record (null where there is no malloc_trim). */
  trim: TrimRecord | null;
  /** A second profile of the same 100,000 links opened beside the first, after its queries (at rest). */
  second: { indexBuildMs: number; memory: MemoryBreakdown; addedMb: number } | null;
  /** Opening the mirror to its in-memory link index being current (built between turns). */
  indexBuildMs: number;
  links: number;
  /** Per alternating round, p95 ms of each side (see ratioRounds). */
  rounds: RatioRound[];
}

/** One round of the ratio measures: the p95 of each side, in ms. */
export interface RatioRound {
  fts: number;
  list: number;
  sortedSearch: number;
  page: number;
  facets: number;
}

/** Rounds of the ratio measures; each side runs in every round, alternating (issue 15). */
export const RATIO_ROUNDS = 3;
/** Passes over the searches per round: ~300 calls per side, so a p95 is not one call's time. */
const PASSES = 3;

/**
 * The ratio measures (issue 15), in the same process on the same data, alternating sides:
 * - fts: the bare FTS5 prefix query that finds the same first 50 rows as the search (their
 *   rowids, newest first, straight from links_fts), the limit of any search here;
 * - list: the links:list handler as the renderer calls it (router: validation, then the
 *   mirror), the first window of a search as you type: rows and total;
 * - sortedSearch: the same searches sorted by clicks or by title;
 * - page: a list page with sort and filter, no search (the six pages in turn);
 * - facets: links:facets for the same searches and for every link (each a miss of its cache).
 * Every side has the same number of calls: the page side had 18 a round, so its "p95" was the
 * slowest call, which on a loaded machine is a preemption more than the handler.
 */
async function ratioRounds(data: ReturnType<typeof openProfileData>): Promise<RatioRound[]> {
  const handlers = {
    'links:list': async (query: MirrorLinkQuery) => data.mirror.links(query),
    'links:facets': async (query: MirrorLinkQuery) => data.mirror.facets(query),
  } as unknown as Handlers;
  const router = createRouter(handlers);
  const queries = searchQueries();
  const timed = async (run: () => unknown): Promise<number> => {
    const start = performance.now();
    const result = await run();
    const ms = performance.now() - start;
    if (result && typeof result === 'object' && 'ok' in result && result.ok !== true)
      throw new Error(`a handler failed: ${JSON.stringify(result).slice(0, 300)}`);
    return ms;
  };
  const bare = async (q: string) => {
    const match = ftsQuery(q) as string;
    return timed(() => data.sql.all('SELECT rowid FROM links_fts WHERE links_fts MATCH ? ORDER BY rowid DESC LIMIT 50', [match]));
  };
  const list = (arg: MirrorLinkQuery) => timed(() => router.dispatch('links:list', arg));
  const first = (q: string, sort: MirrorLinkQuery['sort'] = 'date'): MirrorLinkQuery => ({ q, sort, direction: sort === 'title' ? 'asc' : 'desc', offset: 0, limit: 50 });
  const pages: MirrorLinkQuery[] = [
    { sort: 'clicks', direction: 'desc', filters: { channel: 3 } },
    { sort: 'date', direction: 'desc', filters: { domain: '127.0.0.1:4000', channel: 'none' } },
    { sort: 'title', direction: 'asc', filters: { status: 'private' } },
    { sort: 'date', direction: 'desc', filters: { expired: false }, offset: 5_000 },
    { sort: 'clicks', direction: 'desc', offset: 50_000 },
    { sort: 'title', direction: 'asc' },
  ];
  // Each side takes PASSES × every search (101 calls) per round, the sides interleaved call by
  // call, so a change of the machine's load falls on all of them alike; each side reads a
  // different search at each step, far enough apart that no side finds the search an earlier
  // side just made in the word index's small cache of recent searches.
  const facetQueries = [...queries, ''];
  const steps = facetQueries.length;
  const at = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
  const facets = (q: string) => timed(() => router.dispatch('links:facets', q ? { q } : {}));
  const pass = async (times: Record<keyof RatioRound, number[]> | null) => {
    for (let i = 0; i < steps; i++) {
      const sorted = at(queries, i + 32);
      const sample = {
        fts: await bare(at(queries, i)),
        list: await list(first(at(queries, i))),
        sortedSearch: await list(first(sorted, queries.indexOf(sorted) % 2 === 0 ? 'clicks' : 'title')),
        page: await list({ ...at(pages, i), limit: 50 }),
        facets: await facets(at(facetQueries, i + 64)),
      };
      if (times) for (const side of Object.keys(sample) as Array<keyof RatioRound>) times[side].push(sample[side]);
    }
  };
  // One pass unmeasured: each handler's code is compiled before the rounds, as in a running app.
  await pass(null);
  const rounds: RatioRound[] = [];
  for (let round = 0; round < RATIO_ROUNDS; round++) {
    const times: Record<keyof RatioRound, number[]> = { fts: [], list: [], sortedSearch: [], page: [], facets: [] };
    for (let n = 0; n < PASSES; n++) await pass(times);
    rounds.push({
      fts: percentile(times.fts, 95),
      list: percentile(times.list, 95),
      sortedSearch: percentile(times.sortedSearch, 95),
      page: percentile(times.page, 95),
      facets: percentile(times.facets, 95),
    });
  }
  return rounds;
}

/** The queries views make, timed: searches as you type, sorted searches, list pages, facets. */
function exercise(data: ReturnType<typeof openProfileData>) {
  const time = (query: MirrorLinkQuery) => {
    const start = performance.now();
    data.mirror.links(query);
    return performance.now() - start;
  };
  const queries = searchQueries();
  for (const q of queries) time({ q }); // warm the page cache once, as a running app has it
  const search: number[] = [];
  const sorted: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const q of queries) {
      search.push(time({ q, limit: 50 }));
      sorted.push(time({ q, limit: 50, sort: round % 2 === 0 ? 'clicks' : 'title' }));
    }
  }
  const listQueries: MirrorLinkQuery[] = [
    { sort: 'date' },
    { sort: 'clicks' },
    { sort: 'title', direction: 'asc' },
    { sort: 'clicks', filters: { channel: 3 } },
    { sort: 'date', filters: { domain: '127.0.0.1:4000', channel: 'none' } },
    { sort: 'title', filters: { status: 'private' } },
    { sort: 'date', filters: { expired: false }, offset: 5_000 },
    { sort: 'clicks', offset: 50_000 },
  ];
  const list: number[] = [];
  for (let round = 0; round < 10; round++)
    for (const q of listQueries) list.push(time({ ...q, limit: 50 }));
  const facetsStart = performance.now();
  data.mirror.facets({ q: 'spring' });
  const facetsMs = performance.now() - facetsStart;
  const facetsAllStart = performance.now();
  data.mirror.facets({});
  const facetsAllMs = performance.now() - facetsAllStart;
  return { search, sorted, list, facetsMs, facetsAllMs };
}

/** Opens a profile's mirror and waits for its in-memory index; answers the build's time. */
async function openReady(dir: string): Promise<{ data: ReturnType<typeof openProfileData>; indexBuildMs: number }> {
  const data = openProfileData(dir);
  // A running app has its in-memory link index (built in the background after the mirror
  // opens, see link-index.ts); until then SQL answers. Its build time is reported apart.
  const indexStart = performance.now();
  await data.mirror.linkIndexReady();
  return { data, indexBuildMs: performance.now() - indexStart };
}

/**
 * Child: opens the filled mirror in a fresh process and times the queries views make; then, when
 * `secondDir` is given (a copy of the same mirror), opens it beside the first as a second
 * profile, runs the same queries on it, and measures what it added.
 */
export async function measure(dir: string, secondDir?: string): Promise<Measured> {
  const base = processMemory();
  const { data, indexBuildMs } = await openReady(dir);
  const t = exercise(data);
  const rounds = await ratioRounds(data);
  // Right after the queries, then at rest: the backend trims malloc's arena once it has been
  // quiet for a second (malloc-trim.ts), as it does in the app between a person's searches.
  const busy = processMemory();
  const trim = await nextQuietTrim();
  const memory = processMemory();
  let second: Measured['second'] = null;
  if (secondDir) {
    const other = await openReady(secondDir);
    exercise(other.data);
    await ratioRounds(other.data);
    await nextQuietTrim();
    const both = processMemory();
    second = { indexBuildMs: other.indexBuildMs, memory: both, addedMb: both.rssMb - memory.rssMb };
    other.data.close();
  }
  const result: Measured = {
    searchP50: percentile(t.search, 50),
    searchP95: percentile(t.search, 95),
    searchMax: Math.max(...t.search),
    searchSortedP95: percentile(t.sorted, 95),
    listP95: percentile(t.list, 95),
    facetsMs: t.facetsMs,
    facetsAllMs: t.facetsAllMs,
    rssMb: memory.rssMb,
    rssBaseMb: base.rssMb,
    memory,
    busy,
    trim,
    second,
    indexBuildMs,
    links: data.mirror.linkCount(),
    rounds,
  };
  data.close();
  return result;
}
