import { describe, expect, it } from 'vitest';
import type { ClickTimeline } from '../../../electron/shared/analytics.js';
import { coverageText, fillText } from '../../../renderer/src/components/analytics/coverage-text.js';
import { gainedSummary, timelineCsvRows, totalSummary } from '../../../renderer/src/components/charts/timeline-data.js';
import { countsByFeature } from '../../../renderer/src/components/charts/world-countries.js';
import { customRangeProblem, localMidnight, toRange } from '../../../renderer/src/stores/analytics-range.js';

/* What the Analytics view says in words (aria-labels, coverage, the fill's ETA) and writes as CSV. */

const day = (d: number) => new Date(2026, 2, d).getTime();
const timeline = (buckets: ClickTimeline['buckets']): ClickTimeline => ({ step: 'day', from: day(2), to: day(5), buckets, source: 'service', watchedSince: null });
const t = timeline([
  { start: day(2), total: 4, gained: 3 },
  { start: day(3), total: 4, gained: 0 },
  { start: day(4), total: 7, gained: 3 },
]);

describe('timeline summaries and CSV', () => {
  it('says the total, the gains and the busiest step', () => {
    expect(totalSummary([{ label: 'All links', timeline: t }])).toBe('Clicks over time, daily from Mar 2, 2026 to Mar 4, 2026: 7 clicks in all, 6 gained in the range.');
    expect(gainedSummary(t)).toBe('Clicks gained per day: 6 in all, most on Mar 2, 2026 (3).');
    expect(totalSummary([{ label: 'a', timeline: t }, { label: 'b', timeline: timeline([{ start: day(2), total: 1, gained: 1 }]) }])).toBe(
      'Clicks gained, daily from Mar 2, 2026 to Mar 4, 2026: a 6, b 1.',
    );
  });

  it('writes one CSV row per step with each series\' total and gain (an unknown total left empty)', () => {
    const rows = timelineCsvRows([{ label: 'All', timeline: timeline([{ start: day(2), total: null, gained: 0 }, { start: day(3), total: 2, gained: 2 }]) }]);
    expect(rows).toEqual([
      ['start', 'All total', 'All gained'],
      [new Date(day(2)).toISOString(), '', 0],
      [new Date(day(3)).toISOString(), 2, 2],
    ]);
  });
});

describe('ranges', () => {
  it('refuses a custom range in words and includes its last day', () => {
    expect(customRangeProblem('', '2026-03-04')).toBe('Enter the first day as a date.');
    expect(customRangeProblem('2026-03-05', '2026-03-04')).toBe('The last day must not be before the first.');
    expect(customRangeProblem('2026-02-30', '2026-03-04')).toBe('Enter the first day as a date.');
    const range = toRange({ custom: { from: '2026-03-02', to: '2026-03-04' } }, day(10));
    expect(range).toMatchObject({ from: localMidnight('2026-03-02'), to: localMidnight('2026-03-05') });
    expect(toRange({ preset: 'all' }, day(10)).from).toBeNull();
    expect(toRange({ preset: '7d' }, day(10)).from).toBe(day(10) - 7 * 86_400_000);
  });
});

describe('coverage and the fill', () => {
  it('says of how many links the statistics are, and when they were read', () => {
    expect(coverageText({ links: 10_000, withStats: 2_340, oldest: day(1), newest: day(4) })).toBe(
      `From the statistics of ${(2340).toLocaleString()} of ${(10000).toLocaleString()} links, read between Mar 1, 2026 and Mar 4, 2026.`,
    );
    expect(coverageText({ links: 2, withStats: 0, oldest: null, newest: null })).toBe("No statistics read yet: none of the 2 links' details have been synced to this computer.");
  });

  it('gives the fill\'s cost in requests and its ETA', () => {
    expect(fillText({ running: false, left: 10, read: 0, etaMs: 5 * 60_000, error: null, automatic: false })).toBe(
      '10 links have no statistics here yet: reading them takes 10 requests (one per link), about 5 min with spare budget.',
    );
    expect(fillText({ running: true, left: 3, read: 7, etaMs: 30_000, error: null, automatic: false })).toBe(
      'Reading statistics with spare budget: 7 read, 3 requests (one per link) to go, less than a minute left.',
    );
  });
});

describe('the world map', () => {
  it('finds the shapes of the service\'s country names, and lists the countries without one', () => {
    const { values, unmapped } = countsByFeature([['United States', 2], ['Congo - Kinshasa', 1], ['Germany', 1], ['Tuvalu', 1]]);
    const byName = Object.fromEntries([...values].map(([f, n]) => [f.properties.name, n]));
    expect(byName).toEqual({ 'United States of America': 2, 'Dem. Rep. Congo': 1, Germany: 1 });
    expect(unmapped).toEqual([['Tuvalu', 1]]);
  });
});
