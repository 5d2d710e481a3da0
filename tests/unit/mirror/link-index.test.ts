import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyChannelPass, replaceChannelItems } from '../../../electron/backend/mirror/collections.js';
import { linkFacets } from '../../../electron/backend/mirror/link-facets.js';
import { createLinkIndex, type LinkIndex } from '../../../electron/backend/mirror/link-index.js';
import { queryLinks } from '../../../electron/backend/mirror/link-query.js';
import { storeLinkDetails } from '../../../electron/backend/mirror/link-writes.js';
import type { LinkSort, MirrorLinkFilters, MirrorLinkQuery } from '../../../electron/shared/models.js';
import { link, store, tempProfileData } from './support/temp-mirror.js';

/*
 * The in-memory link index (issue 15) answers exactly as the SQL plans do (same rows in the
 * same order, same totals, unknown counts and facets) and is never used while it is stale.
 */

let data: ReturnType<typeof tempProfileData>;
const NOW_TEXT = '2026-06-01 00:00:00';
const WORDS = ['spring', 'sale', 'summer', 'news', 'report', 'kitchen', 'café', 'github', 'launch'];

beforeEach(() => {
  data = tempProfileData({ baseUrl: 'https://s.test' });
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const links = Array.from({ length: 600 }, (_, i) =>
    link(i + 1, {
      title: `${pick(WORDS)} ${pick(WORDS)} ${i % 7 === 0 ? 'Same title' : ''}`,
      longUrl: `https://${pick(['a.test', 'b.test'])}/${pick(WORDS)}/${i}`,
      // Ties on clicks and titles, so the orders' tie-breaks are tested too.
      clicks: Math.floor(rnd() * 20),
      ...(i % 5 === 0 ? { shortUrl: `https://brand.test/x${i}` } : {}),
    }),
  );
  store(data, links);
  data.mirror.write(['links'], () => {
    replaceChannelItems(data.sql, 2, links.filter((l) => l.id % 4 === 0).map((l) => ({ type: 'links', id: l.id, title: l.title, preview: '', link: l.shortUrl, date: '2025-01-01' })));
    applyChannelPass(data.sql, Date.now());
    for (const l of links.filter((x) => x.id % 3 === 0)) {
      storeLinkDetails(
        data.sql,
        {
          ...l,
          location: {},
          device: {},
          expiry: l.id % 9 === 0 ? '2026-01-01 00:00:00' : l.id % 6 === 0 ? '2027-01-01 00:00:00' : null,
          status: l.id % 2 === 0 ? 'public' : 'private',
          passwordProtected: l.id % 12 === 0,
          stats: { clicks: l.clicks, uniqueClicks: 0, topCountries: {}, topReferrers: {}, topBrowsers: {}, topOs: {}, socialCount: {} },
        },
        Date.now(),
      );
    }
    data.sql.run(`UPDATE links SET pending = 'update' WHERE id % 17 = 0`);
    data.sql.run(`UPDATE links SET failed = 'Refused' WHERE id % 19 = 0`);
    for (const id of [5, 10, 15, 20, 25, 30]) {
      const url = id === 30 ? 'https://moved.test/' : (data.sql.get<{ u: string }>('SELECT long_url AS u FROM links WHERE id = ?', [id])?.u ?? '');
      data.sql.run(`INSERT INTO link_health (link_id, url, checked_at, state, status, chain, time_ms) VALUES (?, ?, 0, ?, 200, '[]', 1)`, [id, url, id % 2 ? 'broken' : 'ok']);
    }
  });
});
afterEach(() => data.dispose());

const FILTERS: MirrorLinkFilters[] = [
  {},
  { channel: 2 },
  { channel: 'none' },
  { domain: 'brand.test' },
  { status: 'private' },
  { password: true },
  { expired: true },
  { expired: false, status: 'public' },
  { outbox: 'any' },
  { outbox: 'failed', channel: 2 },
  { health: 'broken' },
  { health: 'unchecked', password: false },
  { campaign: 'none', channel: 'none', domain: 's.test' },
];
const SEARCHES = ['', 's', 'spr', 'sum report', 'cafe', 'b.test', 'zzz'];
const SORTS: LinkSort[] = ['date', 'clicks', 'title'];

const openIndexes: LinkIndex[] = [];
afterEach(() => {
  for (const index of openIndexes.splice(0)) index.close();
});

/** An index of the temp mirror, built (in the background) before the test reads it. */
async function builtIndex(): Promise<LinkIndex> {
  const index = createLinkIndex(data.sql, { quietMs: 0 });
  openIndexes.push(index);
  await index.ready();
  return index;
}

describe('the in-memory link index', () => {
  it('answers every search, sort, filter and window as the SQL plans do', async () => {
    const index = await builtIndex();
    let compared = 0;
    for (const q of SEARCHES)
      for (const filters of FILTERS)
        for (const sort of SORTS)
          for (const direction of ['asc', 'desc'] as const)
            for (const [offset, limit] of [[0, 50], [30, 7]] as const) {
              const query: MirrorLinkQuery = { q, sort, direction, filters, offset, limit };
              const fast = index.window(query, NOW_TEXT);
              // The plain date order stays with SQL: it reads the window of the rank index.
              const plainDate = sort === 'date' && Object.keys(filters).length === 0 && q === '';
              if (plainDate) expect(fast, JSON.stringify(query)).toBeNull();
              else expect(fast, JSON.stringify(query)).toEqual(queryLinks(data.sql, query, NOW_TEXT));
              compared++;
            }
    expect(compared).toBe(SEARCHES.length * FILTERS.length * SORTS.length * 4);
    // 1,092 SQL plans: ~3 s on an idle machine, near the default 5 s at load 7.
  }, 30_000);

  it('counts the facets as the SQL does', async () => {
    const index = await builtIndex();
    for (const q of SEARCHES)
      for (const filters of FILTERS) {
        const query: MirrorLinkQuery = { q, filters };
        expect(index.facets(query, NOW_TEXT), JSON.stringify(query)).toEqual(linkFacets(data.sql, query, NOW_TEXT));
      }
  });

  it('counts a filtered total again once an expiry passes: the same filters later answer as SQL does then', async () => {
    const index = await builtIndex();
    const before = '2026-12-31 23:59:59';
    const after = '2027-01-01 00:00:00';
    for (const filters of [{ expired: true }, { expired: false, status: 'public' }] as MirrorLinkFilters[])
      for (const nowText of [NOW_TEXT, before, after, before]) {
        const query: MirrorLinkQuery = { filters, sort: 'clicks', limit: 500 };
        expect(index.window(query, nowText), `${JSON.stringify(filters)} at ${nowText}`).toEqual(queryLinks(data.sql, query, nowText));
        expect(index.facets({ filters }, nowText)).toEqual(linkFacets(data.sql, { filters }, nowText));
      }
    // The comparison is not of lists that stay the same.
    const total = (nowText: string) => index.window({ filters: { expired: true }, sort: 'clicks' }, nowText)?.total;
    expect(total(after)).toBeGreaterThan(total(before) as number);
  });

  it('after a write leaves the next call to SQL at once (no build on the call) and answers with the change once built in the background', async () => {
    const index = await builtIndex();
    const query: MirrorLinkQuery = { sort: 'clicks', direction: 'desc', limit: 1 };
    expect(index.window(query, NOW_TEXT)?.items[0]?.clicks).toBeLessThan(1000);
    data.sql.run("UPDATE links SET clicks = 5000, title = 'Zebra crossing' WHERE id = 42");
    // Even with no quiet time to wait for, the call does not build the index: SQL answers it.
    expect(index.window(query, NOW_TEXT)).toBeNull();
    expect(index.facets({ q: 'zebra' }, NOW_TEXT)).toBeNull();
    expect(queryLinks(data.sql, { ...query, q: 'zebra' }, NOW_TEXT).items.map((l) => l.id)).toEqual([42]);
    await index.ready();
    expect(index.window(query, NOW_TEXT)?.items[0]).toMatchObject({ id: 42, clicks: 5000 });
    expect(index.window({ q: 'zebr' }, NOW_TEXT)).toMatchObject({ total: 1, items: [{ id: 42 }] });
  });

  it('is built again after a write through the mirror, and the mirror answers meanwhile', async () => {
    await data.mirror.linkIndexReady();
    store(data, [link(900, { title: 'Brand new quokka' })]);
    expect(data.mirror.links({ q: 'quokka', sort: 'clicks' })).toMatchObject({ total: 1, items: [{ id: 900 }] });
    await data.mirror.linkIndexReady();
    expect(data.mirror.links({ q: 'quok', sort: 'title' })).toMatchObject({ total: 1, items: [{ id: 900 }] });
  });

  it('leaves the sorts it does not keep to SQL', async () => {
    const index = await builtIndex();
    expect(index.window({ sort: 'alias' }, NOW_TEXT)).toBeNull();
  });
});
