import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, watch } from 'vue';
import { call, onEvent } from '../bridge.js';
import { afterNextPaint } from '../composables/after-next-paint.js';
import { asMirrorLinkPage, isRecord } from '../composables/shape.js';
import type { LinkFacets, LinkSort, MirrorLink, MirrorLinkFilters, MirrorLinkQuery } from '../../../electron/shared/models.js';
import { DEFAULT_DIRECTION, DEFAULT_SORT, FIRST_ROWS } from './links-first-window.js';
import type { LoadStatus } from './load-status.js';
import { useProfilesStore } from './profiles.js';

/** Rows per `links:list` window: a few screens, well under the backend's cap of 500. */
export const PAGE_SIZE = 200;
export { FIRST_ROWS } from './links-first-window.js';
/** Rows beyond the visible ones that are fetched ahead, so a scroll rarely meets an empty row. */
export const PREFETCH_ROWS = 60;
/** Pages kept in memory: enough to scroll back and forth, small enough for 100,000 links. */
export const MAX_CACHED_PAGES = 24;
/** The query text a search waits for while the user types fast. */
export const SEARCH_DELAY_MS = 80;
/**
 * How long a query's first rows stay on screen unchanged before the rest of its first window
 * (rows 50–199) is asked for. A typist's next key comes sooner (~170 ms apart at 6 keys/s, the
 * rows painted ~25 ms after a key), so while typing only each query's first rows are read: the
 * rest's answer (three times the first's size) no longer lands beside the next key's, on the
 * backend's core or the page's main thread (issue 43). Scrolling asks for it at once (ensureRange).
 */
export const REST_DELAY_MS = 200;
/**
 * A partial window (first rows only) is completed at once when the list is scrolled down
 * (a fling covers ~4 rows a frame: the rest must be on its way before row 50 is reached), or
 * when the rows on screen come this close to its last row without a scroll (a tall window):
 * the rows a search first shows (~15–25 with the virtual list's overscan) do not ask for it.
 */
export const PARTIAL_MARGIN_ROWS = 20;

export type SortDirection = 'asc' | 'desc';

/** Resolves after `ms` (a timer, so the rest waits for a pause in typing, not for a frame). */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The Links workspace: one query (search, sort, filters) over the whole mirror, read in windows
 * as the list scrolls. Pages live in a plain Map (not reactive: 100,000 proxied rows would cost
 * memory and time); `version` is bumped when a page lands so the rows re-render.
 */
export const useLinksWorkspaceStore = defineStore('links-workspace', () => {
  const profiles = useProfilesStore();
  const q = ref('');
  const sort = ref<LinkSort>(DEFAULT_SORT);
  const direction = ref<SortDirection>(DEFAULT_DIRECTION);
  const filters = reactive<MirrorLinkFilters>({});
  const total = ref(0);
  const unknown = ref(0);
  const syncedAt = ref<number | null>(null);
  const status = ref<LoadStatus>('idle');
  const error = ref<unknown>(null);
  const facets = shallowRef<LinkFacets | null>(null);
  /** Bumped whenever a page arrives or the query is reset: the rows depend on it. */
  const version = ref(0);
  /** Bumped when the first rows of a new query replace the old ones (the list then goes to the top). */
  const shownQuery = ref(0);

  let pages = new Map<number, MirrorLink[]>();
  /** Pages holding only their first rows (FIRST_ROWS) until the whole window arrives. */
  let partial = new Set<number>();
  let inflight = new Map<number, Promise<void>>();
  let generation = 0;
  let lastRange: [number, number] = [0, 0];
  let facetsGeneration = 0;
  /** The query the counts in `facets` belong to (see queryKey); null once the mirror changed. */
  const facetsKey = shallowRef<string | null>(null);

  const activeFilterCount = computed(() => Object.values(filters).filter((v) => v !== undefined).length);

  /** The query as the backend takes it, without the window. */
  function baseQuery(): MirrorLinkQuery {
    const query: MirrorLinkQuery = { sort: sort.value, direction: direction.value };
    const text = q.value.trim();
    if (text) query.q = text;
    const f: MirrorLinkFilters = {};
    for (const [key, value] of Object.entries(filters) as Array<[keyof MirrorLinkFilters, unknown]>) {
      if (value !== undefined) (f as Record<string, unknown>)[key] = value;
    }
    if (Object.keys(f).length) query.filters = f;
    return query;
  }

  function rowAt(index: number): MirrorLink | undefined {
    void version.value;
    return pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
  }

  /** Whether the row at this index has been read (for selection ranges and the keyboard). */
  function isLoaded(index: number): boolean {
    const page = pages.get(Math.floor(index / PAGE_SIZE));
    return page !== undefined && (!partial.has(Math.floor(index / PAGE_SIZE)) || index % PAGE_SIZE < page.length);
  }

  /**
   * Reads one window; `limit` below PAGE_SIZE reads only its first rows (a partial page). A
   * partial page asks only for the rows it lacks (rows 50–199 after the first 50), not for the
   * whole window again: the rows shown keep their objects and the answer is three quarters the
   * size. Both answers belong to one generation of one query: a mirror change or a new query
   * bumps `generation` and the answer is dropped, so the two halves cannot come from two states.
   */
  function fetchPage(page: number, mine: number, fresh: boolean, limit = PAGE_SIZE): Promise<void> {
    const existing = inflight.get(page);
    if (existing) return existing;
    const shown = !fresh && partial.has(page) ? pages.get(page) : undefined;
    const have = shown?.length ?? 0;
    const want = Math.min(limit, PAGE_SIZE) - have;
    const run = async () => {
      try {
        const answer = asMirrorLinkPage(await call('links:list', { ...baseQuery(), offset: page * PAGE_SIZE + have, limit: want }));
        if (mine !== generation) return;
        if (fresh) {
          // A new query: swap the whole cache at once so the old rows stay until the new ones are here.
          pages = new Map();
          partial = new Set();
          shownQuery.value++;
        }
        // The rest of a partial page joins its first rows only while they are still the page
        // (evicted meanwhile: the rows alone would land at the wrong indices, so they are dropped).
        if (shown && pages.get(page) !== shown) return;
        const rows = shown ? shown.concat(answer.items) : answer.items;
        pages.set(page, rows);
        // A short answer is the whole window when the query has no more rows.
        if (rows.length < PAGE_SIZE && answer.items.length === want && page * PAGE_SIZE + rows.length < answer.total) partial.add(page);
        else partial.delete(page);
        total.value = answer.total;
        unknown.value = answer.unknown;
        syncedAt.value = answer.syncedAt;
        status.value = 'ready';
        error.value = null;
        evict();
        // The rest of a partial window (rows 50–199 of a query) whose rows all lie below the rows
        // drawn changes nothing on screen: the list is not drawn again for it (issue 43: ~85 KB a
        // query, often landing beside the next keystroke). A scroll down makes the virtual list
        // read its new rows through `rowAt` anyway, so they are there when they are drawn.
        if (!shown || lastRange[1] >= page * PAGE_SIZE + have) version.value++;
      } catch (e) {
        if (mine !== generation) return;
        error.value = e;
        status.value = 'error';
      }
    };
    const promise = run().finally(() => {
      if (inflight.get(page) === promise) inflight.delete(page);
    });
    inflight.set(page, promise);
    return promise;
  }

  /** Drops the pages farthest from what is on screen once the cache is full. */
  function evict(): void {
    if (pages.size <= MAX_CACHED_PAGES) return;
    const centre = Math.floor((lastRange[0] + lastRange[1]) / 2 / PAGE_SIZE);
    const byDistance = [...pages.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const page of byDistance.slice(0, pages.size - MAX_CACHED_PAGES)) {
      pages.delete(page);
      partial.delete(page);
    }
  }

  /** Whether the rows on screen (up to `end`) come near the last row a partial window holds. */
  function nearPartialEnd(page: number, end: number): boolean {
    const held = page * PAGE_SIZE + (pages.get(page)?.length ?? 0);
    return end + PARTIAL_MARGIN_ROWS >= held;
  }

  /** The list shows rows [start, end]: fetch the windows they (and a little beyond) fall in. */
  function ensureRange(start: number, end: number): Promise<void> {
    lastRange = [start, end];
    if (status.value === 'idle') return Promise.resolve();
    // A new query's rows are shown from the top: a first row past 0 (the virtual list draws 5
    // rows above the screen) means the list has been scrolled down.
    const scrolled = start > 0;
    const last = Math.max(0, total.value - 1);
    const from = Math.floor(Math.max(0, start - PREFETCH_ROWS) / PAGE_SIZE);
    const to = Math.floor(Math.min(last, end + PREFETCH_ROWS) / PAGE_SIZE);
    const waits: Promise<void>[] = [];
    for (let page = from; page <= to; page++) {
      if (!pages.has(page) || (partial.has(page) && (scrolled || nearPartialEnd(page, end)))) waits.push(fetchPage(page, generation, false));
    }
    return Promise.all(waits).then(() => undefined);
  }

  /** Reads the query again from the top (new search, sort or filter, or a mirror change). */
  function reload(opts: { keepWindow?: boolean } = {}): Promise<void> {
    const mine = ++generation;
    inflight = new Map();
    if (status.value === 'idle' || status.value === 'error') status.value = 'loading';
    if (opts.keepWindow) {
      // A mirror change: read the windows on screen again, in place, so the list does not jump.
      const first = Math.floor(lastRange[0] / PAGE_SIZE);
      const lastPage = Math.floor(lastRange[1] / PAGE_SIZE);
      const waits = [fetchPage(first, mine, true)];
      for (let page = first + 1; page <= lastPage; page++) waits.push(fetchPage(page, mine, false));
      return Promise.all(waits).then(() => undefined);
    }
    // The list goes to the top with the new rows, as many rows drawn as before: what the rest of
    // the window is checked against (fetchPage) until the list tells its range again.
    lastRange = [0, lastRange[1] - lastRange[0]];
    // The first rows alone, then, once they are painted and the query has stayed the same for
    // REST_DELAY_MS (the user stopped typing), the rest of the window, unless the next query
    // came first: its answer must not hold up the frame that shows the first rows, nor the next
    // keystroke's answer. A scroll towards row 50 asks for it sooner (ensureRange).
    return fetchPage(0, mine, true, FIRST_ROWS)
      .then(() => afterNextPaint())
      .then(() => (mine === generation && partial.has(0) ? delay(REST_DELAY_MS) : undefined))
      .then(() => {
        if (mine === generation && partial.has(0)) return fetchPage(0, mine, false);
      });
  }

  const queryKey = () => JSON.stringify(baseQuery());

  /**
   * The filter menus' counts, read when a menu opens rather than after every keystroke: they
   * cost the backend up to ~150 ms over 100,000 links, time a search typed meanwhile would wait.
   * Kept while the query is the same.
   */
  async function loadFacets(): Promise<void> {
    const key = queryKey();
    if (key === facetsKey.value && facets.value) return;
    const mine = ++facetsGeneration;
    try {
      const answer = await call('links:facets', baseQuery());
      if (mine !== facetsGeneration || !isRecord(answer) || key !== queryKey()) return;
      facets.value = answer;
      facetsKey.value = key;
    } catch {
      // Counts are a help, not the list: the filters still work without them.
    }
  }

  /** The counts shown are those of the current query, or none (not those of another query). */
  const currentFacets = computed(() => (facetsKey.value === queryKey() ? facets.value : null));

  function setQuery(text: string): Promise<void> {
    q.value = text;
    return reload();
  }

  function setSort(next: LinkSort, dir?: SortDirection): Promise<void> {
    sort.value = next;
    direction.value = dir ?? (next === 'title' ? 'asc' : 'desc');
    return reload();
  }

  function setFilter<K extends keyof MirrorLinkFilters>(key: K, value: MirrorLinkFilters[K] | undefined): Promise<void> {
    if (value === undefined) delete filters[key];
    else filters[key] = value;
    return reload();
  }

  function clearFilters(): Promise<void> {
    for (const key of Object.keys(filters) as Array<keyof MirrorLinkFilters>) delete filters[key];
    return reload();
  }

  /** Every id matching the query (for "select all matching"), read in the largest windows the backend gives. */
  async function allMatchingIds(): Promise<number[]> {
    const ids: number[] = [];
    const query = baseQuery();
    for (let offset = 0; ; offset += 500) {
      const answer = asMirrorLinkPage(await call('links:list', { ...query, offset, limit: 500 }));
      for (const item of answer.items) ids.push(item.id);
      if (answer.items.length < 500 || offset + 500 >= answer.total) break;
    }
    return ids;
  }

  /** Asks the sync to read the links again from the service (the mirror answers meanwhile). */
  async function refresh(): Promise<void> {
    try {
      await call('sync:refresh', { view: { kind: 'links', sort: 'date' } });
    } catch {
      // Offline or out of budget: the freshness line says how old the mirror is.
    }
  }

  /** Opens the workspace: first window and the counts. */
  function open(): Promise<void> {
    if (status.value === 'idle') status.value = 'loading';
    void refresh();
    return reload();
  }


  onEvent('mirror:changed', (payload) => {
    if (status.value === 'idle' || !payload || !Array.isArray(payload.topics)) return;
    if (!payload.topics.includes('links') && !payload.topics.includes('outbox')) return;
    if (profiles.currentId && payload.profileId !== profiles.currentId) return;
    facetsKey.value = null;
    void reload({ keepWindow: true });
  });

  watch(
    () => profiles.currentId,
    (now, before) => {
      if (now === before) return;
      const wasOpen = status.value !== 'idle';
      generation++;
      pages = new Map();
      partial = new Set();
      inflight = new Map();
      total.value = 0;
      syncedAt.value = null;
      facets.value = null;
      facetsKey.value = null;
      status.value = 'idle';
      version.value++;
      if (now && wasOpen) void open();
    },
  );

  return {
    q,
    sort,
    direction,
    filters,
    total,
    unknown,
    syncedAt,
    status,
    error,
    facets: currentFacets,
    version,
    shownQuery,
    activeFilterCount,
    rowAt,
    isLoaded,
    ensureRange,
    reload,
    setQuery,
    setSort,
    setFilter,
    clearFilters,
    allMatchingIds,
    loadFacets,
    open,
    refresh,
  };
});
