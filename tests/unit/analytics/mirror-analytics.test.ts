import { afterEach, describe, expect, it } from 'vitest';
import { readAudience } from '../../../electron/backend/analytics/audience.js';
import { readComparison, readOverview } from '../../../electron/backend/analytics/overview.js';
import { storeLinkDetails } from '../../../electron/backend/mirror/link-writes.js';
import { emptyLinkStats, type LinkDetails } from '../../../electron/shared/models.js';
import { link, store, tempProfileData } from '../mirror/support/temp-mirror.js';

/*
 * The Analytics view's numbers from a real mirror file: readings are kept only when a count
 * changes, totals over time are sums of those readings, gains leave out what a link had before
 * it was first read, and the audience sums the statistics of the links whose details are held.
 */

const H = 3_600_000;
const DAY = 24 * H;
const T0 = Date.UTC(2026, 0, 5); // a Monday, midnight UTC

let data: ReturnType<typeof tempProfileData> | undefined;
afterEach(() => data?.dispose());

const readings = () => data!.sql.all<{ link_id: number; clicks: number; delta: number; first: number }>(
  'SELECT link_id, clicks, delta, first FROM click_readings ORDER BY at, id',
);

function details(id: number, clicks: number, countries: Record<string, number>, referrers: Record<string, number>): LinkDetails {
  const l = link(id, { clicks });
  return {
    ...l,
    expiry: null,
    stats: { ...emptyLinkStats(), clicks, topCountries: countries, topReferrers: referrers, topBrowsers: { Chrome: clicks } },
  } as unknown as LinkDetails;
}

describe('click readings', () => {
  it('are stored only when a link count changed, with the change since the last reading', () => {
    data = tempProfileData();
    store(data, [link(1, { clicks: 4 }), link(2)], T0);
    store(data, [link(1, { clicks: 4 }), link(2)], T0 + H);
    store(data, [link(1, { clicks: 9 }), link(2)], T0 + 2 * H);
    store(data, [link(1, { clicks: 9 }), link(2, { clicks: 1 })], T0 + 3 * H);
    expect(readings()).toEqual([
      { link_id: 1, clicks: 4, delta: 4, first: 1 },
      { link_id: 2, clicks: 0, delta: 0, first: 1 },
      { link_id: 1, clicks: 9, delta: 5, first: 0 },
      { link_id: 2, clicks: 1, delta: 1, first: 0 },
    ]);
  });
});

describe('clicks over time from the mirror', () => {
  it('sums the readings per day: totals at each day end, gains without the clicks from before the first read', async () => {
    data = tempProfileData();
    store(data, [link(1, { clicks: 10 }), link(2, { clicks: 5 })], T0 + H); // day 0: first reads
    store(data, [link(1, { clicks: 13 }), link(2, { clicks: 5 })], T0 + DAY + H); // day 1: +3
    store(data, [link(1, { clicks: 13 }), link(2, { clicks: 9 })], T0 + 3 * DAY + H); // day 3: +4
    const overview = await readOverview(data.mirror, null, { from: T0, to: T0 + 4 * DAY, step: 'day' });
    expect(overview.timeline.source).toBe('mirror');
    expect(overview.timeline.buckets).toEqual([
      { start: T0, total: 15, gained: 0 },
      { start: T0 + DAY, total: 18, gained: 3 },
      { start: T0 + 2 * DAY, total: 18, gained: 0 },
      { start: T0 + 3 * DAY, total: 22, gained: 4 },
    ]);
    expect(overview.clicks).toBe(22);
    expect(overview.top.map((l) => [l.id, l.gained])).toEqual([[2, 4], [1, 3]]);
    // Before the first read the total is not known.
    const earlier = await readOverview(data.mirror, null, { from: T0 - 2 * DAY, to: T0 + DAY, step: 'day' });
    expect(earlier.timeline.buckets.map((b) => b.total)).toEqual([null, null, 15]);
  });

  it('chooses hours for a day, days for a month, weeks for a year, months beyond', async () => {
    data = tempProfileData();
    const steps = [];
    for (const span of [DAY, 30 * DAY, 365 * DAY, 3 * 365 * DAY]) {
      steps.push((await readOverview(data.mirror, null, { from: T0, to: T0 + span })).timeline.step);
    }
    expect(steps).toEqual(['hour', 'day', 'week', 'month']);
  });

  it('names movers (more gained than in the period before) and totals per channel and campaign', async () => {
    data = tempProfileData();
    data.sql.run(`INSERT INTO channels (id, name, stored_at) VALUES (7, 'Social', 0)`);
    store(data, [link(1), link(2), link(3)], T0 - 2 * DAY);
    store(data, [link(1, { clicks: 50 }), link(2), link(3)], T0 - DAY); // link 1 gained before the range
    store(data, [link(1, { clicks: 60 }), link(2, { clicks: 20 }), link(3, { clicks: 1 })], T0 + H);
    data.sql.run('UPDATE links SET channel_id = 7, channel_known = 1 WHERE id IN (1, 2)');
    data.sql.run('UPDATE links SET campaign_id = NULL, campaign_known = 1 WHERE id = 3');
    const overview = await readOverview(data.mirror, null, { from: T0, to: T0 + DAY });
    expect(overview.top.map((l) => l.id)).toEqual([2, 1, 3]);
    expect(overview.movers.map((l) => l.id)).toEqual([2, 3]);
    expect(overview.channels).toEqual([{ id: 7, name: 'Social', links: 2, clicks: 80, gained: 30 }]);
    expect(overview.channelUnknown).toBe(1);
    expect(overview.campaigns).toEqual([{ id: null, name: 'No campaign', links: 1, clicks: 1, gained: 1 }]);
    expect(overview.campaignUnknown).toBe(2);
  });

  it('compares links and channels over the same buckets', async () => {
    data = tempProfileData();
    data.sql.run(`INSERT INTO channels (id, name, stored_at) VALUES (7, 'Social', 0)`);
    store(data, [link(1), link(2)], T0);
    store(data, [link(1, { clicks: 2 }), link(2, { clicks: 7 })], T0 + DAY + H);
    data.sql.run('UPDATE links SET channel_id = 7, channel_known = 1 WHERE id = 2');
    const { series } = await readComparison(data.mirror, null, { from: T0, to: T0 + 2 * DAY, step: 'day' }, [
      { kind: 'link', id: 1 },
      { kind: 'channel', id: 7 },
    ]);
    expect(series.map((s) => [s.label, s.timeline.buckets.map((b) => b.gained)])).toEqual([
      ['a1', [0, 2]],
      ['Social', [0, 7]],
    ]);
  });
});

describe('audience', () => {
  it('sums the last statistics of the links read, and says how many of how many and when', () => {
    data = tempProfileData();
    store(data, [link(1), link(2), link(3)], T0);
    data.mirror.write(['links'], () => {
      storeLinkDetails(data!.sql, details(1, 3, { DE: 1, FR: 1 }, { 'news.ycombinator.com': 2 }), T0 + H);
      storeLinkDetails(data!.sql, details(1, 4, { DE: 2, FR: 2 }, { 'news.ycombinator.com': 3 }), T0 + 2 * H);
      storeLinkDetails(data!.sql, details(2, 5, { DE: 5 }, {}), T0 + 3 * H);
    });
    const audience = readAudience(data.sql);
    expect(audience.coverage).toEqual({ links: 3, withStats: 2, oldest: T0 + 2 * H, newest: T0 + 3 * H });
    expect(audience.clicks).toBe(9);
    expect(audience.countries).toEqual({ DE: 7, FR: 2 });
    expect(audience.referrers).toEqual({ 'news.ycombinator.com': 3 });
    expect(audience.browsers).toEqual({ Chrome: 9 });
  });
});

describe('the router\'s checks of analytics calls', () => {
  it('refuses a range that ends before it starts, and more than five compared', async () => {
    const { createRouter } = await import('../../../electron/backend/router.js');
    const router = createRouter({} as never);
    const backwards = await router.dispatch('analytics:overview', { from: 10, to: 5 });
    expect(backwards).toMatchObject({ ok: false, error: { code: 'invalid-input', message: 'from: analytics range: the start must be before the end' } });
    const items = [1, 2, 3, 4, 5, 6].map((id) => ({ kind: 'link', id }));
    const six = await router.dispatch('analytics:compare', { range: { from: null, to: 5 }, items });
    expect(six).toMatchObject({ ok: false, error: { code: 'invalid-input', message: 'items: analytics: compare at most 5' } });
  });
});
