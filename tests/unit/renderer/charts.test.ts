// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import BarChart from '../../../renderer/src/components/charts/BarChart.vue';
import DoughnutChart from '../../../renderer/src/components/charts/DoughnutChart.vue';
import { chartThemeFrom, withAlpha } from '../../../renderer/src/components/charts/chart-theme.js';
import { countEntries, countSummary } from '../../../renderer/src/components/charts/count-summary.js';

describe('chart summaries', () => {
  it('orders counts largest first, ties by name, and drops what is not a number', () => {
    expect(countEntries({ b: 2, a: 2, c: 5, bad: Number.NaN })).toEqual([['c', 5], ['a', 2], ['b', 2]]);
    expect(countEntries(undefined)).toEqual([]);
  });

  it('says what a chart shows in one sentence, or that there is nothing yet', () => {
    expect(countSummary('Top countries', [['United States', 1234], ['Germany', 5]])).toBe('Top countries: United States 1,234, Germany 5.');
    expect(countSummary('Browsers', [])).toBe('Browsers: no clicks yet.');
  });

  it('gives the bar and doughnut canvases those summaries, naming empty keys', () => {
    const bar = mount(BarChart, { props: { title: 'Top referrers', entries: [['news.example', 3], ['', 1]], listTestid: 'refs' } });
    expect(bar.get('canvas').attributes('aria-label')).toBe('Top referrers: news.example 3, Unknown 1.');
    expect(bar.get('[data-testid="refs"]').text()).toMatch(/news\.example · 3\s*Unknown · 1/);
    const empty = mount(DoughnutChart, { props: { title: 'Browsers', entries: [] } });
    expect(empty.find('canvas').exists()).toBe(false);
    expect(empty.get('[role="img"]').attributes('aria-label')).toBe('Browsers: no clicks yet.');
  });
});

describe('chart theme', () => {
  it('picks the dark palette when the theme’s text is light', () => {
    const light = chartThemeFrom({ textColor2: 'rgb(51, 54, 57)', textColor3: '#999', dividerColor: '#eee', cardColor: '#fff', primaryColor: '#4f46e5' });
    const dark = chartThemeFrom({ textColor2: 'rgba(255, 255, 255, 0.82)', textColor3: '#aaa', dividerColor: '#333', cardColor: '#18181c', primaryColor: '#818cf8' });
    expect(light.dark).toBe(false);
    expect(dark.dark).toBe(true);
    expect(dark.series[0]).not.toBe(light.series[0]);
    expect(dark.text).toBe('rgba(255, 255, 255, 0.82)');
    expect(withAlpha('#4f46e5', 0.5)).toBe('rgba(79, 70, 229, 0.5)');
  });
});
