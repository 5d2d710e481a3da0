// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import type { ClickTimeline } from '../../../electron/shared/analytics.js';
import { inLanguage } from '../../support/mount-in-language.js';
import AnalyticsGroups from '../../../renderer/src/components/analytics/AnalyticsGroups.vue';
import AnalyticsCompare from '../../../renderer/src/components/analytics/AnalyticsCompare.vue';
import AnalyticsRangePicker from '../../../renderer/src/components/analytics/AnalyticsRangePicker.vue';
import WorldMapChart from '../../../renderer/src/components/charts/WorldMapChart.vue';
import BarChart from '../../../renderer/src/components/charts/BarChart.vue';
import { coverageText, fillText } from '../../../renderer/src/components/analytics/coverage-text.js';
import { gainedSummary, timelineCsvRows, totalSummary } from '../../../renderer/src/components/charts/timeline-data.js';

/*
 * The Analytics view and its charts in German (issue 44): headings, plurals with one and with
 * several, numbers and dates in German formats, country names from Intl.DisplayNames, and the
 * charts' spoken summaries; CSV headers stay English.
 */

inLanguage('de');

const day = (d: number) => new Date(2026, 2, d).getTime();
const timeline: ClickTimeline = {
  step: 'day',
  from: day(2),
  to: day(5),
  source: 'service',
  watchedSince: null,
  buckets: [
    { start: day(2), total: 1200, gained: 3 },
    { start: day(3), total: 1200, gained: 0 },
    { start: day(4), total: 1234, gained: 34 },
  ],
};

function expectNoEnglish(wrapper: VueWrapper): void {
  const text = wrapper.text() + wrapper.findAll('[aria-label]').map((e) => e.attributes('aria-label')).join(' ');
  expect(text).not.toMatch(/\b(analytics|charts)\.[a-z]/);
  expect(text).not.toMatch(/\b(Clicks|clicks|links?|Compare|Show|Custom|First day|Tick|chosen|not counted)\b/);
}

describe('Analytics in German', () => {
  it('says the timelines in German, with German dates and numbers', () => {
    expect(totalSummary([{ label: 'Alle Links', timeline }])).toBe(
      'Klicks im Zeitverlauf, täglich vom 02.03.2026 bis 04.03.2026: 1.234 Klicks insgesamt, 37 im Zeitraum hinzugekommen.',
    );
    expect(gainedSummary(timeline)).toBe('Hinzugekommene Klicks pro Tag: 37 insgesamt, die meisten am 04.03.2026 (34).');
    // The export keeps its English, machine-readable header whatever the language.
    expect(timelineCsvRows([{ label: 'Alle Links', csvLabel: 'All links', timeline }])[0]).toEqual(['start', 'All links total', 'All links gained']);
  });

  it('counts with German plurals: one link and several', () => {
    expect(coverageText({ links: 1, withStats: 1, oldest: day(3), newest: day(3) })).toBe('Aus den Statistiken von 1 von 1 Link, gelesen am 03.03.2026.');
    expect(coverageText({ links: 10_000, withStats: 2_340, oldest: null, newest: null })).toBe('Aus den Statistiken von 2.340 von 10.000 Links.');
    expect(fillText({ running: false, left: 1, read: 0, etaMs: null, error: null, automatic: false })).toBe(
      '1 Link hat hier noch keine Statistiken: Sie zu lesen braucht 1 Anfrage (eine pro Link) mit freiem Kontingent.',
    );
    const groups = mount(AnalyticsGroups, {
      props: {
        title: 'Kanäle',
        kind: 'channel',
        groups: [
          { id: 1, name: 'Newsletter', links: 1, clicks: 1, gained: 0 },
          { id: 2, name: 'Social', links: 12, clicks: 1234, gained: 5 },
        ],
        unknown: 3,
        isCompared: () => false,
        compareFull: false,
      },
    });
    const rows = groups.findAll('[data-testid="analytics-group-row"]').map((r) => r.text());
    expect(rows[0]).toContain('1 Link · 1 Klick · +0');
    expect(rows[1]).toContain('12 Links · 1.234 Klicks · +5');
    expect(groups.get('[data-testid="analytics-group-unknown"]').text()).toBe(
      '3 Links werden nicht gezählt: Der Kanal eines Links ist bekannt, sobald seine Details gelesen sind.',
    );
    expectNoEnglish(groups);
  });

  it('names countries in German (Intl.DisplayNames) and keeps the service’s names in the CSV', () => {
    const map = mount(WorldMapChart, { props: { title: 'Klicks nach Land', entries: [['Germany', 5], ['United States', 2], ['Tuvalu', 1]] } });
    expect(map.get('canvas').attributes('aria-label')).toBe('Klicks nach Land: Deutschland 5, Vereinigte Staaten 2 und Tuvalu 1.');
    const empty = mount(BarChart, { props: { title: 'Top-Verweise', entries: [] } });
    expect(empty.text()).toContain('Noch keine Klicks.');
    expect(empty.get('[role="img"]').attributes('aria-label')).toBe('Top-Verweise: noch keine Klicks.');
  });

  it('shows the range picker and the comparison in German', async () => {
    const picker = mount(AnalyticsRangePicker, { props: { choice: { preset: '30d' } } });
    expect(picker.get('[data-testid="analytics-preset-30d"]').text()).toBe('30 T.');
    await picker.get('[data-testid="analytics-preset-custom"]').trigger('click');
    expect(picker.text()).toContain('Erster Tag');
    expectNoEnglish(picker);
    const compare = mount(AnalyticsCompare, { props: { comparison: null, count: 2, error: null } });
    expect(compare.text()).toContain('2 von 5 ausgewählt.');
    expectNoEnglish(compare);
  });
});
