import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyChannelPass,
  DOMAINS,
  replaceChannelItems,
  replaceCollection,
} from '../../../electron/backend/mirror/collections.js';
import { storeLinkDetails } from '../../../electron/backend/mirror/link-writes.js';
import type { LinkDetails } from '../../../electron/shared/models.js';
import { orderSql } from '../../../electron/backend/mirror/link-query.js';
import { link, store, tempProfileData } from './support/temp-mirror.js';

/*
 * The mirror's list answers: search as you type, sort, paging, filters (with unknown values
 * kept apart), facets, freshness, and what list and details reads store.
 */

let data: ReturnType<typeof tempProfileData>;
const NOW = Date.UTC(2026, 5, 1);
const clock = { now: () => NOW };

beforeEach(() => {
  data = tempProfileData({ clock });
});
afterEach(() => data.dispose());

const details = (id: number, extra: Partial<LinkDetails> = {}): LinkDetails => {
  const { clicks: _clicks, ...summary } = link(id);
  return {
    ...summary,
    location: {},
    device: {},
    expiry: null,
    stats: {
      clicks: 3,
      uniqueClicks: 2,
      topCountries: { Germany: 2 },
      topReferrers: {},
      topBrowsers: {},
      topOs: {},
      socialCount: {},
    },
    ...extra,
  };
};

describe('search', () => {
  beforeEach(() => {
    store(data, [
      link(1, { title: 'Spring sale', longUrl: 'https://shop.example.com/spring?utm=mail' }),
      link(2, { title: 'Café crème recipes', longUrl: 'https://food.example.org/cafe' }),
      link(3, {
        title: 'Summer',
        description: 'Note about the spring launch',
        alias: 'summer-2026',
      }),
      link(4, { title: 'Winter', longUrl: 'https://other.test/w' }),
    ]);
  });

  const ids = (q: string) => data.mirror.links({ q }).items.map((l) => l.id);

  it('finds word prefixes as the user types, newest first', () => {
    expect(ids('s')).toEqual([4, 3, 2, 1]); // every short URL has "s.test"
    expect(ids('spr')).toEqual([3, 1]);
    expect(ids('sprin sal')).toEqual([1]);
    expect(ids('summer-20')).toEqual([3]);
  });

  it('matches without accents and across case', () => {
    expect(ids('CAFE')).toEqual([2]);
    expect(ids('crème')).toEqual([2]);
  });

  it('finds a pasted URL fragment and a short URL', () => {
    expect(ids('shop.example.com/spr')).toEqual([1]);
    expect(ids('https://s.test/a4')).toEqual([4]);
  });

  it('takes FTS5 syntax characters as text and never fails', () => {
    for (const q of [
      '"',
      'spring"',
      'NEAR(',
      'AND',
      'OR spring',
      '*',
      'title:spring',
      '(',
      '^s',
      '-',
      'a:b:c',
    ]) {
      expect(() => data.mirror.links({ q })).not.toThrow();
    }
    expect(ids('title:spring')).toEqual([]);
    expect(ids('"spring"')).toEqual([3, 1]);
  });

  it('falls back to a substring match for text without words', () => {
    store(data, [link(5, { title: '100% /// off' })]);
    expect(ids('///')).toEqual([5]);
  });

  it('counts all matches, not just the window', () => {
    const page = data.mirror.links({ q: 's', limit: 2 });
    expect(page).toMatchObject({ total: 4, offset: 0, limit: 2, source: 'mirror' });
    expect(page.items.map((l) => l.id)).toEqual([4, 3]);
    expect(data.mirror.links({ q: 's', limit: 2, offset: 2 }).items.map((l) => l.id)).toEqual([
      2, 1,
    ]);
  });

  it('keeps the index in step with edits and deletions', () => {
    store(data, [link(4, { title: 'Autumn' })]);
    expect(ids('winter')).toEqual([]);
    expect(ids('autumn')).toEqual([4]);
    data.mirror.write(['links'], () => data.sql.run('DELETE FROM links WHERE id = 4'));
    expect(ids('autumn')).toEqual([]);
  });
});

describe('sort and paging', () => {
  beforeEach(() => {
    store(data, [
      link(1, { clicks: 5, title: 'banana' }),
      link(2, { clicks: 50, title: 'Apple' }),
      link(3, { clicks: 5, title: 'cherry' }),
      // Same second as 3: the service's id order breaks the tie.
      link(4, { clicks: 0, title: 'apricot', date: link(3).date }),
    ]);
  });
  const order = (q: Parameters<typeof data.mirror.links>[0]) =>
    data.mirror.links(q).items.map((l) => l.id);

  it('sorts by date, clicks and title, both ways', () => {
    expect(order({})).toEqual([4, 3, 2, 1]);
    expect(order({ direction: 'asc' })).toEqual([1, 2, 3, 4]);
    expect(order({ sort: 'clicks' })).toEqual([2, 3, 1, 4]);
    expect(order({ sort: 'clicks', direction: 'asc' })).toEqual([4, 1, 3, 2]);
    expect(order({ sort: 'title', direction: 'asc' })).toEqual([2, 4, 1, 3]);
    expect(order({ sort: 'title', q: 'ap' })).toEqual([4, 2]);
  });

  it('sorts by alias, destination and state (what needs a look first), both ways, walking their indexes', () => {
    store(data, [
      link(5, { alias: 'Zeta', longUrl: 'https://b.example/1' }),
      link(6, { alias: 'alpha', longUrl: 'https://A.example/2' }),
    ]);
    const set = (id: number, columns: string) => data.sql.run(`UPDATE links SET ${columns} WHERE id = ?`, [id]);
    set(1, "failed = 'refused'");
    set(2, "pending = 'update'");
    set(3, "expiry_known = 1, expiry = '2030-01-01 00:00:00'");
    set(4, 'password = 1');
    set(5, "status = 'private'");
    // Aliases without regard to case; ties (none here) by date.
    expect(order({ sort: 'alias', direction: 'asc' })).toEqual([1, 2, 3, 4, 6, 5]);
    expect(order({ sort: 'alias' })).toEqual([5, 6, 4, 3, 2, 1]);
    expect(order({ sort: 'url', direction: 'asc' })).toEqual([6, 5, 1, 2, 3, 4]);
    expect(order({ sort: 'state' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(order({ sort: 'state', direction: 'asc' })).toEqual([6, 5, 4, 3, 2, 1]);
    // The same orders through the search and filter plans.
    expect(order({ sort: 'state', q: 'example' })).toEqual([1, 2, 3, 4, 5, 6]);
    expect(order({ sort: 'alias', filters: { outbox: 'any' } })).toEqual([2, 1]);
    // 100,000 links: the window is read along the index, not sorted whole.
    for (const [sort, index] of [['alias', 'links_alias'], ['url', 'links_url'], ['state', 'links_state']] as const) {
      const plan = data.sql
        .all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT id FROM links l ORDER BY ${orderSql(sort)} LIMIT 50`)
        .map((r) => r.detail)
        .join(' | ');
      expect(plan, sort).toContain(index);
      expect(plan, sort).not.toContain('TEMP B-TREE');
    }
  });

  it('pages through a sort with offset and limit', () => {
    expect(order({ sort: 'clicks', offset: 1, limit: 2 })).toEqual([3, 1]);
    expect(data.mirror.links({ limit: 100_000 }).limit).toBe(500);
  });
});

describe('filters and unknown values', () => {
  beforeEach(() => {
    store(
      data,
      [link(1), link(2), link(3), link(4, { shortUrl: 'https://go.brand.test/x' })],
      NOW - 1000,
    );
    data.mirror.write(['links'], () => {
      storeLinkDetails(
        data.sql,
        details(1, {
          status: 'public',
          passwordProtected: false,
          channel: null,
          campaign: 7,
          expiry: '2026-01-01 00:00:00',
        }),
        NOW,
      );
      storeLinkDetails(
        data.sql,
        details(2, {
          status: 'private',
          passwordProtected: true,
          campaign: null,
          expiry: '2030-01-01 00:00:00',
        }),
        NOW,
      );
    });
  });
  const ids = (filters: Parameters<typeof data.mirror.links>[0]) =>
    data.mirror.links(filters).items.map((l) => l.id);

  it('keeps only links known to match; the unknown ones are counted apart', () => {
    const page = data.mirror.links({ filters: { campaign: 7 } });
    expect(page.items.map((l) => l.id)).toEqual([1]);
    expect(page.unknown).toBe(2); // links 3 and 4: details never read
    expect(ids({ filters: { campaign: 'none' } })).toEqual([2]);
    expect(ids({ filters: { status: 'private' } })).toEqual([2]);
    expect(ids({ filters: { password: false } })).toEqual([1]);
    expect(ids({ filters: { expired: true } })).toEqual([1]);
    expect(ids({ filters: { expired: false } })).toEqual([2]);
    expect(data.mirror.links({ filters: { expired: false, status: 'public' } })).toMatchObject({
      total: 0,
      unknown: 2,
    });
  });

  it('says which fields of a link are unknown', () => {
    expect(data.mirror.link(1)).toMatchObject({
      unknown: [],
      status: 'public',
      expired: true,
      campaignId: 7,
      channelId: null,
    });
    expect(data.mirror.link(3)).toMatchObject({
      unknown: ['channel', 'campaign', 'status', 'password', 'expired'],
      expired: null,
      status: null,
    });
  });

  it("knows every link's channel after a pass over the channels' items", () => {
    expect(data.mirror.links({ filters: { channel: 'none' } })).toMatchObject({
      total: 1,
      unknown: 3,
    });
    data.mirror.write(['links'], () => {
      replaceChannelItems(data.sql, 9, [
        { type: 'links', id: 3, title: '', preview: '', link: '', date: '2026-01-01' },
      ]);
      applyChannelPass(data.sql, NOW + 1);
    });
    expect(ids({ filters: { channel: 9 } })).toEqual([3]);
    expect(data.mirror.links({ filters: { channel: 'none' } })).toMatchObject({
      total: 3,
      unknown: 0,
    });
  });

  it("filters by the short URL's domain, always known", () => {
    expect(ids({ filters: { domain: 'go.brand.test' } })).toEqual([4]);
    expect(ids({ filters: { domain: 'https://s.test' } })).toEqual([3, 2, 1]);
  });

  it('counts per filter value under the search and the other filters', () => {
    const facets = data.mirror.facets({ filters: { status: 'public' } });
    expect(facets.status.values).toEqual(
      expect.arrayContaining([
        { value: 'public', count: 1 },
        { value: 'private', count: 1 },
      ]),
    );
    expect(facets.status.unknown).toBe(2);
    // Other facets count under status = public: link 1 only.
    expect(facets.campaign).toEqual({ values: [{ value: 7, count: 1 }], unknown: 0 });
    expect(facets.domain.values).toEqual([{ value: 's.test', count: 1 }]);
    expect(facets.expired).toEqual({ values: [{ value: true, count: 1 }], unknown: 0 });
    const all = data.mirror.facets({});
    expect(all.domain.values).toEqual([
      { value: 's.test', count: 3 },
      { value: 'go.brand.test', count: 1 },
    ]);
    expect(all.outbox.values).toEqual([
      { value: 'pending', count: 0 },
      { value: 'failed', count: 0 },
    ]);
    expect(data.mirror.facets({ q: 'page 4' }).domain.values).toEqual([
      { value: 'go.brand.test', count: 1 },
    ]);
  });
});

describe('what reads store', () => {
  it('records click changes seen in lists as chart points, and keeps pending rows as the user left them', () => {
    store(data, [link(1, { clicks: 1 })], NOW - 1000);
    store(data, [link(1, { clicks: 4 })], NOW);
    expect(data.mirror.snapshots(1)).toEqual([
      { at: NOW, clicks: 4, uniqueClicks: null, stats: null, source: 'list' },
    ]);
    data.sql.run(`UPDATE links SET pending = 'update', title = 'Mine' WHERE id = 1`);
    store(data, [link(1, { clicks: 6, title: 'Theirs' })], NOW + 1);
    expect(data.mirror.link(1)).toMatchObject({ title: 'Mine', clicks: 6 });
  });

  it('keeps every details read as a snapshot and the last details whole', () => {
    store(data, [link(1)]);
    const first = details(1, {
      metaTitle: 'Meta',
      deepLink: { apple: 'https://apps.apple.com/x' },
    });
    data.mirror.write(['links'], () => storeLinkDetails(data.sql, first, NOW - 10 * 60_000));
    data.mirror.write(['links'], () =>
      storeLinkDetails(
        data.sql,
        { ...first, stats: { ...first.stats, clicks: 9, uniqueClicks: 5 } },
        NOW,
      ),
    );
    const read = data.mirror.linkDetails(1)!;
    expect(read.details).toEqual({
      ...first,
      stats: { ...first.stats, clicks: 9, uniqueClicks: 5 },
    });
    expect(read.snapshots.map((s) => [s.clicks, s.uniqueClicks, s.source])).toEqual([
      [3, 2, 'details'],
      [9, 5, 'details'],
    ]);
    expect(read).toMatchObject({ fetchedAt: NOW, stale: false, source: 'mirror', syncedAt: NOW });
    expect(data.mirror.linkDetails(1, 0)).toMatchObject({ stale: false });
    expect(data.mirror.linkDetails(2)).toBeNull();
  });

  it('answers with the time of the last sync', () => {
    expect(data.mirror.links({}).syncedAt).toBeNull();
    data.mirror.markSynced('links', NOW);
    expect(data.mirror.links({})).toMatchObject({ source: 'mirror', syncedAt: NOW });
  });
});

describe('reuse', () => {
  beforeEach(() => {
    data.mirror.write(['domains'], () =>
      replaceCollection(
        data.sql,
        DOMAINS,
        [{ id: 1, domain: 'https://go.brand.test', redirectRoot: '', redirect404: '' }],
        NOW,
      ),
    );
    store(data, [
      link(1, { longUrl: 'https://example.com/a' }),
      link(2, { longUrl: 'https://example.com/a', shortUrl: 'https://go.brand.test/b' }),
      link(3, { longUrl: 'https://Example.com' }),
      link(4, { longUrl: 'https://example.com/expired' }),
    ]);
    data.mirror.write(['links'], () =>
      storeLinkDetails(
        data.sql,
        details(4, { longUrl: 'https://example.com/expired', expiry: '2020-01-01 00:00:00' }),
        NOW,
      ),
    );
  });

  it('offers a link with the same long URL on the same domain', () => {
    expect(data.mirror.findReusable({ url: 'https://example.com/a' })?.id).toBe(1);
    expect(
      data.mirror.findReusable({ url: 'https://example.com/a', domain: 'https://go.brand.test' })
        ?.id,
    ).toBe(2);
    expect(
      data.mirror.findReusable({ url: 'https://example.com/a', domain: 'other.test' }),
    ).toBeNull();
    expect(data.mirror.findReusable({ url: 'https://example.com/' })).toBeNull();
  });

  it('matches the URL as a URL parser writes it, and never offers an expired or departing link', () => {
    data.sql.run(`UPDATE links SET long_url = 'https://example.com/' WHERE id = 3`);
    expect(data.mirror.findReusable({ url: 'HTTPS://EXAMPLE.com' })?.id).toBe(3);
    expect(data.mirror.findReusable({ url: 'https://example.com/expired' })).toBeNull();
    data.sql.run(`UPDATE links SET pending = 'delete' WHERE id = 1`);
    expect(data.mirror.findReusable({ url: 'https://example.com/a' })).toBeNull();
  });
});
