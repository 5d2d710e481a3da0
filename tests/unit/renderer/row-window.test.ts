// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import { mount } from '@vue/test-utils';
import { offsetToShow, rowRange, useRowWindow, type RowWindow } from '../../../renderer/src/components/links-list/row-window.js';

/**
 * The Links list's window over rows of one height (issue 43): which rows a scrolled box draws,
 * and that a new count costs the rows drawn, not one entry per row of the query.
 */
describe('rowRange', () => {
  it('draws the rows in sight and `overscan` more either side, within the query', () => {
    // A 425 px box at the top: rows 0–8 in sight (the ninth cut), five more below, none above.
    expect(rowRange(0, 425, 100_000, 48, 5)).toEqual([0, 13]);
    // Scrolled to row 100 and a half: rows 100–109 in sight.
    expect(rowRange(100.5 * 48, 425, 100_000, 48, 5)).toEqual([95, 114]);
    // Near the end the window stops at the last row.
    expect(rowRange(99_995 * 48, 425, 100_000, 48, 5)).toEqual([99_990, 99_999]);
    // Fewer rows than the box holds; none at all.
    expect(rowRange(0, 425, 3, 48, 5)).toEqual([0, 2]);
    expect(rowRange(0, 425, 0, 48, 5)).toEqual([0, -1]);
  });

  it('keeps a row whose top is exactly at the box\'s bottom out of sight', () => {
    expect(rowRange(0, 480, 1000, 48, 0)).toEqual([0, 9]);
    expect(rowRange(48, 480, 1000, 48, 0)).toEqual([1, 10]);
  });
});

describe('offsetToShow', () => {
  it('scrolls as little as shows the row whole, and not at all when it is', () => {
    expect(offsetToShow(5, 480, 425, 48)).toBe(240); // above: its top at the box's top
    expect(offsetToShow(30, 480, 425, 48)).toBe(31 * 48 - 425); // below: its bottom at the box's bottom
    expect(offsetToShow(12, 480, 425, 48)).toBe(480); // in sight
  });
});

describe('useRowWindow', () => {
  function mountWindow(count: () => number) {
    let api: RowWindow | undefined;
    const Host = defineComponent({
      setup() {
        const scroller = ref<HTMLElement | null>(null);
        api = useRowWindow(scroller, count, { rowHeight: 48, overscan: 5, fallbackHeight: 600 });
        return () => h('div', { ref: scroller, style: 'height: 600px; overflow-y: auto' }, [h('div', { style: `height: ${api!.totalSize.value}px` })]);
      },
    });
    const wrapper = mount(Host, { attachTo: document.body });
    return { wrapper, api: api as RowWindow, el: wrapper.element as HTMLElement };
  }

  it('follows the box\'s scroll, and draws the same rows (the same array) while no row enters or leaves', async () => {
    const { api, el, wrapper } = mountWindow(() => 1000);
    // No layout in a test DOM: the box counts as the fallback's height.
    expect(api.viewportHeight()).toBe(600);
    const atTop = api.rows.value;
    expect(atTop.map((r) => r.index)).toEqual(Array.from({ length: 18 }, (_, i) => i));
    expect(atTop[3]).toEqual({ index: 3, start: 144 });

    el.scrollTop = 10; // less than a row: nothing enters
    el.dispatchEvent(new Event('scroll'));
    await nextTick();
    expect(api.rows.value).toBe(atTop);

    el.scrollTop = 60 * 48;
    el.dispatchEvent(new Event('scroll'));
    await nextTick();
    expect(api.rows.value[0]).toEqual({ index: 55, start: 55 * 48 });
    expect(api.scrollOffset()).toBe(60 * 48);
    wrapper.unmount();
  });

  it('makes a new count cost the rows drawn: 100,000 rows give the same window as 100', async () => {
    const count = ref(100);
    const { api, wrapper } = mountWindow(() => count.value);
    expect(api.rows.value).toHaveLength(18);
    count.value = 100_000;
    await nextTick();
    expect(api.rows.value).toHaveLength(18);
    expect(api.totalSize.value).toBe(4_800_000);
    count.value = 7;
    await nextTick();
    expect(api.rows.value.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    wrapper.unmount();
  });

  it('scrolls to a row only when it is out of sight, and draws it at once', async () => {
    const { api, el, wrapper } = mountWindow(() => 1000);
    api.scrollToIndex(3);
    expect(el.scrollTop).toBe(0);
    api.scrollToIndex(40);
    expect(el.scrollTop).toBe(41 * 48 - 600);
    // Drawn before any scroll event: a keyboard move shows its row in the same frame.
    expect(api.rows.value.some((r) => r.index === 40)).toBe(true);
    api.scrollToOffset(0);
    expect(api.rows.value[0]?.index).toBe(0);
    wrapper.unmount();
  });
});
