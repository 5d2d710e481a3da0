// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import BarChart from '../../../renderer/src/components/charts/BarChart.vue';
import WorldMapChart from '../../../renderer/src/components/charts/WorldMapChart.vue';

/* Issue 37, item 5: charts without data say so instead of drawing a scale or a legend of nothing. */

describe('charts without data', () => {
  it('a bar chart whose counts are all zero (social networks never shared) says there is nothing yet', () => {
    const w = mount(BarChart, { props: { title: 'Social networks', entries: [['facebook', 0], ['twitter', 0]], empty: 'no shares yet' } });
    expect(w.find('canvas').exists()).toBe(false);
    expect(w.find('.bar-chart__empty').text()).toBe('No shares yet.');
  });

  it('the world map with clicks on no country it knows draws no map and says why', () => {
    const w = mount(WorldMapChart, { props: { title: 'Clicks by country', entries: [['Unknown', 5]] } });
    expect(w.find('[data-testid="world-map-canvas"]').exists()).toBe(false);
    expect(w.find('[data-testid="world-map-empty"]').text()).toBe('No click has a country the map knows yet.');
  });
});
