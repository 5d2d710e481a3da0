// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import type { AnalyticsOverview, ClickTimeline } from '../../../electron/shared/analytics.js';
import { coverageText, fillText, totalsFreshness } from '../../../renderer/src/components/analytics/coverage-text.js';
import TimelineChart from '../../../renderer/src/components/charts/TimelineChart.vue';
import { emptyTimelineText } from '../../../renderer/src/components/charts/timeline-data.js';
import WorldMapChart from '../../../renderer/src/components/charts/WorldMapChart.vue';

/*
 * Issue 28, item 6: an empty chart says "no clicks yet" instead of drawing a scale (the world map
 * drew every country in one colour with a legend from -1 to 1), the audience says when its
 * statistics count fewer clicks than the page, and a fill without a rate limit asks nothing.
 */

const day = (d: number) => new Date(2026, 2, d).getTime();
const timeline = (buckets: ClickTimeline['buckets']): ClickTimeline => ({ step: 'day', from: day(2), to: day(4), buckets, source: 'service', watchedSince: null });
const none = timeline([{ start: day(2), total: 0, gained: 0 }, { start: day(3), total: 0, gained: 0 }]);
const before = timeline([{ start: day(2), total: 5, gained: 0 }, { start: day(3), total: 5, gained: 0 }]);
const some = timeline([{ start: day(2), total: 5, gained: 0 }, { start: day(3), total: 7, gained: 2 }]);

describe('empty click charts', () => {
  it('say "No clicks yet." while nothing was ever counted, and "No clicks in this range." when the clicks are older', () => {
    expect(emptyTimelineText([{ label: 'All', timeline: none }], 'total')).toBe('No clicks yet.');
    expect(emptyTimelineText([{ label: 'All', timeline: none }], 'gained')).toBe('No clicks yet.');
    expect(emptyTimelineText([{ label: 'All', timeline: timeline([{ start: day(2), total: null, gained: 0 }]) }], 'total')).toBe('No clicks yet.');
    // The total line of older clicks is worth drawing; its gains are not.
    expect(emptyTimelineText([{ label: 'All', timeline: before }], 'total')).toBeNull();
    expect(emptyTimelineText([{ label: 'All', timeline: before }], 'gained')).toBe('No clicks in this range.');
    expect(emptyTimelineText([{ label: 'a', timeline: before }, { label: 'b', timeline: none }], 'total')).toBe('No clicks in this range.');
    expect(emptyTimelineText([{ label: 'All', timeline: some }], 'gained')).toBeNull();
    expect(emptyTimelineText([], 'total')).toBeNull();
  });

  it('the timeline chart shows the words and no canvas when empty, the canvas otherwise', () => {
    const empty = mount(TimelineChart, { props: { series: [{ label: 'All', timeline: none }], title: 'Clicks over time', testid: 'tl' } });
    expect(empty.find('[data-testid="tl-empty"]').text()).toBe('No clicks yet.');
    expect(empty.find('canvas').exists()).toBe(false);
    const full = mount(TimelineChart, { props: { series: [{ label: 'All', timeline: some }], title: 'Clicks over time', testid: 'tl' } });
    expect(full.find('[data-testid="tl-empty"]').exists()).toBe(false);
    expect(full.find('canvas').exists()).toBe(true);
  });

  it('the world map shows "No clicks yet." and no map (nor legend) without a country counted', () => {
    const empty = mount(WorldMapChart, { props: { title: 'Clicks by country', entries: [] } });
    const words = empty.find('[data-testid="world-map-empty"]');
    expect(words.text()).toBe('No clicks yet.');
    expect(words.attributes('aria-label')).toBe('Clicks by country: no clicks yet.');
    expect(empty.find('canvas').exists()).toBe(false);
    const zero = mount(WorldMapChart, { props: { title: 'Clicks by country', entries: [['Germany', 0]] } });
    expect(zero.find('[data-testid="world-map-empty"]').exists()).toBe(true);
    const full = mount(WorldMapChart, { props: { title: 'Clicks by country', entries: [['Germany', 3]] } });
    expect(full.find('[data-testid="world-map-empty"]').exists()).toBe(false);
    expect(full.find('canvas').exists()).toBe(true);
  });
});

describe('who clicked, beside the page\'s total', () => {
  const cov = { links: 3, withStats: 3, oldest: day(3), newest: day(3) };
  it('says how many of the page\'s clicks its statistics count when they are older than the latest clicks', () => {
    expect(coverageText(cov, { audience: 4, total: 12 })).toBe('From the statistics of 3 of 3 links, read on Mar 3, 2026. They count 4 of the 12 clicks above.');
    expect(coverageText(cov, { audience: 12, total: 12 })).toBe('From the statistics of 3 of 3 links, read on Mar 3, 2026.');
  });

  it('asks nothing without a rate limit: it only says the reading is under way', () => {
    const automatic = { left: 3, read: 0, etaMs: 750, error: null, automatic: true };
    expect(fillText({ ...automatic, running: true })).toBe('Reading the statistics of 3 links (free here: this service sets no rate limit)…');
    expect(fillText({ ...automatic, running: false })).toBe('');
  });
});

describe('the chart and the totals beside it', () => {
  const overview = (clicks: number, t: ClickTimeline): AnalyticsOverview => ({
    timeline: t, top: [], movers: [], channels: [], campaigns: [], channelUnknown: 0, campaignUnknown: 0, links: 3, clicks,
    scans: { codes: 0, scans: 0, timeline: null }, formerClicks: { clicks: 0, links: 0, sources: [] }, syncedAt: day(3) - 5 * 60_000,
  });
  it('say how fresh each is where they differ, and nothing where they agree', () => {
    expect(totalsFreshness(overview(5, some), true, day(3))).toBe('The chart counts 7 clicks now; the totals of the links below were read 5 minutes ago and say 5.');
    expect(totalsFreshness(overview(7, some), true, day(3))).toBeNull();
    // A range that ends before now: its chart stops earlier by design.
    expect(totalsFreshness(overview(5, some), false, day(3))).toBeNull();
    expect(totalsFreshness(overview(5, { ...some, source: 'mirror' }), true, day(3))).toBeNull();
  });
});
