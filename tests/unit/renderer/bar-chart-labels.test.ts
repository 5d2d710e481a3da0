// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import BarChart from '../../../renderer/src/components/charts/BarChart.vue';
import { axisLabel } from '../../../renderer/src/components/charts/count-summary.js';

/*
 * Issue 37, item 5: a long referrer on the Analytics referrers chart was clipped on the left (its
 * scheme and host lost). Its axis label is now cut in the middle: the start and the end stay, the
 * label fits; the list under the chart keeps the whole address.
 */

const LONG = 'https://news.ycombinator-mirror.example.org/item/discussion/about-linkdeck-12345';

describe('a long referrer label on a bar chart', () => {
  it('is shortened in the middle: its start (scheme and host) and its end kept, one ellipsis between', () => {
    const label = axisLabel(LONG);
    expect(label.length).toBeLessThanOrEqual(34);
    expect(label.startsWith('https://news.ycombin')).toBe(true);
    expect(label.endsWith('linkdeck-12345'.slice(-13))).toBe(true);
    expect(label.split('…')).toHaveLength(2);
    expect(label).not.toBe(LONG.slice(-34));
  });

  it('is left whole when it fits, and whole in the chart’s list', () => {
    expect(axisLabel('google.com')).toBe('google.com');
    expect(axisLabel('x'.repeat(34))).toBe('x'.repeat(34));
    const w = mount(BarChart, { props: { title: 'Referrers', entries: [[LONG, 3], ['google.com', 1]], listTestid: 'referrers-list' } });
    expect(w.findAll('[data-testid="referrers-list"] li').map((li) => li.text())).toEqual([`${LONG} · 3`, 'google.com · 1']);
  });
});
